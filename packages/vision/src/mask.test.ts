import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { VisionError } from './errors.ts';
import { assertNonEmpty, boxMask, createMask, decodeMask, growMask, maskArea, maskBBox, shrinkMask } from './mask.ts';

describe('masks', () => {
  it('reads a white-on-black PNG as the edit region', async () => {
    const png = await sharp({ create: { width: 10, height: 6, channels: 3, background: '#000' } })
      .composite([{ input: { create: { width: 3, height: 2, channels: 3, background: '#fff' } }, left: 4, top: 1 }])
      .png()
      .toBuffer();
    const mask = await decodeMask(png, { width: 10, height: 6 });
    expect(maskBBox(mask)).toEqual([4, 1, 7, 3]);
    expect(maskArea(mask)).toBe(6);
  });

  it('reads white strokes on a transparent canvas as the edit region', async () => {
    const png = await sharp({ create: { width: 10, height: 6, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 2, height: 2, channels: 4, background: '#ffffffff' } }, left: 0, top: 0 }])
      .png()
      .toBuffer();
    expect(maskArea(await decodeMask(png, { width: 10, height: 6 }))).toBe(4);
  });

  it('refuses a mask of the wrong size as invalid_mask', async () => {
    const png = await sharp({ create: { width: 10, height: 6, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await expect(decodeMask(png, { width: 11, height: 6 })).rejects.toMatchObject({ code: 'invalid_mask' });
  });

  it('refuses undecodable mask bytes as invalid_mask', async () => {
    await expect(decodeMask(Buffer.from('nope'), { width: 1, height: 1 })).rejects.toBeInstanceOf(VisionError);
  });

  it('flags an empty mask as empty_mask', () => {
    expect(() => assertNonEmpty(createMask(5, 5))).toThrow(expect.objectContaining({ code: 'empty_mask' }));
  });

  it('grows and shrinks by a radius', () => {
    const mask = boxMask(41, 41, [15, 15, 26, 26]);
    const grown = growMask(mask, 5);
    expect(maskBBox(grown)).toEqual([10, 10, 31, 31]);
    expect(maskBBox(shrinkMask(grown, 5))).toEqual([15, 15, 26, 26]);
    expect(maskBBox(shrinkMask(mask, 3))).toEqual([18, 18, 23, 23]);
  });
});
