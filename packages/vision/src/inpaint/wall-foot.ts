import type { RgbImage } from '../image.ts';
import { forEachPatch, type Mask } from '../mask.ts';
import { roomLabelsAtSize } from '../room/labels.ts';
import { ROOM_LABEL, type RoomModel } from '../room/types.ts';
import { membrane } from './diffusion.ts';

/** Which side of the photo's wall foot a hole pixel lies on (`WallFoot.side`). */
export const FOOT_SIDE = { unknown: 0, wall: 1, floor: 2 } as const;

/** A skirting board seen beside a hole: its colours from the foot up, and its height there. */
interface Skirting {
  /** RGB per row above the foot (row 0 touches the floor), TRANSITION_ROWS more than `height`. */
  readonly profile: Float32Array;
  /** Rows from the foot to the skirting's top edge. */
  readonly height: number;
}

/** The foot line across one hole part, with what the photo shows on either side of it. */
interface PartFoot {
  /** First column of `rows`. */
  readonly x0: number;
  /** The foot's row (the first floor row, fractional) per column from x0. */
  readonly rows: Float32Array;
  /** The skirting at the part's left and right (the nearest seen), or null where none was seen. */
  readonly left: { x: number; skirting: Skirting | null } | null;
  readonly right: { x: number; skirting: Skirting | null } | null;
}

export interface WallFoot {
  /** Per photo pixel, for hole pixels of parts whose foot was found: FOOT_SIDE.wall above the foot, .floor below. */
  readonly side: Uint8Array;
  readonly parts: readonly PartFoot[];
}

/** Hole parts smaller than this share of the photo are left to the layout (a small hole seldom spans the foot). */
const MIN_PART_SHARE = 0.01;
/** Columns beside the part read for the foot: this share of its width, between MIN_SIDE and MAX_SIDE px. */
const SIDE_SHARE = 0.3;
const MIN_SIDE = 24;
const MAX_SIDE = 160;
/** The labels turn from floor to wall this close above the foot (share of the photo's height; they often take the skirting for floor). */
const WALL_REACH = 0.08;
/** Floor rows a column must show under the foot, and wall rows over it, for the foot to count (px). */
const MIN_FLOOR_RUN = 4;
const MIN_WALL_RUN = 4;
/** The floor's colour steps at the foot: STEP_ROWS rows above it FLOOR_DRIFT from the followed floor colour, or their mean FLOOR_EDGE from the rows' below (RGB distance). */
const FLOOR_DRIFT = 30;
const FLOOR_EDGE = 24;
const STEP_ROWS = 3;
/** Fewest columns of one side that see the foot for that side to place it; a line fits them within FIT_TOLERANCE px. */
const MIN_COLUMNS = 6;
const FIT_TOLERANCE = 3;
const MIN_INLIERS = 0.3;
/** Steepest foot line believed (rows per column): a side wall's foot seen at a slant. */
const MAX_SLOPE = 1.5;
/** A side's own slope is used when its columns span this many px; a shorter run is taken as level. */
const MIN_SLOPE_SPAN = 40;
/** The photo's foot may lie at most this share of the photo's height from the layout's floor edge. */
const MAX_LAYOUT_GAP = 0.1;
/** Rows above the foot a skirting is looked for in (share of the photo's height, at least MIN_SKIRTING_ROWS). */
const SKIRTING_SHARE = 0.08;
const MIN_SKIRTING_ROWS = 12;
/** The wall's own colour is the median of the topmost WALL_ROWS rows read; a skirting's row is farther from it than SKIRTING_OFF_WALL (RGB). */
const WALL_ROWS = 5;
const SKIRTING_OFF_WALL = 10;
/** Fewest rows a skirting spans (fewer is the foot's own shadow line). */
const MIN_SKIRTING = 4;
/** The colour over a side's skirting lies within WALL_MATCH (RGB) of the wall's around the hole (read within WALL_RING px of it). */
const WALL_MATCH = 70;
const WALL_RING = 16;
/** Rows above the skirting's top drawn too, blending into the wall's fill. */
const TRANSITION_ROWS = 3;

