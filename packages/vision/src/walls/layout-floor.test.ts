import { describe, expect, it } from 'vitest';
import { ROOM_LABEL, roomLabelMask } from '../room/index.ts';
import { boxRoomModel, onePointRoom } from '../testing/box-room-model.ts';
import { vetoLayoutFloor } from './layout-floor.ts';

const W = 480;
const H = 320;
/** Superpixels: a grid of 16 px squares (30 x 20), numbered row by row. */
const CELL = 16;
const COLUMNS = W / CELL;
const cellOf = (i: number): number => Math.floor(Math.floor(i / W) / CELL) * COLUMNS + Math.floor((i % W) / CELL);

/** The analysis parts the veto reads, every pixel coloured by its cell. */
function analysisOf(colour: (cell: number) => readonly [number, number, number]) {
  const labels = Int32Array.from({ length: W * H }, (_, i) => cellOf(i));
  const channel = (c: 0 | 1 | 2) => Float32Array.from(labels, (cell) => colour(cell)[c]);
  return {
    work: { data: new Uint8Array(W * H * 3), width: W, height: H },
    lab: { width: W, height: H, l: channel(0), a: channel(1), b: channel(2) },
    superpixels: { width: W, height: H, labels, count: COLUMNS * (H / CELL) },
  };
}

describe('vetoLayoutFloor', () => {
  // A one-point room at 480x320, the camera level: the floor is the bottom of the frame, under a third of it.
  const room = boxRoomModel(onePointRoom({ width: W, height: H, focalPx: 280, pitch: 0 }));
  const floor = roomLabelMask(room, ROOM_LABEL.floor, W, H);
  const cellsOnFloor = new Set<number>();
  const floorPixels = new Map<number, number>();
  for (let i = 0; i < floor.length; i++) if (floor[i]) floorPixels.set(cellOf(i), (floorPixels.get(cellOf(i)) ?? 0) + 1);
  for (const [cell, pixels] of floorPixels) if (pixels === CELL * CELL) cellsOnFloor.add(cell);
  // Three whole floor cells the classifier misreads as wall, above the bottom fifth of the frame (where the floor is sampled).
  const upper = [...cellsOnFloor].filter((cell) => Math.floor(cell / COLUMNS) * CELL + CELL <= 0.8 * H).slice(0, 3);
  const [carpet, whiteTiles, sureWall] = upper as [number, number, number];
  const CARPET = [55, 8, 18] as const;
  const colours = (cell: number) => (cell === whiteTiles ? ([92, 0, 2] as const) : CARPET);
  const probabilities = Float32Array.from({ length: COLUMNS * (H / CELL) }, (_, cell) =>
    cell === carpet || cell === whiteTiles ? 0.55 : cell === sureWall ? 0.9 : cellsOnFloor.has(cell) ? 0.1 : 0.8,
  );
  const wall = Uint8Array.from({ length: W * H }, (_, i) => (probabilities[cellOf(i)]! >= 0.35 ? 1 : 0));

  it('clears misread floor that looks like the floor the classifier sees, and nothing else', () => {
    expect(upper).toHaveLength(3);
    const vetoed = vetoLayoutFloor(analysisOf(colours), wall, probabilities, room);
    expect(vetoed).not.toBeNull();
    let changed = 0;
    for (let i = 0; i < wall.length; i++) {
      if (vetoed![i] === wall[i]) continue;
      changed++;
      // Only the carpet cell, and only where the layout says floor.
      expect(cellOf(i)).toBe(carpet);
      expect(floor[i]).toBe(1);
    }
    expect(changed).toBe(CELL * CELL);
  });

  it('keeps a wall of another colour, or one the classifier is sure of, inside a wrong layout floor', () => {
    const vetoed = vetoLayoutFloor(analysisOf(colours), wall, probabilities, room)!;
    for (let i = 0; i < wall.length; i++) {
      if (cellOf(i) === whiteTiles || cellOf(i) === sureWall) expect(vetoed[i]).toBe(1);
    }
  });

  it('leaves the map alone when the layout floor fills most of the frame (a camera pitched down)', () => {
    const down = boxRoomModel(onePointRoom({ width: W, height: H, focalPx: 280, pitch: (40 * Math.PI) / 180 }));
    const share = roomLabelMask(down, ROOM_LABEL.floor, W, H).reduce((sum, v) => sum + v, 0) / (W * H);
    expect(share).toBeGreaterThan(0.45);
    expect(vetoLayoutFloor(analysisOf(colours), wall, probabilities, down)).toBeNull();
  });
});

