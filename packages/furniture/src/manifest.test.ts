import { existsSync } from 'node:fs';
import { THEME_KEYS } from '@stagecraft/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  DRAWING_FURNITURE_TYPES,
  FURNITURE_TYPE_LABELS,
  FURNITURE_TYPES,
  findSprite,
  frontView,
  furnitureManifest,
  spriteFile,
  themeFurniture,
} from './manifest.ts';

/** Each theme must offer at least this many rendered pieces (issue 6). */
const MIN_PIECES_PER_THEME = 8;
/** True only while `npm run assets:render` is filling the library; the count check is then reported, not enforced. */
const RENDERS_IN_PROGRESS = false;

describe('furniture manifest', () => {
  const manifest = furnitureManifest();

  it('has sprites, with unique ids', () => {
    expect(manifest.length).toBeGreaterThan(0);
    expect(new Set(manifest.map((sprite) => sprite.id)).size).toBe(manifest.length);
  });

  it('points only to files that exist', () => {
    const missing = manifest.flatMap((sprite) =>
      (['image', 'shadow'] as const).map((which) => spriteFile(sprite, which)).filter((path) => !existsSync(path)),
    );
    expect(missing).toEqual([]);
  });

  it('has image and shadow of the same pixel size, the size the manifest states', async () => {
    const mismatches: string[] = [];
    for (const sprite of manifest) {
      const [image, shadow] = await Promise.all([
        sharp(spriteFile(sprite, 'image')).metadata(),
        sharp(spriteFile(sprite, 'shadow')).metadata(),
      ]);
      if (!image.hasAlpha) mismatches.push(`${sprite.id}: image has no alpha`);
      if (image.width !== shadow.width || image.height !== shadow.height)
        mismatches.push(`${sprite.id}: image ${image.width}x${image.height}, shadow ${shadow.width}x${shadow.height}`);
      if (image.width !== sprite.width || image.height !== sprite.height)
        mismatches.push(`${sprite.id}: manifest says ${sprite.width}x${sprite.height}, file is ${image.width}x${image.height}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('places the floor contact inside the sprite, in its lower part, with a scale that fits the real size', () => {
    for (const sprite of manifest) {
      expect(sprite.contact.x, sprite.id).toBeGreaterThan(0);
      expect(sprite.contact.x, sprite.id).toBeLessThan(sprite.width);
      expect(sprite.contact.y, sprite.id).toBeGreaterThan(sprite.height * 0.3);
      expect(sprite.contact.y, sprite.id).toBeLessThan(sprite.height);
      // The piece's largest dimension, at the contact's scale, spans a sensible share of the frame (the frame is
      // fitted to the piece; styling props on top can make it taller than the piece itself).
      const spanPx = sprite.pxPerCm * Math.max(sprite.sizeCm.width, sprite.sizeCm.depth, sprite.sizeCm.height);
      expect(spanPx / Math.max(sprite.width, sprite.height), sprite.id).toBeGreaterThan(0.35);
      expect(spanPx / Math.max(sprite.width, sprite.height), sprite.id).toBeLessThan(1.3);
    }
  });

  it('lists as furniture types exactly the types that have a sprite, each findable without a theme', () => {
    expect(FURNITURE_TYPES).toEqual(Object.keys(FURNITURE_TYPE_LABELS).filter((type) => manifest.some((s) => s.type === type)));
    for (const type of FURNITURE_TYPES) expect(findSprite({ type })?.type).toBe(type);
    expect(DRAWING_FURNITURE_TYPES).toEqual(FURNITURE_TYPES);
    expect(findSprite({ type: 'spaceship' })).toBeUndefined();
  });

  it("offers for each theme only types rendered for that theme, in that theme's style", () => {
    for (const theme of THEME_KEYS) {
      for (const type of themeFurniture(theme)) {
        const sprite = findSprite({ type, theme });
        expect(sprite, `${theme}/${type}`).toBeDefined();
        expect(sprite?.theme).toBe(theme);
        expect(existsSync(spriteFile(sprite!, 'image')), `${theme}/${type}`).toBe(true);
      }
    }
  });

  it('pairs every front view with the three-quarter view of the same piece, and never offers it on its own', () => {
    const fronts = manifest.filter((sprite) => sprite.view === 'front');
    expect(fronts.length).toBeGreaterThan(0);
    for (const front of fronts) {
      const piece = manifest.find((sprite) => `${sprite.id}-front` === front.id);
      expect(piece, front.id).toBeDefined();
      expect(piece?.view).toBe('three-quarter');
      expect(frontView(piece!)).toBe(front);
      expect([front.theme, front.type]).toEqual([piece?.theme, piece?.type]);
      expect(front.cameraAzimuthDeg, front.id).toBe(0);
    }
    for (const type of FURNITURE_TYPES) expect(findSprite({ type })?.view).toBe('three-quarter');
  });

  it(`gives every theme at least ${MIN_PIECES_PER_THEME} pieces`, (context) => {
    const counts = Object.fromEntries(THEME_KEYS.map((theme) => [theme, themeFurniture(theme).length]));
    const short = Object.entries(counts).filter(([, count]) => count < MIN_PIECES_PER_THEME);
    if (short.length > 0 && RENDERS_IN_PROGRESS) {
      console.warn(`skipped while the library renders (npm run assets:render); pieces per theme: ${JSON.stringify(counts)}`);
      context.skip();
    }
    expect(short, `pieces per theme: ${JSON.stringify(counts)}`).toEqual([]);
  });
});