/**
 * The wall's foot across a hole, as the photo shows it beside the hole: in the columns left and right of each large
 * hole part, the row where the floor's colour steps to a skirting or wall, fitted with a straight line on each side;
 * across the part, the layout's floor edge moved to meet those feet. The layout's junction is often tens of pixels
 * off behind a bed, and the floor's reach (floor-plane.ts's MIN_DROP) then carried the wall down into the room as a
 * slab standing on the carpet (`furnished_houses_163`); the photo's own foot beside the bed says where the wall
 * stops. Null when no part shows its foot on either side (a bed flanked by nightstands).
 */
export function photoWallFoot(image: RgbImage, hole: Mask, room: RoomModel): WallFoot | null {
  const labels = roomLabelsAtSize(room, image.width, image.height);
  const layoutFloorTop = floorTopRows(room, image.width);
  const { width: w, height: h } = image;
  const side = new Uint8Array(w * h);
  const parts: PartFoot[] = [];
  for (const part of holeParts(hole, Math.round(MIN_PART_SHARE * w * h))) {
    const found = partFoot(image, hole, labels, layoutFloorTop, part);
    if (!found) continue;
    parts.push(found);
    for (const i of part.pixels) {
      const x = i % w;
      const y = (i - x) / w;
      side[i] = y + 0.5 >= found.rows[x - found.x0]! ? FOOT_SIDE.floor : FOOT_SIDE.wall;
    }
  }
  return parts.length ? { side, parts } : null;
}

interface HolePart {
  readonly pixels: number[];
  readonly box: [number, number, number, number];
}

/** The hole's parts (mask.ts's `forEachPatch`) of at least `minSize` pixels, with their boxes (inclusive). */
function holeParts(hole: Mask, minSize: number): HolePart[] {
  const parts: HolePart[] = [];
  forEachPatch(hole.data, hole.width, (members) => {
    if (members.length < minSize) return;
    const box: [number, number, number, number] = [hole.width, hole.height, -1, -1];
    for (const i of members) {
      const x = i % hole.width;
      const y = (i - x) / hole.width;
      box[0] = Math.min(box[0], x);
      box[1] = Math.min(box[1], y);
      box[2] = Math.max(box[2], x);
      box[3] = Math.max(box[3], y);
    }
    // `members` is reused for the next patch: the part keeps a copy.
    parts.push({ pixels: [...members], box });
  });
  return parts;
}

interface Line {
  readonly slope: number;
  readonly at: (x: number) => number;
}

interface SideSeen {
  readonly line: Line;
  /** The observed column nearest the part, and the skirting seen on this side. */
  readonly x: number;
  readonly skirting: Skirting | null;
}

function partFoot(
  image: RgbImage,
  hole: Mask,
  labels: Uint8Array,
  layoutFloorTop: Float32Array,
  part: HolePart,
): PartFoot | null {
  const { width: w, height: h } = image;
  const [bx0, by0, bx1, by1] = part.box;
  const reach = Math.round(Math.min(MAX_SIDE, Math.max(MIN_SIDE, SIDE_SHARE * (bx1 - bx0))));
  const wall = wallAround(image, hole, labels, layoutFloorTop, part);
  const left = sideFoot(image, hole, labels, by0, by1, bx0 - 1, Math.max(0, bx0 - reach), -1, wall);
  const right = sideFoot(image, hole, labels, by0, by1, bx1 + 1, Math.min(w - 1, bx1 + reach), 1, wall);
  if (!left && !right) return null;
  // The layout's floor edge, moved to meet the photo's foot on each side seen (by an offset that changes linearly
  // from one side to the other): the layout knows the walls' directions and corners, the photo where they stand.
  const offsetAt = (seen: SideSeen): number => seen.line.at(seen.x) - layoutFloorTop[seen.x]!;
  const offsets = [left, right].map((seen) => (seen ? offsetAt(seen) : NaN));
  if (offsets.some((o, k) => [left, right][k] && !(Math.abs(o) <= MAX_LAYOUT_GAP * h))) return null;
  const rows = new Float32Array(bx1 - bx0 + 1);
  for (let x = bx0; x <= bx1; x++) {
    const layout = layoutFloorTop[x]!;
    if (!Number.isFinite(layout)) return null;
    let offset: number;
    if (left && right) offset = offsets[0]! + ((x - left.x) * (offsets[1]! - offsets[0]!)) / (right.x - left.x);
    else offset = left ? offsets[0]! : offsets[1]!;
    rows[x - bx0] = layout + offset;
  }
  return {
    x0: bx0,
    rows,
    left: left && { x: left.x, skirting: left.skirting },
    right: right && { x: right.x, skirting: right.skirting },
  };
}

