import { lowestLabelRows, roomLabelsAtSize } from '../room/labels.ts';
import { ROOM_LABEL, type RoomModel } from '../room/types.ts';
import type { WallAnalysis } from './analyse.ts';
import { CEILING_FOREST } from './ceiling-forest.ts';
import { FEATURE_COUNT } from './features.ts';
import { predictProbabilities, type Forest } from '../learn/gbdt.ts';

/**
 * What the ceiling classifier reads of a superpixel beyond the wall classifier's own features: where it sits against
 * the room model (its camera's elevation of the superpixel's centre, top and bottom; the share of it the layout
 * calls ceiling, wall and floor; how far above the layout's ceiling edge in its column it is) and the wall
 * classifier's probability.
 */
export const ROOM_FEATURE_NAMES = [
  'elevationCentre',
  'elevationTop',
  'elevationBottom',
  'layoutCeiling',
  'layoutWall',
  'layoutFloor',
  'aboveLayoutEdge',
  'wallProbability',
] as const;

export const CEILING_FEATURE_COUNT = FEATURE_COUNT + ROOM_FEATURE_NAMES.length;

/** Superpixels of the wall mask at or above this ceiling probability are taken off (see scripts/sections/ceiling.ts). */
export const CEILING_THRESHOLD = 0.5;

/** Degrees, where a column has no layout ceiling: the edge is taken as beyond the frame's top. */
const NO_EDGE = -30;

/** A pixel's angle above the horizon (degrees) in the room model's camera, at the analysis size. */
export function elevationAtWorkSize(room: RoomModel, ww: number, wh: number): (x: number, y: number) => number {
  const r = room.camera.rotation;
  // The world's up in camera coordinates (x right, y down, z forward): the rotation's second column.
  const up = [r[1]!, r[4]!, r[7]!] as const;
  const s = ww / room.width;
  const focal = room.camera.focalPx * s;
  const cx = room.camera.principalPoint[0] * s;
  const cy = room.camera.principalPoint[1] * (wh / room.height);
  return (x, y) => {
    const dx = x + 0.5 - cx;
    const dy = y + 0.5 - cy;
    return (Math.asin((dx * up[0] + dy * up[1] + focal * up[2]) / Math.hypot(dx, dy, focal)) * 180) / Math.PI;
  };
}

/** count x CEILING_FEATURE_COUNT rows: the wall features followed by ROOM_FEATURE_NAMES. */
export function ceilingFeatures(
  analysis: Pick<WallAnalysis, 'work' | 'superpixels' | 'features'>,
  room: RoomModel,
  wallProbabilities: Float32Array,
): Float32Array {
  const { width: ww, height: wh } = analysis.work;
  const { labels, count } = analysis.superpixels;
  const layoutAt = roomLabelsAtSize(room, ww, wh);
  const elevation = elevationAtWorkSize(room, ww, wh);
  // Per column, the lowest row of the layout's ceiling (-1: none in the column).
  const edgeRow = lowestLabelRows(layoutAt, ww, ROOM_LABEL.ceiling);
  const n = new Float64Array(count);
  const sx = new Float64Array(count);
  const sy = new Float64Array(count);
  const top = new Float64Array(count).fill(wh);
  const bottom = new Float64Array(count);
  const ceiling = new Float64Array(count);
  const wall = new Float64Array(count);
  const floor = new Float64Array(count);
  for (let y = 0, i = 0; y < wh; y++) {
    for (let x = 0; x < ww; x++, i++) {
      const s = labels[i]!;
      n[s] = n[s]! + 1;
      sx[s] = sx[s]! + x;
      sy[s] = sy[s]! + y;
      if (y < top[s]!) top[s] = y;
      if (y > bottom[s]!) bottom[s] = y;
      const label = layoutAt[i]!;
      if (label === ROOM_LABEL.ceiling) ceiling[s] = ceiling[s]! + 1;
      else if (label === ROOM_LABEL.floor) floor[s] = floor[s]! + 1;
      else wall[s] = wall[s]! + 1;
    }
  }
  const rows = new Float32Array(count * CEILING_FEATURE_COUNT);
  const base = analysis.features.rows;
  for (let s = 0; s < count; s++) {
    const o = s * CEILING_FEATURE_COUNT;
    rows.set(base.subarray(s * FEATURE_COUNT, (s + 1) * FEATURE_COUNT), o);
    const size = Math.max(1, n[s]!);
    const cx = Math.min(ww - 1, Math.round(sx[s]! / size));
    const cy = sy[s]! / size;
    const centre = elevation(cx, cy);
    const edge = edgeRow[cx]!;
    let f = o + FEATURE_COUNT;
    rows[f++] = centre;
    rows[f++] = elevation(cx, top[s]!);
    rows[f++] = elevation(cx, bottom[s]!);
    rows[f++] = ceiling[s]! / size;
    rows[f++] = wall[s]! / size;
    rows[f++] = floor[s]! / size;
    rows[f++] = edge >= 0 ? centre - elevation(cx, edge + 0.5) : centre - elevation(cx, 0) + NO_EDGE;
    rows[f] = wallProbabilities[s]!;
  }
  return rows;
}

