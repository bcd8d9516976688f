import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DAMAGED_IMAGE_REASON } from '../errors.ts';
import { decodeMask } from '../mask.ts';
import { readFixture } from '../testing/fixtures.ts';
import { annotateDetections } from './annotate.ts';
import { exportJpeg } from './watermark.ts';

const photo = async () =>
  sharp(await readFixture('coco_val2017_000000000802.jpg'))
    .resize(424, 640)
    .jpeg({ quality: 90 })
    .toBuffer();

const rgb = async (bytes: Uint8Array) => {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width };
};
/** Mean absolute difference of two same-size RGB images inside [x1, y1, x2, y2). */
function difference(a: { data: Buffer; width: number }, b: { data: Buffer; width: number }, box: number[]) {
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = box;
  let total = 0;
  for (let y = y1; y < y2; y += 1) {
    for (let x = x1; x < x2; x += 1) {
      for (let c = 0; c < 3; c += 1) {
        const i = (y * a.width + x) * 3 + c;
        total += Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0));
      }
    }
  }
  return total / ((x2 - x1) * (y2 - y1) * 3);
}

describe('exportJpeg', () => {
  it('marks the bottom-right corner only, and leaves a JPEG without the mark byte for byte', async () => {
    const original = await photo();
    const marked = await exportJpeg(original, { watermark: true });
    expect(await sharp(marked).metadata()).toMatchObject({ format: 'jpeg', width: 424, height: 640 });
    const [before, after] = [await rgb(original), await rgb(marked)];
    expect(difference(before, after, [330, 612, 410, 630])).toBeGreaterThan(20);
    expect(difference(before, after, [0, 0, 424, 560])).toBeLessThan(3);
    expect(Buffer.from(await exportJpeg(original, { watermark: false })).equals(original)).toBe(true);
  });

  it('encodes a marked export once, at quality 92: away from the mark it is the plain quality-92 encoding', async () => {
    const original = await photo();
    const marked = await exportJpeg(original, { watermark: true });
    const once = await sharp(original).jpeg({ quality: 92 }).toBuffer();
    // Encoded once, the 16 px blocks far from the mark are the same pixels as the plain encoding's; a first
    // encoding at another quality would leave its losses under the second (2 levels on average on this photo).
    expect(difference(await rgb(once), await rgb(marked), [0, 0, 424, 544])).toBeLessThan(0.05);
  });

  it('fits the mark into a picture narrower than the mark', async () => {
    for (const [width, height] of [
      [4, 4],
      [1, 1],
      [300, 3],
    ] as const) {
      const tiny = await sharp({ create: { width, height, channels: 4, background: '#7a8b9c80' } })
        .png()
        .toBuffer();
      const marked = await exportJpeg(tiny, { watermark: true });
      expect(await sharp(marked).metadata(), `${width}x${height}`).toMatchObject({ format: 'jpeg', width, height });
    }
  });

  it('calls a truncated JPEG damaged, in plain words', async () => {
    const original = await photo();
    await expect(exportJpeg(original.subarray(0, original.length / 2), { watermark: true })).rejects.toMatchObject({
      code: 'invalid_image',
      message: DAMAGED_IMAGE_REASON,
    });
  });
});

describe('annotateDetections', () => {
  it('draws each box as a cyan line and leaves the rest of the photo alone', async () => {
    const original = await photo();
    const annotated = await annotateDetections(original, [[100, 200, 300, 400]]);
    const [before, after] = [await rgb(original), await rgb(annotated)];
    // On the top edge of the box the line is cyan: little red, much green and blue.
    const i = (200 * 424 + 200) * 3;
    expect(after.data[i + 1]! - after.data[i]!).toBeGreaterThan(80);
    expect(difference(before, after, [120, 220, 280, 380])).toBeLessThan(3);
  });
});

describe('decodeMask with scale', () => {
  it('stretches a mask drawn on a smaller canvas to the photo', async () => {
    const drawn = await sharp({ create: { width: 100, height: 50, channels: 3, background: '#000' } })
      .composite([{ input: { create: { width: 50, height: 25, channels: 3, background: '#fff' } }, left: 50, top: 25 }])
      .png()
      .toBuffer();
    const mask = await decodeMask(drawn, { width: 400, height: 200 }, { scale: true });
    expect([mask.width, mask.height]).toEqual([400, 200]);
    expect(mask.data[100 * 400 + 300]).toBe(255);
    expect(mask.data[50 * 400 + 100]).toBe(0);
    await expect(decodeMask(drawn, { width: 400, height: 200 })).rejects.toMatchObject({ code: 'invalid_mask' });
  });
});