/**
 * The foot seen in the columns from `from` to `to` (stepping `step`) beside a hole part spanning rows y0..y1: a line
 * through the columns that show floor under wall, and the skirting's median profile over them. Null when too few do.
 */
function sideFoot(
  image: RgbImage,
  hole: Mask,
  labels: Uint8Array,
  y0: number,
  y1: number,
  from: number,
  to: number,
  step: -1 | 1,
  partWall: readonly number[] | null,
): SideSeen | null {
  const { width: w } = image;
  if ((to - from) * step < 0 || from < 0 || from >= w) return null;
  // Each way of finding the floor's top in a column (STEP_FINDERS) is fitted, and the lower line kept: the floor's top
  // is its first step up from the floor, and the followed colour can walk through a faint foot to a wall's cap above.
  let best: { xs: number[]; ys: number[]; inliers: boolean[]; median: number } | null = null;
  for (const finder of STEP_FINDERS) {
    const xs: number[] = [];
    const ys: number[] = [];
    for (let x = from; step > 0 ? x <= to : x >= to; x += step) {
      const y = footInColumn(image, hole, labels, x, y0, y1, finder);
      if (y === null) continue;
      xs.push(x);
      ys.push(y);
    }
    if (xs.length < MIN_COLUMNS) continue;
    const inliers = consensus(xs, ys);
    const kept = inliers.filter(Boolean).length;
    if (kept < MIN_COLUMNS || kept < MIN_INLIERS * xs.length) continue;
    const median = medianOf(ys.filter((_, k) => inliers[k]));
    if (best && median <= best.median) continue;
    best = { xs, ys, inliers, median };
  }
  if (!best) return null;
  const { xs, ys, inliers } = best;
  const keptX = xs.filter((_, k) => inliers[k]);
  const keptY = ys.filter((_, k) => inliers[k]);
  const refit = fitLine(keptX, keptY);
  const span = Math.max(...keptX) - Math.min(...keptX);
  const level = medianOf(keptY);
  const final: Line =
    refit && span >= MIN_SLOPE_SPAN && Math.abs(refit.slope) <= MAX_SLOPE ? refit : { slope: 0, at: () => level };
  const nearest = step > 0 ? Math.min(...keptX) : Math.max(...keptX);
  // What stands on the step must be the wall the hole shows: the bottom of a nightstand the labels took for wall is
  // a step of the floor's colour too, under dark wood (`furnished_houses_143`: its base was drawn along the foot).
  const above = skirtingProfile(image, keptX, keptY);
  if (!above || !partWall || colourDistance(above.wall, partWall) > WALL_MATCH) return null;
  return { line: final, x: nearest, skirting: above.skirting };
}

type StepFinder = (image: RgbImage, hole: Mask, x: number, top: number, bottom: number) => number | null;

/**
 * The floor's top in column x, scanning up from `bottom`: where the next STEP_ROWS rows all lie FLOOR_DRIFT from the
 * floor's colour, followed as it changes slowly up the column (an exponential average of the rows passed). It sees a
 * skirting over a carpet of its own light (`furnished_houses_163`, `_122`) through the carpet's grain and boards' seams.
 */
