import type { WallAnalysis } from './analyse.ts';
import { angleToPoint, isVertical } from './lines.ts';
import { superpixelNeighbours } from './slic.ts';

/**
 * A wall orientation: the horizontal direction the wall runs along, in camera coordinates (x right, y down,
 * z forward; level camera, so its y is 0). A wall receding toward a vanishing point runs toward that point; a
 * frontal wall runs along x.
 */
export interface WallOrientation {
  readonly dx: number;
  readonly dz: number;
  /** Image column (analysis pixels) of the vanishing point, or null for a frontal wall. */
  readonly vanishingX: number | null;
}

export interface WallPlanes {
  readonly orientations: readonly WallOrientation[];
  /** Orientation index of every superpixel of the analysis (walls only; others -1). */
  readonly ofSuperpixel: Int16Array;
  /** Focal length in analysis pixels (the same 0.7 x width the vanishing-point search assumed). */
  readonly focal: number;
  readonly horizonY: number;
  /** True when no vanishing point was found: every wall is laid frontally (the fallback). */
  readonly frontalFallback: boolean;
}

const FRONTAL_TOLERANCE = (3 * Math.PI) / 180;
const VP_TOLERANCE = (2.5 * Math.PI) / 180;

/**
 * Which orientation each wall superpixel has: segments lying on the wall (or on its top and bottom edges) vote for
 * the vanishing point they point at, or for "frontal" when they run level; votes spread to nearby wall
 * superpixels, then a neighbour majority cleans the labels. Walls without nearby evidence take the overall
 * winner.
 */
export function assignWallPlanes(analysis: WallAnalysis, wall: Uint8Array): WallPlanes {
  const { width: w, height: h } = analysis.work;
  const { geometry, superpixels } = analysis;
  const focal = 0.7 * w;
  const cx = w / 2;
  const orientations: WallOrientation[] = [{ dx: 1, dz: 0, vanishingX: null }];
  for (const v of geometry.vanishingPoints) {
    const len = Math.hypot(v.x - cx, focal);
    orientations.push({ dx: (v.x - cx) / len, dz: focal / len, vanishingX: v.x });
  }
  const k = superpixels.count;
  const count = new Float64Array(k);
  const sx = new Float64Array(k);
  const sy = new Float64Array(k);
  const wallCount = new Float64Array(k);
  for (let y = 0, i = 0; y < h; y++) {
    for (let x = 0; x < w; x++, i++) {
      const s = superpixels.labels[i]!;
      count[s] = count[s]! + 1;
      sx[s] = sx[s]! + x;
      sy[s] = sy[s]! + y;
      if (wall[i]) wallCount[s] = wallCount[s]! + 1;
    }
  }
  const isWall = (s: number): boolean => wallCount[s]! > count[s]! / 2;
  const nearWall = (x: number, y: number): boolean => {
    for (let d = -4; d <= 4; d += 2) {
      const yy = Math.round(y + d);
      const xx = Math.round(x);
      if (yy >= 0 && yy < h && xx >= 0 && xx < w && wall[yy * w + xx]) return true;
    }
    return false;
  };
  const votes = new Float64Array(k * orientations.length);
  const radius = 0.15 * w;
  const total = new Float64Array(orientations.length);
  for (const s of geometry.segments) {
    if (isVertical(s)) continue;
    const mx = (s.x1 + s.x2) / 2;
    const my = (s.y1 + s.y2) / 2;
    if (!nearWall(mx, my)) continue;
    let best = -1;
    let bestError = Infinity;
    const level = Math.min(s.angle, Math.PI - s.angle);
    if (level < FRONTAL_TOLERANCE) ((best = 0), (bestError = level));
    for (let o = 1; o < orientations.length; o++) {
      const error = angleToPoint(s, orientations[o]!.vanishingX!, geometry.horizonY);
      if (error < VP_TOLERANCE && error < bestError) ((best = o), (bestError = error));
    }
    if (best < 0) continue;
    total[best] = total[best]! + s.length;
    for (let t = 0; t < k; t++) {
      if (!isWall(t)) continue;
      const d = Math.hypot(sx[t]! / count[t]! - mx, sy[t]! / count[t]! - my);
      if (d < 2 * radius)
        votes[t * orientations.length + best] = votes[t * orientations.length + best]! + s.length * Math.exp(-d / radius);
    }
  }
  let overall = 0;
  for (let o = 1; o < orientations.length; o++) if (total[o]! > total[overall]!) overall = o;
  let labels = new Int16Array(k).fill(-1);
  for (let t = 0; t < k; t++) {
    if (!isWall(t)) continue;
    let best = overall;
    let bestVote = 0.05 * Math.max(w, h);
    for (let o = 0; o < orientations.length; o++) {
      const v = votes[t * orientations.length + o]!;
      if (v > bestVote) ((best = o), (bestVote = v));
    }
    labels[t] = best;
  }
  // A wall pixel must lie on one side of its vanishing point's column; superpixels straddling it go frontal.
  for (let t = 0; t < k; t++) {
    const o = orientations[labels[t]!];
    if (!o || o.vanishingX === null) continue;
    if (Math.abs(sx[t]! / count[t]! - o.vanishingX) < 0.03 * w) labels[t] = 0;
  }
  const neighbours = superpixelNeighbours(superpixels);
  for (let pass = 0; pass < 2; pass++) {
    const next = Int16Array.from(labels);
    for (let t = 0; t < k; t++) {
      if (labels[t]! < 0) continue;
      const tally = new Float64Array(orientations.length);
      tally[labels[t]!] = tally[labels[t]!]! + count[t]! * 1.5;
      for (const n of neighbours[t]!) if (labels[n]! >= 0) tally[labels[n]!] = tally[labels[n]!]! + count[n]!;
      let best = labels[t]!;
      for (let o = 0; o < orientations.length; o++) if (tally[o]! > tally[best]!) best = o;
      next[t] = best;
    }
    labels = next;
  }
  return {
    orientations,
    ofSuperpixel: labels,
    focal,
    horizonY: geometry.horizonY,
    frontalFallback: orientations.length === 1,
  };
}
