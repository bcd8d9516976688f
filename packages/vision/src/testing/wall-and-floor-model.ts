/**
 * A hand-made room model of a flat test picture: one wall above row `junction` (below `ceilingTo`, the layout's
 * ceiling, when given), the floor below it, one object's box, a level camera, labels at half size. What the fill
 * tests need of a room analysis, without running one. Tests only.
 */
import { ROOM_LABEL, type RoomModel } from '../room/types.ts';

export interface WallAndFloorSpec {
  readonly width: number;
  readonly height: number;
  /** The row where the wall meets the floor. */
  readonly junction: number;
  /** The object's box [x0, y0, x1, y1), photo pixels: labelled object. */
  readonly object: readonly [number, number, number, number];
  readonly focalPx: number;
  /** When set, the rows above it are the layout's ceiling (labelled ceiling), the wall runs from it to `junction`. */
  readonly ceilingTo?: number;
}

export function wallAndFloorModel({ width: W, height: H, junction, object, focalPx, ceilingTo }: WallAndFloorSpec): RoomModel {
  const wallTop = ceilingTo ?? 0;
  const lw = W / 2;
  const lh = H / 2;
  const labels = new Uint8Array(lw * lh);
  const [ox0, oy0, ox1, oy1] = object;
  for (let y = 0; y < lh; y++)
    for (let x = 0; x < lw; x++) {
      const inObject = x * 2 >= ox0 && x * 2 < ox1 && y * 2 >= oy0 && y * 2 < oy1;
      labels[y * lw + x] = inObject
        ? ROOM_LABEL.object
        : y * 2 >= junction
          ? ROOM_LABEL.floor
          : y * 2 < wallTop
            ? ROOM_LABEL.ceiling
            : ROOM_LABEL.wall;
    }
  return {
    version: 1,
    width: W,
    height: H,
    work: { width: lw, height: lh },
    camera: {
      focalPx,
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
      plane: { normal: [0, 1, 0], distance: 1.45 },
      polygon: [
        [0, junction],
        [W, junction],
        [W, H],
        [0, H],
      ],
      area: 1 - junction / H,
    },
    ceiling: ceilingTo
      ? {
          plane: { normal: [0, -1, 0], distance: 1 },
          polygon: [
            [0, 0],
            [W, 0],
            [W, ceilingTo],
            [0, ceilingTo],
          ],
          area: ceilingTo / H,
        }
      : null,
    walls: [
      {
        plane: { normal: [0, 0, 1], distance: 4 },
        polygon: [
          [0, wallTop],
          [W, wallTop],
          [W, junction],
          [0, junction],
        ],
        area: (junction - wallTop) / H,
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