const stepFromFloorColour: StepFinder = (image, hole, x, top, bottom) => {
  const { width: w } = image;
  const px = (row: number): number => (row * w + x) * 3;
  const floor = [image.data[px(bottom)]!, image.data[px(bottom) + 1]!, image.data[px(bottom) + 2]!];
  for (let y = bottom; y > top; y--) {
    if (hole.data[y * w + x]) return null;
    let step = true;
    for (let k = 1; k <= STEP_ROWS && step; k++) {
      const p = px(y - k);
      const distance = colourDistance(image.data.subarray(p, p + 3), floor);
      if (distance < FLOOR_DRIFT || hole.data[(y - k) * w + x]) step = false;
    }
    if (step) return y;
    for (let c = 0; c < 3; c++) floor[c] = 0.8 * floor[c]! + 0.2 * image.data[px(y) + c]!;
  }
  return null;
};

/**
 * The floor's top in column x, scanning up from `bottom`: the first row where the mean colour of the STEP_ROWS rows
 * above it (over three columns) lies FLOOR_EDGE from theirs from it down, moved up to where that step is largest. It
 * sees a thin skirting over a shadow the floor's colour fades into (`furnished_houses_113`'s low wall), which the
 * followed colour walks through.
 */
const stepAtEdge: StepFinder = (image, hole, x, top, bottom) => {
  const { width: w } = image;
  const xs = [Math.max(0, x - 1), x, Math.min(w - 1, x + 1)];
  const below = [0, 0, 0];
  const above = [0, 0, 0];
  const mean = (from: number, out: number[]): void => {
    out[0] = out[1] = out[2] = 0;
    for (let r = from; r < from + STEP_ROWS; r++)
      for (const c of xs) for (let k = 0; k < 3; k++) out[k]! += image.data[(r * w + c) * 3 + k]!;
    for (let k = 0; k < 3; k++) out[k]! /= STEP_ROWS * xs.length;
  };
  const stepAt = (row: number): number => {
    mean(row, below);
    mean(row - STEP_ROWS, above);
    return colourDistance(below, above);
  };
  for (let y = Math.min(bottom, image.height - STEP_ROWS); y > top + STEP_ROWS; y--) {
    if (hole.data[y * w + x] || hole.data[(y - 1) * w + x]) return null;
    let largest = stepAt(y);
    if (largest < FLOOR_EDGE) continue;
    // First seen on its lower flank: the step lies where it is largest, a few rows up.
    let at = y;
    for (let r = y - 1; r > Math.max(top + STEP_ROWS, y - 1 - STEP_ROWS); r--) {
      if (hole.data[(r - 1) * w + x]) break;
      const next = stepAt(r);
      if (next <= largest) break;
      [at, largest] = [r, next];
    }
    return at;
  }
  return null;
};

const STEP_FINDERS: readonly StepFinder[] = [stepFromFloorColour, stepAtEdge];

/**
 * Where floor meets wall in column x between rows y0 and y1 (the first floor row), scanning up from y1 with `finder`:
 * floor (labelled floor where the scan starts) up to a step of colour, with known pixels above the step that are no
 * furniture and turn to wall in the labels soon above it. The colour places the step, not the labels: they often run
 * the floor up over the skirting (`furnished_houses_163`) or stop short of it. Null when the column shows no such
 * foot (furniture stands there, or the hole).
 */
