import { BRANDING_ROUTES } from '@stagecraft/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { studioUser } from '../../../test/studio.ts';

/**
 * A logo on a white background, lifted off it on upload by the engine's cutoutMark through the worker pool (a
 * colour key on a plain page; ISNet only for other backgrounds, so no model loads here). The embedded database
 * only, since the database plays no part in the pixels.
 */

/** A navy disc with a gold house on it, centred on a 480x320 white page: what a scanned or exported logo is. */
const logoOnWhite = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320">
        <rect width="480" height="320" fill="#ffffff"/>
        <circle cx="240" cy="160" r="100" fill="#1d2b53"/>
        <polygon points="240,95 305,150 285,150 285,215 195,215 195,150 175,150" fill="#e8b64c"/>
      </svg>`,
    ),
  )
    .png()
    .toBuffer();

async function multipart(fields: Record<string, string>, file: Buffer, headers: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('image_file', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'logo.png');
  const request = new Request('http://branding.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { ...headers, 'content-type': request.headers.get('content-type') ?? '' },
  };
}

describe('branding: background removal on upload', () => {
  let handle: Awaited<ReturnType<typeof createTestApp>>;
  let ctx: TestContext;
  beforeAll(async () => {
    handle = await createTestApp('pglite');
    ctx = handle.context;
  }, 60_000);
  afterAll(async () => handle?.close());

  it('lifts a logo off its white page: transparent around the disc, opaque on it, trimmed to it', async () => {
    const user = await studioUser(ctx, { plan: 'free' });
    const upload = await ctx.app.inject({
      method: 'POST',
      url: BRANDING_ROUTES.assets,
      ...(await multipart({ asset_type: 'logo', name: 'Acme', remove_background: 'true' }, await logoOnWhite(), user.headers)),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const served = await ctx.app.inject({ method: 'GET', url: upload.json().asset.image_url });
    expect(served.headers['content-type']).toBe('image/png');
    const { data, info } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    // Trimmed to the 200 px disc (a few pixels of soft edge either way), not the 480x320 page.
    expect(info.width).toBeGreaterThan(185);
    expect(info.width).toBeLessThan(225);
    expect(info.height).toBeGreaterThan(185);
    expect(info.height).toBeLessThan(225);
    const alpha = (x: number, y: number) => data[(y * info.width + x) * 4 + 3]!;
    const rgb = (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 3)];
    const [cx, cy] = [Math.floor(info.width / 2), Math.floor(info.height / 2)];
    // The house and the disc are kept, in their colours...
    expect(alpha(cx, cy)).toBe(255);
    expect(rgb(cx, cy + 30)).toEqual([0xe8, 0xb6, 0x4c]);
    expect(alpha(cx - 80, cy)).toBeGreaterThan(230);
    // ...and the white page in the box's corners is gone.
    for (const [x, y] of [[2, 2], [info.width - 3, 2], [2, info.height - 3], [info.width - 3, info.height - 3]] as const)
      expect(alpha(x, y), `${x},${y}`).toBeLessThan(25);
  }, 60_000);

  it('answers 422 for a page with nothing on it, and stores nothing', async () => {
    const user = await studioUser(ctx, { plan: 'free' });
    const blank = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const upload = await ctx.app.inject({
      method: 'POST',
      url: BRANDING_ROUTES.assets,
      ...(await multipart({ asset_type: 'signature', name: 'Blank', remove_background: 'true' }, blank, user.headers)),
    });
    expect(upload.statusCode, upload.body).toBe(422);
    expect(upload.json().detail).toBe('Nothing stands out from the background of this image: upload it as it is.');
    const list = await ctx.app.inject({ method: 'GET', url: BRANDING_ROUTES.assets, headers: user.headers });
    expect(list.json().assets).toEqual([]);
  }, 60_000);
});
