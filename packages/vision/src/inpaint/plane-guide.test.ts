import { describe, expect, it } from 'vitest';
import { createImage } from '../image.ts';
import { ROOM_LABEL, type RoomModel } from '../room/types.ts';
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
  const lw = W / 2;
  const lh = H / 2;
  const labels = new Uint8Array(lw * lh);
  for (let y = 0; y < lh; y++)
    for (let x = 0; x < lw; x++) {
      const inBox = x >= 15 && x < 65 && y >= 17 && y < 46;
      labels[y * lw + x] = inBox ? ROOM_LABEL.object : y * 2 >= JUNCTION ? ROOM_LABEL.floor : ROOM_LABEL.wall;
    }
  const plane = { normal: [0, 1, 0] as [number, number, number], distance: 1.45 };
  return {
    version: 1,
    width: W,
    height: H,
    work: { width: lw, height: lh },
    camera: {
      focalPx: 150,
      focalSource: 'prior',
      principalPoint: [W / 2, H / 2],
      pitchDeg: 0,
      rollDeg: 0,
      yawDeg: 0,
      // A level camera: its right, down and forward axes in the world (Y up).
      rotation: [1, 0, 0, 0, -1, 0, 0, 0, 1],
      horizon: { line: [0, 1, -H / 2], yLeft: H / 2, yCentre: H / 2, yRight: H / 2 },
      heightM: 1.45,
      heightSource: 'default',
    },
    vanishingPoints: [],
    floor: {
      plane,
      polygon: [
        [0, JUNCTION],
        [W, JUNCTION],
        [W, H],
        [0, H],
      ],
      area: 0.45,
    },
    ceiling: null,
    walls: [
      {
        plane: { normal: [0, 0, 1], distance: 4 },
        polygon: [
          [0, 0],
          [W, 0],
          [W, JUNCTION],
          [0, JUNCTION],
        ],
        area: 0.55,
        axis: 'z',
        run: [-2, 2],
      },
    ],
    openings: [],
    labels: {
      width: lw,
      height: lh,
      encoding: 'base64-u8',
      legend: ['floor', 'wall', 'ceiling', 'opening', 'object'],
      data: Buffer.from(labels).toString('base64'),
    },
    confidence: 1,
    timingMs: 0,
  };
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

  it('ignores a room model of another picture (another aspect ratio)', async () => {
    const other = { ...model(), width: 100, height: 100 };
    const out = await removeObjects(scene(), [[30, 35, 130, 92]], { room: other });
    expect(out.width).toBe(W);
  });
});