describe('vetoLayoutFloor on a floor in shadow and a floor the layout cut short', () => {
  const room = boxRoomModel(onePointRoom({ width: W, height: H, focalPx: 280, pitch: 0 }));
  const floor = roomLabelMask(room, ROOM_LABEL.floor, W, H);
  const floorPixels = new Map<number, number>();
  for (let i = 0; i < floor.length; i++) if (floor[i]) floorPixels.set(cellOf(i), (floorPixels.get(cellOf(i)) ?? 0) + 1);
  const wholeFloor = (cell: number) => floorPixels.get(cell) === CELL * CELL;
  const horizonRow = room.camera.horizon.yCentre;
  const rowOf = (cell: number) => Math.floor(cell / COLUMNS);
  // A column near the middle: the carpet runs up from the layout's floor, past its edge, to above the horizon.
  const column = Math.floor(COLUMNS / 2) - 3;
  const firstFloorRow = Array.from({ length: H / CELL }, (_, r) => r).find((r) => wholeFloor(r * COLUMNS + column))!;
  const runRows = Array.from({ length: firstFloorRow }, (_, r) => r).filter((r) => (r + 1) * CELL > horizonRow - 2 * CELL);
  const run = new Set(runRows.map((r) => r * COLUMNS + column));
  // A floor cell in the bed's shade: the carpet 20 L* darker, inside the layout's floor, above the sampled rows.
  const shaded = firstFloorRow * COLUMNS + column + 6;
  // Beside the run, below the horizon: a wall of the carpet's hue that the classifier is fairly sure of.
  const olive = (firstFloorRow - 1) * COLUMNS + column + 1;
  const CARPET = [55, 8, 18] as const;
  const colours = (cell: number) => (cell === shaded ? ([35, 7, 16] as const) : cell === olive ? ([50, 6, 20] as const) : CARPET);
  const probabilities = Float32Array.from({ length: COLUMNS * (H / CELL) }, (_, cell) =>
    run.has(cell) || cell === shaded ? 0.5 : cell === olive ? 0.7 : wholeFloor(cell) ? 0.1 : 0.8,
  );
  const wall = Uint8Array.from({ length: W * H }, (_, i) => (probabilities[cellOf(i)]! >= 0.35 ? 1 : 0));

  it('clears the shaded floor and follows the carpet up to just below the horizon, not past it', () => {
    expect(runRows.length).toBeGreaterThan(2);
    expect(wholeFloor(shaded)).toBe(true);
    const vetoed = vetoLayoutFloor(analysisOf(colours), wall, probabilities, room)!;
    expect(vetoed).not.toBeNull();
    const at = (cell: number) => vetoed[(rowOf(cell) * CELL + CELL / 2) * W + (cell % COLUMNS) * CELL + CELL / 2];
    expect(at(shaded)).toBe(0);
    for (const cell of run) {
      const centreRow = rowOf(cell) * CELL + (CELL - 1) / 2;
      // Cleared below the horizon by more than 2% of the height; kept at and above it (a wall of the carpet's colour).
      expect(at(cell)).toBe(centreRow > horizonRow + 0.02 * H ? 0 : 1);
    }
    expect(at(olive)).toBe(1);
  });
});
