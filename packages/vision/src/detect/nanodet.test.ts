import { beforeAll, describe, expect, it } from 'vitest';
import { decodeImage, type RgbImage } from '../image.ts';
import { readFixture } from '../testing/fixtures.ts';
import { iou } from './boxes.ts';
import { COCO_CLASSES } from './classes.ts';
import { loadNanoDet, runNanoDet } from './nanodet.ts';
import type { Candidate, View } from './views.ts';

let kitchen: RgbImage;
beforeAll(async () => {
  await loadNanoDet();
  kitchen = await decodeImage(await readFixture('coco_val2017_000000000802.jpg'));
});

const view = (image: RgbImage, flip: boolean, letterbox: boolean): View => ({
  x: 0,
  y: 0,
  w: image.width,
  h: image.height,
  flip,
  letterbox,
});
const best = (candidates: readonly Candidate[], name: string, truth: [number, number, number, number]) =>
  Math.max(0, ...candidates.filter((c) => COCO_CLASSES[c.cls] === name && c.score >= 0.4).map((c) => iou(c.box, truth)));

describe('runNanoDet', () => {
  // Hand-annotated COCO boxes of this kitchen (424x640).
  const fridge: [number, number, number, number] = [245.1, 185.2, 410.8, 541.3];
  const oven: [number, number, number, number] = [33.1, 289.1, 159.6, 520.6];

  it('finds the refrigerator and the oven where they are, letterboxed, mirrored or stretched', async () => {
    // A wrong input convention (RGB 0..1), bin count or anchor offset loses the scores or shifts the boxes.
    for (const [flip, letterbox] of [
      [false, true],
      [true, true],
      [false, false],
    ] as const) {
      const candidates = await runNanoDet(kitchen, view(kitchen, flip, letterbox));
      expect(best(candidates, 'refrigerator', fridge)).toBeGreaterThan(0.75);
      expect(best(candidates, 'oven', oven)).toBeGreaterThan(0.6);
    }
  });

  it('reports each object once per class after its own suppression, strongest first, inside the photo', async () => {
    const candidates = await runNanoDet(kitchen, view(kitchen, false, true), 0.3);
    for (let i = 1; i < candidates.length; i++) expect(candidates[i]!.score).toBeLessThanOrEqual(candidates[i - 1]!.score);
    for (const a of candidates) {
      expect(a.box[0]).toBeGreaterThanOrEqual(0);
      expect(a.box[2]).toBeLessThanOrEqual(kitchen.width);
      expect(a.box[3]).toBeLessThanOrEqual(kitchen.height);
      for (const b of candidates) if (a !== b && a.cls === b.cls) expect(iou(a.box, b.box)).toBeLessThanOrEqual(0.6);
    }
  });
});
