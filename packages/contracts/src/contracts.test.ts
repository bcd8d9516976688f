import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index.ts';

describe('contracts', () => {
  it('has the 16 themes of 001 section 9 and no 17th, bohemian the default', () => {
    expect(contracts.THEME_KEYS).toHaveLength(16);
    expect(new Set(contracts.THEME_KEYS).size).toBe(16);
    expect(contracts.THEME_KEYS).toContain(contracts.DEFAULT_THEME);
  });

  it('charges exactly the credit table of DECISIONS.md', () => {
    expect(contracts.CREDIT_COSTS).toMatchObject({
      object_detection: 1,
      manual_object_marking: 0,
      removal: 1,
      replacement: 2,
      furniture_placement: 1,
      themed_placement: 2,
      custom_furniture_placement: 1,
      wall_material_change: 1,
      drawing_add_furniture: 2,
      drawing_erase: 1,
      enhancement_4k: 3,
      enhancement_8k: 5,
      inspiration_restyle: 1,
    });
    expect(contracts.PAID_PLANS_START_FROM).toBe(15);
  });

  it('gives each plan what DECISIONS.md "Plans" says, and the free plan to an unknown one', () => {
    expect(contracts.PLAN_ENTITLEMENTS).toEqual({
      free: { watermark: true, designHistory: false, brandingApply: false, rushProcessing: false, rooms: 2 },
      paid: { watermark: false, designHistory: true, brandingApply: false, rushProcessing: false, rooms: null },
      pro: { watermark: false, designHistory: true, brandingApply: true, rushProcessing: true, rooms: null },
    });
    expect(contracts.entitlementsOf(null)).toBe(contracts.PLAN_ENTITLEMENTS.free);
    expect(contracts.entitlementsOf('pro').rushProcessing).toBe(true);
  });

  it('lets a history step without a point or a result carry nulls', () => {
    const step = {
      placement_id: 'p1',
      furniture_type: 'enhance_4k',
      theme_key: null,
      timestamp: '2026-11-25T12:00:00.000Z',
      coordinates_x: null,
      coordinates_y: null,
      size_scale: null,
      result_image_url: null,
      action: 'enhancement_4k',
    };
    expect(contracts.placementRecord.parse(step)).toEqual(step);
  });

  it('builds the odd paths exactly as the spec writes them', () => {
    expect(contracts.BILLING_ROUTES.subscribe({ pk: 7, email: 'a+b@x.co', username: 'ann' }, 'price_1')).toBe(
      '/api/subscribe/user=7&email=a%2Bb%40x.co&name=ann&price_id=price_1',
    );
    expect(contracts.BILLING_ROUTES.paymentSuccessful(7)).toBe('/api/payment-successful/user=7');
    expect(contracts.INSPIRATION_ROUTES.historyPredictions(7)).toBe('/api/history-predictions/user=7');
    expect(contracts.INSPIRATION_ROUTES.transformRoom(7)).toBe('/api/transform-room-bis/user=7');
    expect(contracts.HISTORY_ROUTES.deleteSession('abc')).toBe('/api/design-history/abc/delete/');
  });

  it('reads a detection in natural pixels with a confidence between 0 and 1', () => {
    const parsed = contracts.detection.parse({ id: 1, class_name: 'sofa', bbox: [10, 20, 300, 200], confidence: 0.91 });
    expect(parsed.bbox).toEqual([10, 20, 300, 200]);
    expect(contracts.detection.safeParse({ id: 1, class_name: 'sofa', bbox: [1, 2, 3], confidence: 0.5 }).success).toBe(false);
    expect(contracts.detection.safeParse({ id: 1, class_name: 'sofa', bbox: [1, 2, 3, 4], confidence: 91 }).success).toBe(false);
  });

  it('accepts image data URLs only, and refuses a blank erase mask with the spec message', () => {
    expect(contracts.imageData.safeParse('data:image/png;base64,iVBORw0KGgo=').success).toBe(true);
    expect(contracts.imageData.safeParse('https://example.com/room.jpg').success).toBe(false);
    expect(contracts.imageData.safeParse('data:image/svg+xml;base64,PHN2Zz4=').success).toBe(false);
    const erase = contracts.eraseFromDrawnAreaRequest.safeParse({
      image_data: 'data:image/png;base64,AAAA',
      mask_image: 'data:image/png;base64,',
    });
    expect(erase.success).toBe(false);
    expect(erase.error?.issues[0]?.message).toBe('Please draw over the area you want to erase');
  });

  it('keeps placement inside the size slider range and defaults it to 1', () => {
    const base = {
      image_data: 'data:image/png;base64,AAAA',
      x: 10,
      y: 20,
      image_width: 100,
      image_height: 80,
      furniture_type: 'sofa',
    };
    expect(contracts.placeFurnitureRequest.parse(base).size_scale).toBe(1);
    expect(contracts.placeFurnitureRequest.safeParse({ ...base, size_scale: 2.5 }).success).toBe(false);
    expect(
      contracts.placeThemedFurnitureRequest.safeParse({ ...base, theme_key: 'vaporwave', furniture_item: 'sofa' }).success,
    ).toBe(false);
  });

  it('never allows a guide with the slug "rooms"', () => {
    const guide = {
      name: 'Rooms',
      slug: 'rooms',
      description: '',
      category: 'dining',
      hero_image: null,
      before_image: null,
      after_image: null,
      image_alts: { hero: '', before: '', after: '' },
      featured: false,
      cost_range: { min: 500, max: 5000 },
      duration_days: '5-7',
      roi_percentage: 18,
    };
    expect(contracts.roomGuide.safeParse(guide).success).toBe(false);
    expect(contracts.roomGuide.safeParse({ ...guide, slug: 'living-room' }).success).toBe(true);
  });

  it('turns every exported schema into JSON Schema for the OpenAPI document', () => {
    const schemas: Array<[string, z.ZodType]> = [];
    for (const [name, value] of Object.entries(contracts)) if (value instanceof z.ZodType) schemas.push([name, value]);
    expect(schemas.length).toBeGreaterThan(60);
    for (const [name, schema] of schemas) {
      expect(() => z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }), name).not.toThrow();
    }
  });

  it('bounds every string of every request schema', () => {
    const requestSchemas: Array<[string, z.ZodType]> = [];
    for (const [name, value] of Object.entries(contracts))
      if (/(Request|Query|Fields|Params)$/.test(name) && value instanceof z.ZodType) requestSchemas.push([name, value]);
    expect(requestSchemas.length).toBeGreaterThan(25);
    const unbounded: string[] = [];
    const visit = (node: unknown, where: string) => {
      if (Array.isArray(node)) node.forEach((item, index) => visit(item, `${where}[${index}]`));
      else if (node && typeof node === 'object') {
        const record = node as Record<string, unknown>;
        const fixedLength = record.format === 'uuid' || Array.isArray(record.enum) || record.const !== undefined;
        if (record.type === 'string' && typeof record.maxLength !== 'number' && !fixedLength)
          unbounded.push(where);
        for (const [key, value] of Object.entries(record)) visit(value, `${where}.${key}`);
      }
    };
    for (const [name, schema] of requestSchemas) visit(z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }), name);
    expect(unbounded).toEqual([]);
  });

  it('refuses NUL and control characters in request strings, naming the field', () => {
    const login = contracts.loginRequest.safeParse({ email: 'ann\u0000@example.com', password: 'x' });
    expect(login.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['email', 'Null characters are not allowed.'],
    ]);
    const tab = contracts.registerRequest.safeParse({
      username: 'ann\u0007',
      email: 'ann@example.com',
      password: 'a long passphrase',
      password2: 'a long passphrase',
      medium: 'Reddit',
    });
    expect(tab.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['username', 'Control characters are not allowed.'],
    ]);
    // Line breaks belong in free text, not in a name.
    expect(contracts.consultationRequest.safeParse({ name: 'Ann', email: 'a@b.co', message: 'Hi,\nthanks', room_slug: 'x' }).success).toBe(true);
    expect(contracts.updateProfileRequest.safeParse({ first_name: 'Ann\nMarie' }).success).toBe(false);
    const event = contracts.conversionEventRequest.safeParse({ event_type: 'pricing_page_view', metadata: { page: { url: 'a\u0000' } } });
    expect(event.error?.issues[0]?.message).toBe('Null characters are not allowed.');
    // Half a UTF-16 pair (JSON "\\ud800") cannot go into jsonb: refused in metadata keys, values and strings.
    const lone = contracts.trackActionRequest.safeParse(JSON.parse('{"action":"ENHANCEMENT_SUCCESS","metadata":{"constructor":"\\ud800"}}'));
    expect(lone.error?.issues[0]?.message).toBe('Text must be valid Unicode.');
    expect(contracts.trackActionRequest.safeParse(JSON.parse('{"action":"ENHANCEMENT_SUCCESS","metadata":{"\\udc00":1}}')).success).toBe(false);
    expect(contracts.trackActionRequest.safeParse({ action: 'ENHANCEMENT_SUCCESS', metadata: { room: 'sofa \u{1F6CB}' } }).success).toBe(true);
    expect(contracts.updateProfileRequest.safeParse({ first_name: 'Ann\ud800' }).success).toBe(false);
    expect(contracts.imageData.safeParse('/media/AAAAAAAAAAAAAAAAAAAAAA?expires=1\u0000').success).toBe(false);
  });

  it('refuses over-long strings with the limit in the message, and huge metadata', () => {
    const long = contracts.emailRequest.safeParse({ email: `${'a'.repeat(250)}@example.com` });
    expect(long.error?.issues[0]?.message).toBe('Ensure this field has no more than 254 characters.');
    expect(contracts.loginRequest.safeParse({ email: 'a@b.co', password: 'p'.repeat(257) }).success).toBe(false);
    const metadata = { blob: 'x'.repeat(contracts.STRING_LIMITS.metadataBytes) };
    expect(contracts.trackActionRequest.safeParse({ action: 'LAYOUT_CREATED', metadata }).success).toBe(false);
    expect(contracts.trackActionRequest.safeParse({ action: 'LAYOUT_CREATED', metadata: { ok: 1 } }).success).toBe(true);
  });
});
