import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { VisionError } from '../errors.ts';
import { readFixture } from '../testing/fixtures.ts';
import { cutout } from './cutout.ts';

describe('cutout', () => {
  it('cuts a sofa out of its product photo: transparent around it, opaque on it, trimmed to it', async () => {
    const photo = await sharp(await readFixture('furniture/furni_sofa.png'))
      .resize({ width: 480 })
      .png()
      .toBuffer();
    const { width: photoWidth = 0, height: photoHeight = 0 } = await sharp(photo).metadata();
    const result = await cutout(photo, { model: 'small' });
    const { data, info } = await sharp(result.png).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect([result.width, result.height]).toEqual([info.width, info.height]);
    expect(result.width).toBeLessThanOrEqual(photoWidth);
    expect(result.height).toBeLessThanOrEqual(photoHeight);
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * 4 + 3] ?? 0;
    // The middle of the sofa is kept...
    expect(alphaAt(Math.floor(info.width / 2), Math.floor(info.height * 0.6))).toBeGreaterThan(200);
    // ...and a good share of the trimmed box is still background (a sofa is not a rectangle).
    let transparent = 0;
    for (let index = 3; index < data.length; index += 4) if ((data[index] ?? 0) < 16) transparent += 1;
    expect(transparent / (info.width * info.height)).toBeGreaterThan(0.05);
  }, 60_000);

  it('refuses bytes that are not an image', async () => {
    await expect(cutout(new Uint8Array([1, 2, 3, 4]))).rejects.toBeInstanceOf(VisionError);
  });
});