/** Per-superpixel ceiling probability from the trained forest. */
export function ceilingProbabilities(forest: Forest, rows: Float32Array): Float32Array {
  return predictProbabilities(forest, rows, CEILING_FEATURE_COUNT);
}

/**
 * The wall map with the superpixels the ceiling forest calls ceiling taken off; null when it takes none.
 *
 * The layout's ceiling vetoes (layout-ceiling.ts) can only take off a ceiling the layout found, and on the held-out
 * renders the layout finds none, or a sliver, in a fifth of the rooms, whose ceilings the wall classifier paints
 * whole. The forest (ceiling-forest.ts) was trained on the renders' exact ceiling labels (seeds above the validation
 * set) with the room model's view of each superpixel (ROOM_FEATURE_NAMES), and on the wall-annotated photos' wall
 * pixels as not-ceiling (at 3 times a render's weight), which keeps it off real walls. Chosen in
 * scripts/sections/ceiling.ts, at the analysis size: on the 30 held-out renders the painted share of the ceiling fell
 * 12.16% -> 3.34% (pooled over their ceiling pixels 7.36% -> 1.52%), the fixtures' wall IoU (each scored by a forest
 * trained without its fold) 0.5798 -> 0.5774. Trained on the renders alone it took more real wall (on 206 renders:
 * fixtures -0.007 where the real pixels cost nothing); higher thresholds leave more ceiling (0.6: 4.25%, 0.7: 7.20%).
 */
export function vetoLearnedCeiling(
  analysis: Pick<WallAnalysis, 'superpixels'>,
  workWall: Uint8Array,
  probabilities: Float32Array,
  threshold: number,
): Uint8Array | null {
  const labels = analysis.superpixels.labels;
  let changed = false;
  const out = new Uint8Array(workWall);
  for (let i = 0; i < out.length; i++) {
    if (out[i] && probabilities[labels[i]!]! >= threshold) {
      out[i] = 0;
      changed = true;
    }
  }
  return changed ? out : null;
}

/** `vetoLearnedCeiling` with the shipped forest and threshold, features read from the room model; null when it takes none. */
export function learnedCeilingVeto(
  analysis: Pick<WallAnalysis, 'work' | 'superpixels' | 'features'>,
  workWall: Uint8Array,
  room: RoomModel,
  wallProbabilities: Float32Array,
): Uint8Array | null {
  const probabilities = ceilingProbabilities(CEILING_FOREST, ceilingFeatures(analysis, room, wallProbabilities));
  return vetoLearnedCeiling(analysis, workWall, probabilities, CEILING_THRESHOLD);
}
