import { describe, expect, it } from 'vitest';
import { createImage } from '../image.ts';
import { encodeMaskBits } from '../room/labels.ts';
import type { RoomModel } from '../room/types.ts';
import { wallAndFloorModel } from '../testing/wall-and-floor-model.ts';
import { removeObjects } from './index.ts';
import { surfaceLabels } from './plane-guide.ts';

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

  it('takes no floor patch from the floor the room model marks odd (an undetected nightstand on it)', () => {
    const room = model();
    const { width: lw, height: lh } = room.labels;
    // A block of the labelled floor left of the object's box (photo columns 0-28, rows 92-100), marked odd.
    const odd = new Uint8Array(lw * lh);
    for (let y = 46; y < lh; y++) for (let x = 0; x < 14; x++) odd[y * lw + x] = 1;
    const marked: RoomModel = { ...room, source: { fingerprint: 'test', detections: [], oddFloor: encodeMaskBits(odd) } };
    const labels = surfaceLabels(marked, { width: W, height: H }, { x: 0, y: 0, w: W, h: H }, new Uint8Array(W * H))!;
    const plain = surfaceLabels(room, { width: W, height: H }, { x: 0, y: 0, w: W, h: H }, new Uint8Array(W * H))!;
    const FLOOR = 0;
    // Photo pixel (10, 95) lies in the odd block, (145, 95) on the floor right of the object.
    expect(plain[95 * W + 10]).toBe(FLOOR);
    expect(labels[95 * W + 10]).not.toBe(FLOOR);
    expect(labels[95 * W + 145]).toBe(FLOOR);
  });

  it('ignores a room model of another picture (another aspect ratio)', async () => {
    const other = { ...model(), width: 100, height: 100 };
    const out = await removeObjects(scene(), [[30, 35, 130, 92]], { room: other });
    expect(out.width).toBe(W);
  });
});