function footInColumn(
  image: RgbImage,
  hole: Mask,
  labels: Uint8Array,
  x: number,
  y0: number,
  y1: number,
  finder: StepFinder,
): number | null {
  const { width: w, height: h } = image;
  const top = Math.max(STEP_ROWS, y0);
  const bottom = Math.min(h - 1, y1);
  if (hole.data[bottom * w + x] || labels[bottom * w + x] !== ROOM_LABEL.floor) return null;
  const y = finder(image, hole, x, top, bottom);
  if (y === null || bottom - y < MIN_FLOOR_RUN) return null;
  // Above the step: a skirting, then wall or a door (labelled so within WALL_REACH rows), known, and no furniture.
  const reach = Math.round(WALL_REACH * h);
  for (let k = 1; k <= reach && y - k >= 0; k++) {
    const i = (y - k) * w + x;
    if (hole.data[i] || labels[i] === ROOM_LABEL.object) return null;
    if (k >= MIN_WALL_RUN && labels[i] !== ROOM_LABEL.floor) return y;
  }
  return null;
}

/**
 * The columns on the line through two of them that the most columns lie on (within FIT_TOLERANCE px): the foot is
 * one straight line, and a nightstand's foot or a rug's edge beside it are columns off it. Every pair is tried (at
 * most MAX_SIDE columns a side).
 */
function consensus(xs: readonly number[], ys: readonly number[]): boolean[] {
  let best: boolean[] = xs.map(() => false);
  let bestCount = 0;
  for (let a = 0; a < xs.length; a++)
    for (let b = a + 1; b < xs.length; b++) {
      if (xs[a] === xs[b]) continue;
      const slope = (ys[b]! - ys[a]!) / (xs[b]! - xs[a]!);
      if (Math.abs(slope) > MAX_SLOPE) continue;
      let count = 0;
      for (let k = 0; k < xs.length; k++) if (Math.abs(ys[a]! + slope * (xs[k]! - xs[a]!) - ys[k]!) <= FIT_TOLERANCE) count++;
      if (count <= bestCount) continue;
      bestCount = count;
      best = xs.map((x, k) => Math.abs(ys[a]! + slope * (x - xs[a]!) - ys[k]!) <= FIT_TOLERANCE);
    }
  return best;
}

/** Least squares y = a + b x; null on fewer than two distinct columns. */
function fitLine(xs: readonly number[], ys: readonly number[]): Line | null {
  const n = xs.length;
  let [sx, sy, sxx, sxy] = [0, 0, 0, 0];
  for (let k = 0; k < n; k++) {
    sx += xs[k]!;
    sy += ys[k]!;
    sxx += xs[k]! * xs[k]!;
    sxy += xs[k]! * ys[k]!;
  }
  const spread = n * sxx - sx * sx;
  if (n < 2 || spread <= 0) return null;
  const slope = (n * sxy - sx * sy) / spread;
  const intercept = (sy - slope * sx) / n;
  return { slope, at: (x) => intercept + slope * x };
}

/**
 * The skirting above the foot in the given columns (each at its own foot row): the median colour of each row above
 * the foot, up to the last row that still differs from the wall's own colour (the median of the topmost rows read).
 * Null when it differs for fewer than MIN_SKIRTING rows (a wall with no skirting, or one of the wall's colour).
 */
function skirtingProfile(
  image: RgbImage,
  xs: readonly number[],
  feet: readonly number[],
): { wall: number[]; skirting: Skirting | null } | null {
  const { width: w } = image;
  const rows = Math.max(MIN_SKIRTING_ROWS, Math.round(SKIRTING_SHARE * image.height));
  const median = new Float32Array(rows * 3);
  const values: number[] = [];
  for (let d = 0; d < rows; d++)
    for (let c = 0; c < 3; c++) {
      values.length = 0;
      xs.forEach((x, k) => {
        const y = Math.round(feet[k]!) - 1 - d;
        if (y >= 0) values.push(image.data[(y * w + x) * 3 + c]!);
      });
      if (!values.length) return null;
      values.sort((a, b) => a - b);
      median[d * 3 + c] = values[values.length >> 1]!;
    }
  const wall = [0, 1, 2].map((c) => {
    const top = Array.from({ length: WALL_ROWS }, (_, k) => median[(rows - 1 - k) * 3 + c]!).sort((a, b) => a - b);
    return top[WALL_ROWS >> 1]!;
  });
  let height = 0;
  for (let d = 0; d < rows - WALL_ROWS; d++) {
    if (colourDistance(median.subarray(d * 3, d * 3 + 3), wall) > SKIRTING_OFF_WALL) height = d + 1;
  }
  if (height < MIN_SKIRTING || height >= rows - WALL_ROWS) return { wall, skirting: null };
  const length = Math.min(rows, height + TRANSITION_ROWS);
  return { wall, skirting: { profile: median.slice(0, length * 3), height } };
}

