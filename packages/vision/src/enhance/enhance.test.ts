import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { VisionError } from '../errors.ts';
import { createImage } from '../image.ts';
import { bombPng } from '../testing/fixtures.ts';
import { enhance, planEnhance, SHARPEN_AFTER_X2 } from './enhance.ts';
import { upscale } from './upscaler.ts';

/** Smooth gradients with a few hard edges: something a super-resolution network has to work on. */
function pattern(width: number, height: number) {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      data[i] = (x * 7 + y * 3) % 256;
      data[i + 1] = x > width / 2 ? 220 : 40;
      data[i + 2] = Math.round(128 + 100 * Math.sin(y / 5));
    }
  return createImage(width, height, data);
}

describe('planEnhance', () => {
  it('picks the smallest network factor that reaches the target and keeps the aspect', () => {
    expect(planEnhance(1920, 1280, '4k')).toMatchObject({ width: 3840, height: 2560, scale: 2 });
    expect(planEnhance(1920, 1280, '8k')).toMatchObject({ width: 7680, height: 5120, scale: 4 });
    expect(planEnhance(1280, 1920, '8k')).toMatchObject({ width: 5120, height: 7680, scale: 4 });
    expect(planEnhance(1500, 1000, '8k')).toMatchObject({ scale: 8 });
    expect(planEnhance(4000, 3000, '8k')).toMatchObject({ width: 7680, height: 5760, scale: 2, inputWidth: 4000 });
  });

  it('sharpens after a x2 network only (the 4K case), not after x3/x4/x8 or plain resampling', () => {
    expect(planEnhance(1920, 1280, '4k').sharpen).toEqual(SHARPEN_AFTER_X2);
    expect(planEnhance(4000, 3000, '8k').sharpen).toEqual(SHARPEN_AFTER_X2);
    expect(planEnhance(1920, 1280, '8k').sharpen).toBeNull();
    expect(planEnhance(1500, 1000, '4k').sharpen).toBeNull();
    expect(planEnhance(5000, 2500, '4k').sharpen).toBeNull();
  });

  it('only resamples a photo that is already as large as the target', () => {
    expect(planEnhance(5000, 2500, '4k')).toMatchObject({ width: 3840, height: 1920, scale: null });
  });
});

describe('upscale', () => {
  it('gives the same pixels in small tiles as in one tile: the tiles are seamless', async () => {
    const image = pattern(70, 50);
    const whole = await upscale(image, { model: 'slim', scale: 2, tileSize: 128 });
    const tiled = await upscale(image, { model: 'slim', scale: 2, tileSize: 40 });
    expect([whole.width, whole.height]).toEqual([140, 100]);
    let worst = 0;
    for (let i = 0; i < whole.data.length; i++) worst = Math.max(worst, Math.abs(whole.data[i]! - tiled.data[i]!));
    expect(worst).toBeLessThanOrEqual(1);
  });
});

describe('enhance', () => {
  it('reaches exactly 3840 px on the long side, reports progress up to 1 and keeps the ICC profile', async () => {
    const photo = await sharp(pattern(48, 32).data, { raw: { width: 48, height: 32, channels: 3 } })
      .withIccProfile('p3')
      .jpeg()
      .toBuffer();
    const sourceIcc = (await sharp(photo).metadata()).icc;
    expect(sourceIcc).toBeDefined();
    const progress: number[] = [];
    const result = await enhance(photo, '4k', (fraction) => progress.push(fraction), { tileSize: 48 });
    const meta = await sharp(result).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 3840, 2560]);
    expect(meta.icc && Buffer.compare(meta.icc, sourceIcc!)).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect(progress.length).toBeGreaterThan(3); // one report per tile, not only the end
    expect(progress.every((value, index) => index === 0 || value >= progress[index - 1]!)).toBe(true);
  });

  it('a x2 enhancement comes out with steeper edges than without the unsharp mask, and the same colours', async () => {
    // A 1920 px wide strip goes to 4K through the x2 network: cheap (77k input pixels) but the real path.
    const strip = await sharp(pattern(1920, 40).data, { raw: { width: 1920, height: 40, channels: 3 } })
      .png()
      .toBuffer();
    const decode = async (jpeg: Uint8Array) => {
      const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([3840, 80]);
      return data;
    };
    const sharpened = await decode(await enhance(strip, '4k'));
    const plain = await decode(await enhance(strip, '4k', undefined, { sharpen: false }));
    const gradient = (data: Buffer) => {
      let sum = 0;
      for (let y = 8; y < 72; y++)
        for (let x = 8; x < 3832; x++) sum += Math.abs(data[(y * 3840 + x + 1) * 3 + 1]! - data[(y * 3840 + x - 1) * 3 + 1]!);
      return sum;
    };
    const mean = (data: Buffer) => data.reduce((a, b) => a + b, 0) / data.length;
    expect(gradient(sharpened)).toBeGreaterThan(gradient(plain) * 1.05);
    expect(Math.abs(mean(sharpened) - mean(plain))).toBeLessThan(1);
  }, 60_000);

  it('returns plain sRGB for a CMYK photo instead of attaching its CMYK profile to RGB pixels', async () => {
    const cmyk = await sharp(pattern(40, 30).data, { raw: { width: 40, height: 30, channels: 3 } })
      .withIccProfile('cmyk')
      .jpeg()
      .toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    const meta = await sharp(await enhance(cmyk, '4k', undefined, { tileSize: 64 })).metadata();
    expect([meta.space, meta.channels, meta.width]).toEqual(['srgb', 3, 3840]);
    expect(meta.icc).toBeUndefined();
  });

  it('applies EXIF orientation: a portrait photo stored sideways comes out portrait', async () => {
    const sideways = await sharp(pattern(40, 30).data, { raw: { width: 40, height: 30, channels: 3 } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const meta = await sharp(await enhance(sideways, '4k', undefined, { tileSize: 64 })).metadata();
    expect([meta.width, meta.height]).toEqual([2880, 3840]);
  });

  it('refuses bad input with typed errors', async () => {
    await expect(enhance(Buffer.from('not an image'), '4k')).rejects.toMatchObject({ code: 'invalid_image' });
    await expect(enhance(bombPng(10_000, 10_000), '8k')).rejects.toMatchObject({ code: 'image_too_large' });
    await expect(enhance(pattern(8, 8), '16k' as '4k')).rejects.toBeInstanceOf(VisionError);
  });
});
