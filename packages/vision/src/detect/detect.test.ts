import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFixture } from '../testing/fixtures.ts';
import { iou } from './boxes.ts';
import { PRODUCT_CLASS } from './classes.ts';
import { detectObjects, type Detection } from './detect.ts';
import { loadCenterNet } from './centernet.ts';
import { loadNanoDet } from './nanodet.ts';

beforeAll(async () => {
  await Promise.all([loadCenterNet(), loadNanoDet()]);
});

function best(detections: Detection[], className: string, truth: [number, number, number, number]): number {
  return Math.max(0, ...detections.filter((d) => d.class_name === className).map((d) => iou(d.bbox, truth)));
}

describe('detectObjects', () => {
  let kitchen: Detection[];
  beforeAll(async () => {
    kitchen = await detectObjects(await readFixture('coco_val2017_000000000802.jpg'));
  });

  it('finds the refrigerator and the oven of a real kitchen, in product words', () => {
    // Hand-annotated COCO boxes of this photo.
    expect(best(kitchen, 'refrigerator', [245.1, 185.2, 410.8, 541.3])).toBeGreaterThan(0.7);
    expect(best(kitchen, 'oven', [33.1, 289.1, 159.6, 520.6])).toBeGreaterThan(0.5);
  });

  it('returns the spec shape: id, product class, natural-pixel box, confidence 0..1', () => {
    const names = new Set(Object.values(PRODUCT_CLASS));
    for (const d of kitchen) {
      expect(typeof d.id).toBe('string');
      expect(names.has(d.class_name)).toBe(true);
      expect(d.confidence).toBeGreaterThan(0);
      expect(d.confidence).toBeLessThanOrEqual(1);
      const [x1, y1, x2, y2] = d.bbox;
      expect(x1).toBeGreaterThanOrEqual(0);
      expect(y1).toBeGreaterThanOrEqual(0);
      expect(x2).toBeLessThanOrEqual(424);
      expect(y2).toBeLessThanOrEqual(640);
      expect(x2).toBeGreaterThan(x1);
      expect(y2).toBeGreaterThan(y1);
    }
  });

  it('reports a television in a living room at the same place when the photo is twice as large', async () => {
    const photo = await readFixture('coco_val2017_000000000139.jpg');
    const tv: [number, number, number, number] = [7.0, 167.8, 156.4, 262.6];
    expect(best(await detectObjects(photo), 'television', tv)).toBeGreaterThan(0.6);
    const big = await sharp(photo).resize(1280).jpeg().toBuffer();
    const tv2: [number, number, number, number] = [14, 335.6, 312.8, 525.2];
    expect(best(await detectObjects(big), 'television', tv2)).toBeGreaterThan(0.6);
  });

  it('never reports people', async () => {
    const detections = await detectObjects(await readFixture('coco_val2017_000000000139.jpg'));
    expect(detections.some((d) => d.class_name === 'person')).toBe(false);
  });

  it('finds the bed of a listing photo the rescorer was not trained on, and nothing else of the room classes', async () => {
    // The rescorer learned from the COCO fixtures' boxes; this bedroom is from the houses dataset (1024x768).
    const detections = await detectObjects(await readFixture('sparse_houses_245_bedroom.jpg'));
    const room = detections.filter((d) => ['sofa', 'chair', 'bed', 'table', 'television', 'plant'].includes(d.class_name));
    expect(room.map((d) => d.class_name)).toEqual(['bed']);
    const [x1, y1, x2, y2] = room[0]!.bbox;
    // The bed stands in the middle of the lower half and fills a quarter of the frame.
    expect(((x2 - x1) * (y2 - y1)) / (1024 * 768)).toBeGreaterThan(0.2);
    expect((x1 + x2) / 2).toBeGreaterThan(350);
    expect((x1 + x2) / 2).toBeLessThan(650);
    expect(y2).toBeGreaterThan(650);
  });
});
