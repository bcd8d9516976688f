import { describe, expect, it } from 'vitest';
import type { WallAnalysis } from './analyse.ts';
import { removeCeiling } from './ceiling.ts';
import type { Segment } from './lines.ts';

const W = 200;
const H = 120;
const CORNICE = 40;

function segment(x1: number, y1: number, x2: number, y2: number): Segment {
  return { x1, y1, x2, y2, length: Math.hypot(x2 - x1, y2 - y1), angle: Math.atan2(y2 - y1, x2 - x1) };
}

/**
 * A frontal room whose ceiling the classifier read as wall: "wall" everywhere, a cornice at row 40 found as two
 * segments end to end. Across the left one the light changes (the ceiling is brighter there); across the right
 * one it hardly does. `mirrorAbove` puts a non-wall mirror above the right segment instead of ceiling.
 */
function room(mirrorAbove = false): { analysis: WallAnalysis; wall: Uint8Array } {
  const l = new Float32Array(W * H).fill(60);
  for (let y = 0; y < CORNICE; y++) for (let x = 0; x < W / 2; x++) l[y * W + x] = 68;
  const wall = new Uint8Array(W * H).fill(1);
  if (mirrorAbove) for (let y = 5; y < 30; y++) for (let x = 120; x < 180; x++) wall[y * W + x] = 0;
  const analysis = {
    work: { width: W, height: H, data: new Uint8Array(W * H * 3) },
    lab: { width: W, height: H, l, a: new Float32Array(W * H), b: new Float32Array(W * H) },
    geometry: {
      vanishingPoints: [],
      horizonY: 100,
      measuredHorizon: true,
      frontalSupport: 0,
      segments: [segment(0, CORNICE, 100, CORNICE), segment(101, CORNICE, 190, CORNICE)],
    },
  } as unknown as WallAnalysis;
  return { analysis, wall };
}

const wallAbove = (mask: Uint8Array, x0: number, x1: number): number => {
  let n = 0;
  for (let y = 0; y < CORNICE - 1; y++) for (let x = x0; x < x1; x++) n += mask[y * W + x]!;
  return n;
};

describe('removeCeiling', () => {
  it('cuts above a wall-ceiling line, and above the segments that continue it where the light barely changes', () => {
    const { analysis, wall } = room();
    const out = removeCeiling(analysis, wall);
    expect(wallAbove(out, 0, 100)).toBe(0);
    expect(wallAbove(out, 101, 190)).toBe(0);
    // Below the cornice the wall stays.
    expect(out[(CORNICE + 5) * W + 150]).toBe(1);
  });

  it('does not follow a line that has something other than ceiling above it (a mirror over a mantel)', () => {
    const { analysis, wall } = room(true);
    const out = removeCeiling(analysis, wall);
    expect(wallAbove(out, 0, 100)).toBe(0);
    expect(wallAbove(out, 101, 190)).toBe(wallAbove(wall, 101, 190));
  });
});
