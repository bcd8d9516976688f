import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../image.ts';
import { noisyScene } from '../testing/noisy-scene.ts';
import { wallAndFloorModel } from '../testing/wall-and-floor-model.ts';
import type { Detection } from '../detect/detect.ts';
import { removeObject } from './index.ts';

const W = 320;
const H = 240;
const JUNCTION = 100;
/** A red sofa against the wall, and a dark coffee table standing in front of it, its top over the sofa's seat. */
const SOFA: [number, number, number, number] = [60, 70, 260, 170];
const TABLE: [number, number, number, number] = [110, 140, 210, 200];

/** The table: its top (the box's upper 45 rows) and two legs 10 px wide at its ends, floor between them. */
const onTable = (x: number, y: number): boolean =>
  x >= TABLE[0] &&
  x < TABLE[2] &&
  y >= TABLE[1] &&
  y < TABLE[3] &&
  (y < TABLE[1] + 45 || x < TABLE[0] + 10 || x >= TABLE[2] - 10);

function scene(): RgbImage {
  return noisyScene(
    W,
    H,
    (x, y) => {
      if (onTable(x, y)) return [60, 40, 25];
      if (x >= SOFA[0] && x < SOFA[2] && y >= SOFA[1] && y < SOFA[3]) return [190, 40, 45];
      return y >= JUNCTION ? [150, 120, 90] : [205, 200, 190];
    },
    { seed: 5 },
  );
}

const detection = (id: string, class_name: string, bbox: [number, number, number, number]): Detection => ({
  id,
  class_name,
  bbox,
  confidence: 0.9,
});

describe('a removal keeps what stands in front of the removed piece', () => {
  it('leaves the coffee table whole when the sofa behind it is removed', async () => {
    const model = wallAndFloorModel({ width: W, height: H, junction: JUNCTION, object: SOFA, focalPx: 300 });
    const room = {
      ...model,
      source: { fingerprint: 'test', detections: [detection('a', 'sofa', SOFA), detection('b', 'table', TABLE)] },
    };
    const photo = scene();
    const out = await removeObject(photo, SOFA, { room });
    // The table's part inside the sofa's box (rows 140-170), less a rim of 4 px where GrabCut's silhouette is coarse.
    let same = 0;
    let n = 0;
    for (let y = TABLE[1] + 4; y < SOFA[3]; y++)
      for (let x = TABLE[0] + 4; x < TABLE[2] - 4; x++, n++) {
        const i = (y * W + x) * 3;
        if (out.data[i] === photo.data[i] && out.data[i + 1] === photo.data[i + 1]) same++;
      }
    expect(same / n).toBeGreaterThan(0.95);
    // The sofa itself is gone: no red left above the table.
    let red = 0;
    for (let y = SOFA[1]; y < TABLE[1] - 6; y++)
      for (let x = SOFA[0]; x < SOFA[2]; x++) {
        const i = (y * W + x) * 3;
        if (out.data[i]! > 150 && out.data[i + 1]! < 80) red++;
      }
    expect(red).toBe(0);
  });
});
