import { describe, expect, it } from 'vitest';
import { createImage, type RgbImage } from '../image.ts';
import { boxMask, createMask, encodeMask } from '../mask.ts';
import { eraseArea, inpaint, removeObject, removeObjects } from './index.ts';

/** Vertical stripes, 10 px period, with a little noise so patches are not all identical. */
function stripes(width: number, height: number): RgbImage {
  const image = createImage(width, height);
  let s = 7;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      s = (s * 1103515245 + 12345) >>> 0;
      const v = (x % 10 < 5 ? 200 : 60) + ((s >>> 24) % 9) - 4;
      image.data.set([v, v, v], (y * width + x) * 3);
    }
  }
  return image;
}

/** Normalised autocorrelation of the hole's rows at a horizontal lag. */
function rowCorrelation(image: RgbImage, box: readonly [number, number, number, number], lag: number): number {
  let num = 0,
    den = 0,
    mean = 0,
    n = 0;
  for (let y = box[1]; y < box[3]; y++)
    for (let x = box[0]; x < box[2]; x++) {
      mean += image.data[(y * image.width + x) * 3]!;
      n++;
    }
  mean /= n;
  for (let y = box[1]; y < box[3]; y++) {
    for (let x = box[0]; x < box[2] - lag; x++) {
      const a = image.data[(y * image.width + x) * 3]! - mean,
        b = image.data[(y * image.width + x + lag) * 3]! - mean;
      num += a * b;
      den += a * a;
    }
  }
  return num / den;
}

describe('inpaint', () => {
  const image = stripes(160, 120);
  const hole: [number, number, number, number] = [60, 40, 100, 80];

  it('fills a hole in a striped pattern with stripes, in phase', async () => {
    const out = await inpaint(image, boxMask(160, 120, hole));
    // Period 10: strongly correlated at lag 10, anti-correlated at lag 5. A smear or flat fill gives neither.
    expect(rowCorrelation(out, hole, 10)).toBeGreaterThan(0.6);
    expect(rowCorrelation(out, hole, 5)).toBeLessThan(-0.4);
    // And the stripes line up with the ones above the hole.
    let agree = 0;
    for (let x = hole[0]; x < hole[2]; x++)
      if (Math.abs(out.data[(60 * 160 + x) * 3]! - image.data[(60 * 160 + x) * 3]!) < 50) agree++;
    expect(agree / (hole[2] - hole[0])).toBeGreaterThan(0.65);
  });

  it('leaves every unmasked pixel byte-identical', async () => {
    const mask = boxMask(160, 120, hole);
    const out = await inpaint(image, mask);
    for (let i = 0; i < mask.data.length; i++) {
      if (mask.data[i]) continue;
      for (let c = 0; c < 3; c++) if (out.data[i * 3 + c] !== image.data[i * 3 + c]) throw new Error(`pixel ${i} changed`);
    }
  });

  it('accepts a drawn PNG mask and refuses one of the wrong size', async () => {
    const png = await encodeMask(boxMask(160, 120, hole));
    expect((await eraseArea(image, png)).width).toBe(160);
    const wrong = await encodeMask(boxMask(100, 120, [10, 10, 20, 20]));
    await expect(eraseArea(image, wrong)).rejects.toMatchObject({ name: 'VisionError', code: 'invalid_mask' });
  });

  it('refuses an empty mask', async () => {
    await expect(inpaint(image, createMask(160, 120))).rejects.toMatchObject({ code: 'empty_mask' });
  });

  it('removes an object given its detection box', async () => {
    const withObject = createImage(160, 120, new Uint8Array(image.data));
    for (let y = 50; y < 70; y++) for (let x = 70; x < 90; x++) withObject.data.set([255, 0, 0], (y * 160 + x) * 3);
    const out = await removeObject(withObject, [70, 50, 90, 70]);
    let red = 0;
    for (let i = 0; i < 160 * 120; i++) if (out.data[i * 3]! > 200 && out.data[i * 3 + 1]! < 60) red++;
    expect(red).toBe(0);
  });

  it("takes an object that runs out of the picture to the frame's edge, where the detector's box stops short of it", async () => {
    // A red object running out of the bottom-left corner; its box stops 5 px short of the left and bottom edges
    // (the hole grows by 3 px only).
    const wide = stripes(320, 240);
    for (let y = 150; y < 240; y++) for (let x = 0; x < 90; x++) wide.data.set([255, 0, 0], (y * 320 + x) * 3);
    const out = await removeObject(wide, [5, 150, 90, 235]);
    let red = 0;
    for (let i = 0; i < 320 * 240; i++) if (out.data[i * 3]! > 200 && out.data[i * 3 + 1]! < 60) red++;
    expect(red).toBe(0);
    // A box well inside the frame keeps its own extent: the stripes 20 px below it are untouched.
    const inside = await removeObject(wide, [150, 40, 200, 150]);
    for (let x = 150; x < 200; x++) expect(inside.data[(170 * 320 + x) * 3]).toBe(wide.data[(170 * 320 + x) * 3]);
  });

  it('empties the room: several objects and their contact shadows go in one fill, with progress', async () => {
    // Three red objects on the stripes, each with a dark shadow band (5 px) just below its box: more than the 3 px the hole grows by.
    const boxes: [number, number, number, number][] = [
      [20, 20, 40, 40],
      [100, 30, 125, 55],
      [60, 80, 85, 100],
    ];
    const room = createImage(160, 120, new Uint8Array(image.data));
    for (const [x1, y1, x2, y2] of boxes) {
      for (let y = y1; y < y2; y++) for (let x = x1; x < x2; x++) room.data.set([255, 0, 0], (y * 160 + x) * 3);
      for (let y = y2; y < y2 + 5; y++) for (let x = x1; x < x2; x++) room.data.set([10, 10, 10], (y * 160 + x) * 3);
    }
    const progress: number[] = [];
    const out = await removeObjects(room, boxes, { onProgress: (fraction) => progress.push(fraction) });
    let red = 0;
    for (let i = 0; i < 160 * 120; i++) if (out.data[i * 3]! > 200 && out.data[i * 3 + 1]! < 60) red++;
    expect(red).toBe(0);
    // The shadow bands (10 before) now read as the stripes around them (about 130 on average).
    for (const [x1, , x2, y2] of boxes) {
      let sum = 0;
      for (let y = y2; y < y2 + 5; y++) for (let x = x1; x < x2; x++) sum += out.data[(y * 160 + x) * 3]!;
      expect(sum / (5 * (x2 - x1))).toBeGreaterThan(80);
    }
    // Far from the objects nothing changed.
    for (let x = 0; x < 160; x++) expect(out.data[(115 * 160 + x) * 3]).toBe(room.data[(115 * 160 + x) * 3]);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(Math.max(...progress)).toBeLessThanOrEqual(1);
    await expect(removeObjects(room, [])).rejects.toMatchObject({ code: 'invalid_argument' });
  });
});