/**
 * Draws the skirting seen beside each hole part along the foot through it, over the hole's wall-side pixels: each
 * column takes the profile of the side it is nearer to, blended across the part, stretched to the height the two
 * sides' heights give there. The plain wall fill stops at the foot as a flat panel; the skirting running on through
 * the hole is what makes it read as the same wall (Huang et al.'s structure first: the lines crossing the hole).
 */
export function drawSkirting(image: RgbImage, hole: Mask, foot: WallFoot): RgbImage {
  const { width: w, height: h } = image;
  const out = new Uint8Array(image.data);
  for (const part of foot.parts) {
    const sides = [part.left, part.right].filter((s) => s?.skirting) as { x: number; skirting: Skirting }[];
    if (!sides.length) continue;
    for (let k = 0; k < part.rows.length; k++) {
      const x = part.x0 + k;
      const footRow = part.rows[k]!;
      // Each side's weight falls with distance; with one side, it alone.
      const weights = sides.map((s) => 1 / (1 + Math.abs(x - s.x)));
      const total = weights.reduce((a, b) => a + b, 0);
      const height = sides.reduce((sum, s, j) => sum + (weights[j]! / total) * s.skirting.height, 0);
      // Drawn at the foot's sub-pixel row, the profile read between its rows: a slanting foot and the skirting's
      // top were staircases of whole rows (seen at 3x on `furnished_houses_163`).
      for (let y = Math.floor(footRow); y >= footRow - height - TRANSITION_ROWS - 1; y--) {
        if (y < 0 || y >= h) continue;
        const i = y * w + x;
        if (!hole.data[i]) continue;
        // How much of the pixel lies above the foot, and past the skirting's top how far the fade into the wall is.
        const above = Math.min(1, Math.max(0, footRow - y));
        const t = footRow - (y + 0.5);
        const fade = t <= height ? 1 : Math.max(0, 1 - (t - height) / (TRANSITION_ROWS + 1));
        const weight = above * fade;
        if (weight <= 0) continue;
        for (let c = 0; c < 3; c++) {
          let value = 0;
          sides.forEach((s, j) => {
            const rows = s.skirting.profile.length / 3;
            const r = Math.min(rows - 1, Math.max(0, (t * s.skirting.height) / height - 0.5));
            const r0 = Math.floor(r);
            const r1 = Math.min(rows - 1, r0 + 1);
            const sample = s.skirting.profile[r0 * 3 + c]! * (1 - (r - r0)) + s.skirting.profile[r1 * 3 + c]! * (r - r0);
            value += (weights[j]! / total) * sample;
          });
          out[i * 3 + c] = Math.round(weight * value + (1 - weight) * image.data[i * 3 + c]!);
        }
      }
    }
  }
  return { data: out, width: w, height: h };
}

/** The layout floor polygon's top edge in each photo column (photo rows), NaN where the floor is not in the column. */
function floorTopRows(room: RoomModel, width: number): Float32Array {
  const s = room.width / width;
  const polygon = room.floor.polygon;
  const top = new Float32Array(width).fill(NaN);
  for (let x = 0; x < width; x++) {
    const mx = (x + 0.5) * s;
    for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
      const [xi, yi] = polygon[i]!;
      const [xj, yj] = polygon[j]!;
      if (xi > mx === xj > mx) continue;
      const y = (yi + ((mx - xi) * (yj - yi)) / (xj - xi)) / s;
      if (Number.isNaN(top[x]!) || y < top[x]!) top[x] = y;
    }
  }
  return top;
}

