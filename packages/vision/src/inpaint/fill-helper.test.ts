import { describe, expect, it } from 'vitest';
import { createImage, type RgbImage } from '../image.ts';
import { boxMask } from '../mask.ts';
import { fillHelperLoaded, fillHelperPartsRun } from './fill-helper.ts';
import { inpaint } from './index.ts';

/** Diagonal stripes with noise: a texture the fill must search for, not a flat colour. */
function texture(width: number, height: number): RgbImage {
  const image = createImage(width, height);
  let s = 11;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      s = (s * 1103515245 + 12345) >>> 0;
      const v = ((x + 2 * y) % 14 < 7 ? 190 : 70) + ((s >>> 24) % 21) - 10;
      image.data.set([v, (v * 3) >> 2, 255 - v], (y * width + x) * 3);
    }
  return image;
}

describe('the fill helper thread', () => {
  it('fills the same pixels beside the caller as the caller alone does', async () => {
    const image = texture(320, 240);
    const mask = boxMask(320, 240, [90, 60, 230, 190]);
    // The first fill of a thread starts the helper, which is not loaded yet: the caller runs every part itself.
    const alone = await inpaint(image, mask);
    expect(fillHelperPartsRun).toBe(0);
    expect(await fillHelperLoaded()).toBe(true);
    const together = await inpaint(image, mask);
    expect(fillHelperPartsRun).toBeGreaterThan(0);
    expect(Buffer.from(together.data).equals(Buffer.from(alone.data))).toBe(true);
    // A real fill, not the input handed back.
    expect(Buffer.from(together.data).equals(Buffer.from(image.data))).toBe(false);
  });
});
