import { describe, expect, it } from 'vitest';
import { roomsPath } from '../api/get-rooms.ts';
import { DEFAULT_STEPS, fallbackImageFor, withGuideDefaults, withRoomDefaults, withRoomsDefaults } from './guide-defaults.ts';

describe('guide defaults (001 section 5)', () => {
  it('fills a room with the spec defaults when fields are missing', () => {
    expect(withRoomDefaults({})).toMatchObject({
      name: 'Unnamed Room',
      slug: 'unnamed-room',
      cost_range: { min: 500, max: 5000 },
      duration_days: '5-7',
      roi_percentage: 18,
    });
    expect(withRoomDefaults({ name: 'Sun Room' }).slug).toBe('sun-room');
  });

  it('keeps a null ROI as "no figure" instead of inventing the default', () => {
    expect(withRoomDefaults({ name: 'Garage', roi_percentage: null }).roi_percentage).toBeNull();
  });

  it('gives a guide five default steps, a lighting warning and four FAQs quoting 15-25%', () => {
    const guide = withGuideDefaults({ room: withRoomDefaults({ name: 'Attic' }), content: undefined });
    expect(guide.steps).toBe(DEFAULT_STEPS);
    expect(guide.steps.split('\n')).toHaveLength(5);
    expect(guide.mistakes).toMatch(/lighting/i);
    expect(guide.faqs).toHaveLength(4);
    expect(guide.faqs.map((faq) => faq.answer).join(' ')).toContain('15-25%');
  });

  it('reads a bare array as a flat list', () => {
    expect(withRoomsDefaults([{ name: 'Loft' }])).toMatchObject({ rooms: [{ name: 'Loft', slug: 'loft' }], featured_rooms: [] });
  });

  it('falls back to a stock image chosen by the room name', () => {
    expect(fallbackImageFor('Guest Bedroom').image).toContain('bedroom');
    expect(fallbackImageFor('Kitchen').image).toContain('dining');
    expect(fallbackImageFor('Study and Home Library').image).toContain('office');
    // Garages, closets and storage rooms show the rendered laundry room; bathrooms and porches have their own.
    expect(fallbackImageFor('Garage').image).toContain('laundry');
    expect(fallbackImageFor('Primary Bathroom').image).toContain('bath');
    expect(fallbackImageFor('Patio and Deck').image).toContain('porch');
    // A name matching no room gets the living room.
    expect(fallbackImageFor('Loft').image).toContain('living');
  });

  it('leaves the category out for all and the search out when empty', () => {
    expect(roomsPath({ category: 'all', search: '  ' })).toBe('/staging/rooms/');
    expect(roomsPath({ category: 'bathrooms', search: 'small bath' })).toBe('/staging/rooms/?category=bathrooms&search=small+bath');
  });
});
