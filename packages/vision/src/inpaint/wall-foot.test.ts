import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../image.ts';
import { noisyScene } from '../testing/noisy-scene.ts';
import { boxMask } from '../mask.ts';
import { wallAndFloorModel } from '../testing/wall-and-floor-model.ts';
import { inpaintDecoded } from './index.ts';
import { surfaceLabels } from './plane-guide.ts';
import { FOOT_SIDE, photoWallFoot } from './wall-foot.ts';

const W = 320;
const H = 240;
/** The first floor row: the layout's and the photo's. */
const JUNCTION = 140;
/** A white skirting of 10 rows stands on it. */
const SKIRTING_TOP = 130;
/** A bed across the wall's foot, down to near the photo's bottom. */
const BED = { x0: 80, y0: 60, x1: 240, y1: 232 };
const WALL = [200, 185, 160];
const SKIRTING = [245, 245, 242];
const CARPET = [120, 100, 80];

/** A dark nightstand left of the bed, standing on the floor in front of the wall (its foot lower than the wall's). */
const NIGHTSTAND = { x0: 40, y0: 100, x1: 78, y1: 150 };

function scene({ nightstand = false } = {}): RgbImage {
  return noisyScene(
    W,
    H,
    (x, y) => {
      if (x >= BED.x0 && x < BED.x1 && y >= BED.y0 && y < BED.y1) return [60, 90, 160];
      if (nightstand && x >= NIGHTSTAND.x0 && x < NIGHTSTAND.x1 && y >= NIGHTSTAND.y0 && y < NIGHTSTAND.y1) return [70, 45, 30];
      return y >= JUNCTION ? CARPET : y >= SKIRTING_TOP ? SKIRTING : WALL;
    },
    { seed: 11, spread: 3 },
  );
}

/**
 * A level camera of focal length 400 px: the floor's rectified fill takes floor rows from 220 down only (nearer than
 * four camera heights), and without the photo's foot the wall was carried down to that row, a slab on the carpet.
 */
const room = wallAndFloorModel({
  width: W,
  height: H,
  junction: JUNCTION,
  object: [BED.x0, BED.y0, BED.x1, BED.y1],
  focalPx: 400,
});
const hole = boxMask(W, H, [BED.x0 - 2, BED.y0 - 2, BED.x1 + 2, BED.y1 + 2]);

const mean = (image: RgbImage, x0: number, x1: number, y0: number, y1: number): number[] => {
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++, n++) for (let c = 0; c < 3; c++) sum[c]! += image.data[(y * W + x) * 3 + c]!;
  return sum.map((s) => s / n);
};
const distance = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

describe('the photo wall foot through a removal hole', () => {
  it('finds the foot beside the hole and splits the hole there', () => {
    const foot = photoWallFoot(scene(), hole, room)!;
    expect(foot).not.toBeNull();
    expect(foot.side[100 * W + 160]).toBe(FOOT_SIDE.wall);
    expect(foot.side[(JUNCTION - 2) * W + 160]).toBe(FOOT_SIDE.wall);
    expect(foot.side[(JUNCTION + 2) * W + 160]).toBe(FOOT_SIDE.floor);
  });

  it('takes no nightstand beside the hole for the wall foot', () => {
    // The labels take the nightstand for wall and floor, as the model's often do; its bottom is a straight step from
    // the floor's colour 10 rows below the wall's foot, seen in more columns than the wall's own foot left of it.
    const foot = photoWallFoot(scene({ nightstand: true }), hole, room)!;
    expect(foot).not.toBeNull();
    for (const x of [BED.x0 + 10, 160, BED.x1 - 10]) {
      expect(foot.side[(JUNCTION - 2) * W + x]).toBe(FOOT_SIDE.wall);
      expect(foot.side[(JUNCTION + 3) * W + x]).toBe(FOOT_SIDE.floor);
    }
  });

  it('keeps the floor below the foot a floor for the fill, when the labels ring the hole with furniture', () => {
    // The labels put furniture right beside the bed's lower half and under it (a bunk bed's bedding, its slide), so
    // the hole's floor part is ringed by no floor; the foot is still seen farther out.
    const ringed = wallAndFloorModel({
      width: W,
      height: H,
      junction: JUNCTION,
      object: [BED.x0 - 12, JUNCTION - 20, BED.x1 + 12, H],
      focalPx: 400,
    });
    const foot = photoWallFoot(scene(), hole, ringed)!;
    expect(foot).not.toBeNull();
    const labels = surfaceLabels(ringed, { width: W, height: H }, { x: 0, y: 0, w: W, h: H }, hole.data, foot.side)!;
    const FLOOR = 0;
    for (const x of [BED.x0 + 10, 160, BED.x1 - 10]) expect(labels[(JUNCTION + 20) * W + x]).toBe(FLOOR);
  });

  it('stops the wall at the foot, carries the skirting through, and fills carpet below', () => {
    const out = inpaintDecoded(scene(), hole, { room });
    // Across the middle of the removed bed: wall, then skirting, then carpet down to the rectified floor's reach.
    expect(distance(mean(out, 120, 200, 90, 120), WALL)).toBeLessThan(12);
    expect(distance(mean(out, 120, 200, SKIRTING_TOP + 2, JUNCTION - 2), SKIRTING)).toBeLessThan(15);
    expect(distance(mean(out, 120, 200, JUNCTION + 4, 215), CARPET)).toBeLessThan(15);
  });
});