/**
 * The hole's floor below the photo's foot that the rectified floor fill left for lying too far (floor-plane.ts's
 * MIN_DROP, under a camera that puts the foot too far away), filled in each column as the mirror image of the filled
 * floor just below it. The exemplar fill made that band another carpet, met by the rectified floor in a straight
 * seam and specked with the skirting's white (`furnished_houses_163`); the mirror continues the floor's light and
 * grain across the seam. Updates `image` and `rest` (the hole still to fill) in place.
 */
export function mirrorFarFloor(image: RgbImage, hole: Mask, rest: Mask, foot: WallFoot, beyond: Uint8Array): void {
  const { width: w, height: h } = image;
  const mirrored = new Uint8Array(w * h);
  for (let x = 0; x < w; x++) {
    // Bottom-up: the rows of far floor above the first filled floor row of each run.
    let filledBelow = -1;
    for (let y = h - 1; y >= 0; y--) {
      const i = y * w + x;
      if (foot.side[i] !== FOOT_SIDE.floor) {
        filledBelow = -1;
        continue;
      }
      if (!rest.data[i]) {
        filledBelow = y;
        continue;
      }
      if (!beyond[i] || filledBelow < 0) continue;
      const source = 2 * filledBelow - 1 - y;
      const j = source * w + x;
      if (source >= h || rest.data[j] || foot.side[j] !== FOOT_SIDE.floor) continue;
      image.data[i * 3] = image.data[j * 3]!;
      image.data[i * 3 + 1] = image.data[j * 3 + 1]!;
      image.data[i * 3 + 2] = image.data[j * 3 + 2]!;
      rest.data[i] = 0;
      mirrored[i] = 1;
    }
  }
  matchRowEnds(image, hole, mirrored);
}

/** Known pixels beside a mirrored run its light is matched to (their mean against the run's end's). */
const END_SAMPLE = 4;
const END_MAX_DIFFERENCE = 40;

/**
 * Bends the mirrored floor's light to the photo's floor beside it: per channel, the difference between the known
 * pixels just beside each row's run and the run's own end pixels, spread over the band. The mirror continues the light of the floor below it, not of the floor beside the hole, and met the
 * photo's floor in a vertical seam where a doorway lit it (`furnished_houses_163`'s right side).
 */
