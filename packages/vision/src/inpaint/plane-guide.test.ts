import { describe, expect, it } from 'vitest';
import { createImage } from '../image.ts';
import type { RoomModel } from '../room/types.ts';
import { wallAndFloorModel } from '../testing/wall-and-floor-model.ts';
import { removeObjects } from './index.ts';

const W = 160;
const H = 100;
const JUNCTION = 55;

/** A bare room: a light wall above row 55, a brown floor with dark boards below, a sofa-red box across both. */
function scene() {
  const image = createImage(W, H);
  let s = 11;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      s = (s * 1103515245 + 12345) >>> 0;
      const n = ((s >>> 24) % 7) - 3;
      const floor = y >= JUNCTION;
      const v = floor ? (y % 6 < 1 ? [90, 55, 30] : [150, 100, 60]) : [215, 212, 205];
      image.data.set([v[0]! + n, v[1]! + n, v[2]! + n], (y * W + x) * 3);
    }
  for (let y = 35; y < 92; y++) for (let x = 30; x < 130; x++) image.data.set([200, 20, 30], (y * W + x) * 3);
  return image;
}

/** The model a room analysis gives for that scene: one wall, the floor, the labels at half size. */
function model(): RoomModel {
  return wallAndFloorModel({ width: W, height: H, junction: JUNCTION, object: [30, 34, 130, 92], focalPx: 150 });
}

/** Share of hole pixels below the junction that read as floor (brown), and above it as wall (light). */
function agreement(out: { data: Uint8Array }) {
  let floor = 0,
    floorN = 0,
    wall = 0,
    wallN = 0;
  for (let y = 35; y < 92; y++)
    for (let x = 30; x < 130; x++) {
      const [r, g, b] = [out.data[(y * W + x) * 3]!, out.data[(y * W + x) * 3 + 1]!, out.data[(y * W + x) * 3 + 2]!];
      const brown = r - b > 50;
      if (y >= JUNCTION + 2) (floorN++, (floor += brown ? 1 : 0));
      else if (y < JUNCTION - 2) (wallN++, (wall += !brown && g > 170 ? 1 : 0));
    }
  return { floor: floor / floorN, wall: wall / wallN };
}

describe('plane-guided removal', () => {
  it('continues the floor below the layout junction and the wall above it, across a hole that hides both', async () => {
    const guided = agreement(await removeObjects(scene(), [[30, 35, 130, 92]], { room: model() }));
    expect(guided.floor).toBeGreaterThan(0.95);
    expect(guided.wall).toBeGreaterThan(0.95);
  });

  it('continues the bed, not the floor the layout runs under it, where a cushion is removed from the bedspread', async () => {
    // The same room with a pale blue bed over the floor (labelled object) and a red cushion on it.
    const image = scene();
    for (let y = 45; y < 96; y++) for (let x = 20; x < 140; x++) image.data.set([170, 190, 215], (y * W + x) * 3);
    for (let y = 62; y < 80; y++) for (let x = 60; x < 100; x++) image.data.set([200, 20, 30], (y * W + x) * 3);
    const bed = wallAndFloorModel({ width: W, height: H, junction: JUNCTION, object: [20, 44, 140, 96], focalPx: 150 });
    const out = await removeObjects(image, [[60, 62, 100, 80]], { room: bed });
    let bedBlue = 0;
    let n = 0;
    for (let y = 62; y < 80; y++)
      for (let x = 60; x < 100; x++) {
        const [r, , b] = [out.data[(y * W + x) * 3]!, 0, out.data[(y * W + x) * 3 + 2]!];
        n++;
        if (b - r > 25) bedBlue++;
      }
    expect(bedBlue / n).toBeGreaterThan(0.95);
  });

  it('ignores a room model of another picture (another aspect ratio)', async () => {
    const other = { ...model(), width: 100, height: 100 };
    const out = await removeObjects(scene(), [[30, 35, 130, 92]], { room: other });
    expect(out.width).toBe(W);
  });
});