function matchRowEnds(image: RgbImage, hole: Mask, mirrored: Uint8Array): void {
  const { width: w, height: h } = image;
  // Per row: the run's ends and the differences there (NaN where that end has no known floor beside it).
  const runs: { y: number; a: number; b: number; left: number[]; right: number[] }[] = [];
  const mean = (y: number, from: number, to: number, known: boolean): number[] | null => {
    const sum = [0, 0, 0];
    let n = 0;
    for (let x = Math.max(0, from); x <= Math.min(w - 1, to); x++) {
      const i = y * w + x;
      if (known ? hole.data[i] : !mirrored[i]) continue;
      for (let c = 0; c < 3; c++) sum[c]! += image.data[i * 3 + c]!;
      n++;
    }
    return n ? sum.map((v) => v / n) : null;
  };
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (!mirrored[y * w + x]) continue;
      let b = x;
      while (b + 1 < w && mirrored[y * w + b + 1]) b++;
      const knownLeft = mean(y, x - END_SAMPLE, x - 1, true);
      const knownRight = mean(y, b + 1, b + END_SAMPLE, true);
      const runLeft = mean(y, x, x + END_SAMPLE - 1, false)!;
      const runRight = mean(y, b - END_SAMPLE + 1, b, false)!;
      // A difference this large is another thing beside the run (a bed's leg), not the floor in another light.
      const difference = (known: number[] | null, own: number[]): number[] => {
        const d = known ? known.map((v, c) => v - own[c]!) : null;
        return d && Math.max(...d.map(Math.abs)) <= END_MAX_DIFFERENCE ? d : [NaN, NaN, NaN];
      };
      runs.push({ y, a: x, b, left: difference(knownLeft, runLeft), right: difference(knownRight, runRight) });
      x = b;
    }
  // The correction is a membrane (Laplace) over the mirrored pixels: the differences fixed on the known floor beside
  // each run, nought on the rectified floor under the band (which it must go on meeting), free elsewhere. Carried
  // along each row alone, it met the rectified floor in a new seam under the band (`_113`).
  let [x0, y0, x1, y1] = [w, h, -1, -1];
  for (const { y, a, b } of runs)
    [x0, y0, x1, y1] = [Math.min(x0, a - 1), Math.min(y0, y), Math.max(x1, b + 1), Math.max(y1, y + 1)];
  if (x1 < 0) return;
  x0 = Math.max(0, x0);
  x1 = Math.min(w - 1, x1);
  y1 = Math.min(h - 1, y1);
  const cw = x1 - x0 + 1;
  const ch = y1 - y0 + 1;
  const offset = new Float32Array(cw * ch * 3);
  const known = new Uint8Array(cw * ch);
  const domain = new Uint8Array(cw * ch);
  const at = (x: number, y: number): number => (y - y0) * cw + (x - x0);
  for (const { y, a, b, left, right } of runs) {
    for (let x = a; x <= b; x++) domain[at(x, y)] = 1;
    if (a - 1 >= x0 && !Number.isNaN(left[0]!)) {
      known[at(a - 1, y)] = 1;
      offset.set(left, at(a - 1, y) * 3);
    }
    if (b + 1 <= x1 && !Number.isNaN(right[0]!)) {
      known[at(b + 1, y)] = 1;
      offset.set(right, at(b + 1, y) * 3);
    }
    // The filled floor right under the run.
    if (y + 1 <= y1)
      for (let x = a; x <= b; x++) if (hole.data[(y + 1) * w + x] && !mirrored[(y + 1) * w + x]) known[at(x, y + 1)] = 1;
  }
  membrane(offset, known, domain, cw, ch);
  for (let o = 0; o < domain.length; o++) {
    if (!domain[o]) continue;
    const i = (y0 + Math.floor(o / cw)) * w + x0 + (o % cw);
    for (let c = 0; c < 3; c++)
      image.data[i * 3 + c] = Math.max(0, Math.min(255, Math.round(image.data[i * 3 + c]! + offset[o * 3 + c]!)));
  }
}

const medianOf = (values: readonly number[]): number => values.slice().sort((a, b) => a - b)[values.length >> 1]!;

/** RGB distance of two colours (any three-value arrays). */
const colourDistance = (a: ArrayLike<number>, b: ArrayLike<number>): number =>
  Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

/**
 * The wall's colour around a hole part: the median of the known pixels labelled wall (or ceiling, which the layout
 * runs down over walls) within WALL_RING px of its box, above the layout's floor edge. Null when there are none.
 */
function wallAround(
  image: RgbImage,
  hole: Mask,
  labels: Uint8Array,
  layoutFloorTop: Float32Array,
  part: HolePart,
): number[] | null {
  const { width: w, height: h } = image;
  const [bx0, by0, bx1, by1] = part.box;
  const channels: number[][] = [[], [], []];
  for (let y = Math.max(0, by0 - WALL_RING); y <= Math.min(h - 1, by1); y += 2)
    for (let x = Math.max(0, bx0 - WALL_RING); x <= Math.min(w - 1, bx1 + WALL_RING); x += 2) {
      const i = y * w + x;
      const label = labels[i];
      if (hole.data[i] || (label !== ROOM_LABEL.wall && label !== ROOM_LABEL.ceiling) || !(y < layoutFloorTop[x]!)) continue;
      for (let c = 0; c < 3; c++) channels[c]!.push(image.data[i * 3 + c]!);
    }
  return channels[0]!.length ? channels.map(medianOf) : null;
}
