import { type Box, maskBBox } from '../mask.ts';
import { diffusionFill } from './diffusion.ts';
import { runParts, startFillHelper } from './fill-helper.ts';
import { ANY, rng, runFillJob, type PatchLevel } from './patch-kernels.ts';
import { downsample, sharedFloat32, sharedInt32, sharedUint8, type Canvas } from './planes.ts';

export interface ExemplarOptions {
  /** Patch radius: 3 gives 7x7 patches. */
  readonly radius: number;
  /** Patch radius at full resolution. */
  readonly finestRadius: number;
  /** EM iterations (PatchMatch search + vote) at the coarsest level, fewer going finer, `finest` at full size. */
  readonly coarseIterations: number;
  readonly finestIterations: number;
  readonly seed: number;
  /** Penalty per squared pixel of distance between a patch and its source, in patch-SSD units per patch value. */
  readonly locality: number;
  /** Share of patch distances whose weight stays near 1 in the vote (lower = sharper, noisier). */
  readonly votePercentile: number;
  /**
   * When > 0, the fill keeps only the exemplar's detail above this blur radius and takes its low frequencies
   * from a diffusion fill: copied texture, but shading that meets the hole's rim without a seam.
   */
  readonly detailRadius: number;
  /**
   * The full-size vote takes each pixel from its best patch alone instead of the patches' weighted mean: where
   * the patches disagree (a large hole's middle), the mean is a blur, the best patch keeps the texture.
   */
  readonly sharpFinest: boolean;
}

export const DEFAULT_EXEMPLAR: ExemplarOptions = {
  radius: 3,
  finestRadius: 2,
  // Measured on the pasted-object scenes (eval removal and removal-large), same run: 8 coarse iterations and a
  // search at full size cost ~35% more CPU on a 15% removal at 1920x1280 (3.6 s -> 2.6 s) for 0.08-0.13 dB of
  // PSNR, and kept fewer of the straight lines that cross the hole (line continuity 0.142 -> 0.162 without).
  coarseIterations: 7,
  finestIterations: 0,
  seed: 1,
  locality: 0.002,
  votePercentile: 0.75,
  detailRadius: 3,
  // Measured on the pasted-object scenes (eval removal-large, session 10): 15.85 dB and line continuity 0.181
  // against 15.86 and 0.162 with the mean; by eye, a carpet or a tile floor keeps its grain instead of a smudge.
  sharpFinest: true,
};

/** Relaxation sweeps of the shading guide's diffusion at full size (coarser levels keep 30). */
const SMOOTH_TOP_SWEEPS = 8;

/** How far into the hole (px) the diffusion's low frequencies still correct the exemplar's shading. */
const RIM_SHADING_REACH = 24;

/** A pyramid level's canvas and its fill state, on shared memory for the fill helper (fill-helper.ts). */
function prepare(c: Canvas, r: number): PatchLevel {
  const { w, h, hole } = c;
  const targets: number[] = [];
  const source = sharedUint8(w * h);
  const conf = sharedFloat32(w * h);
  // Every pixel whose whole patch lies in the canvas is a source, but those near the hole, which are targets.
  for (let y = r; y < h - r; y++) source.fill(1, y * w + r, y * w + w - r);
  const box = maskBBox({ data: hole, width: w, height: h });
  if (box) {
    // Distances (Chebyshev) to the hole and to the known region, by two passes over the hole's box grown by r + 1
    // only: every hole pixel lies in it and its rim is known, so the distances there are the whole canvas's, and
    // nothing outside it is within r of the hole (the full-canvas passes were ~0.1 s of a fill at 1920x1280).
    const x0 = Math.max(0, box[0] - r - 1);
    const y0 = Math.max(0, box[1] - r - 1);
    const x1 = Math.min(w, box[2] + r + 1);
    const y1 = Math.min(h, box[3] + r + 1);
    const ww = x1 - x0;
    const holeAround = maskWindow(hole, w, x0, y0, ww, y1 - y0);
    const toHole = chebyshev(holeAround, ww, y1 - y0, 1);
    const toKnown = chebyshev(holeAround, ww, y1 - y0, 0);
    for (let y = Math.max(r, y0); y < Math.min(h - r, y1); y++) {
      for (let x = Math.max(r, x0); x < Math.min(w - r, x1); x++) {
        const o = (y - y0) * ww + (x - x0);
        if (toHole[o]! > r) continue;
        const i = y * w + x;
        targets.push(i);
        conf[i] = Math.pow(1.3, -Math.max(0, toKnown[o]! - r));
        source[i] = 0;
      }
    }
  }
  const labels = c.labels && shared(c.labels, sharedUint8);
  if (labels) loosenLabels(labels, source, targets);
  const sharedTargets = sharedInt32(targets.length);
  sharedTargets.set(targets);
  return {
    w,
    h,
    rgb: shared(c.rgb, sharedFloat32),
    hole: shared(hole, sharedUint8),
    labels,
    targets: sharedTargets,
    source,
    nnf: sharedInt32(w * h).fill(-1),
    dist: sharedFloat32(w * h),
    conf,
    weight: sharedFloat32(w * h),
  };
}

/** The array itself when it is on shared memory already (toCanvas's, the rectified floor's), else a shared copy. */
function shared<T extends Uint8Array | Float32Array>(array: T, allocate: (n: number) => T): T {
  if (array.buffer instanceof SharedArrayBuffer && array.byteOffset === 0) return array;
  const copy = allocate(array.length);
  copy.set(array);
  return copy;
}

/** Fewest source pixels a surface needs at a level for its hole pixels to be held to it. */
const MIN_SURFACE_SOURCES = 64;

/**
 * A hole pixel on a surface the crop shows too little of (the floor entirely hidden by the sofa) cannot copy
 * from that surface: it takes patches from anywhere instead (ANY).
 */
function loosenLabels(labels: Uint8Array, source: Uint8Array, targets: readonly number[]): void {
  const counts = new Int32Array(256);
  for (let i = 0; i < source.length; i++) if (source[i]) counts[labels[i]!]!++;
  for (const t of targets) if (counts[labels[t]!]! < MIN_SURFACE_SOURCES) labels[t] = ANY;
}

/** Chebyshev distance (px) from every pixel to the nearest pixel whose `hole` value is `target`, by two passes. */
export function chebyshev(hole: Uint8Array, w: number, h: number, target: 0 | 1): Int32Array {
  const big = 1 << 29;
  const d = new Int32Array(w * h);
  for (let i = 0; i < d.length; i++) d[i] = hole[i] === target ? 0 : big;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      let v = d[i]!;
      if (x > 0) v = Math.min(v, d[i - 1]! + 1);
      if (y > 0) {
        v = Math.min(v, d[i - w]! + 1);
        if (x > 0) v = Math.min(v, d[i - w - 1]! + 1);
        if (x < w - 1) v = Math.min(v, d[i - w + 1]! + 1);
      }
      d[i] = v;
    }
  for (let y = h - 1; y >= 0; y--)
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      let v = d[i]!;
      if (x < w - 1) v = Math.min(v, d[i + 1]! + 1);
      if (y < h - 1) {
        v = Math.min(v, d[i + w]! + 1);
        if (x < w - 1) v = Math.min(v, d[i + w + 1]! + 1);
        if (x > 0) v = Math.min(v, d[i + w - 1]! + 1);
      }
      d[i] = v;
    }
  return d;
}

function randomSources(state: PatchLevel, random: () => number): void {
  const { source, targets, nnf, dist, labels } = state;
  // The pools of sources (all of them, and one per surface, each in index order) are built only when a target
  // needs a new source, and as typed arrays: above the coarsest level most targets keep the match the coarser
  // level handed them, and pushing two million indices into arrays cost ~0.1 s a fill at 1920x1280.
  let pools: { all: Int32Array; bySurface: Int32Array; start: Int32Array; count: Int32Array } | null = null;
  const build = () => {
    const count = new Int32Array(256);
    let total = 0;
    for (let i = 0; i < source.length; i++) {
      if (!source[i]) continue;
      total++;
      if (labels) count[labels[i]!]!++;
    }
    const all = new Int32Array(total);
    const start = new Int32Array(256);
    for (let label = 1; label < 256; label++) start[label] = start[label - 1]! + count[label - 1]!;
    const bySurface = new Int32Array(labels ? total : 0);
    const next = Int32Array.from(start);
    for (let i = 0, k = 0; i < source.length; i++) {
      if (!source[i]) continue;
      all[k++] = i;
      if (labels) bySurface[next[labels[i]!]!++] = i;
    }
    return { all, bySurface, start, count };
  };
  for (const t of targets) {
    const surface = labels ? labels[t]! : 255;
    const current = nnf[t]!;
    if (current >= 0 && source[current] && (surface === 255 || labels![current] === surface)) continue;
    pools ??= build();
    const own = surface === 255 ? 0 : pools.count[surface]!;
    const pick = Math.floor(random() * (own > 0 ? own : pools.all.length));
    nnf[t] = (own > 0 ? pools.bySurface[pools.start[surface]! + pick] : pools.all[pick]) ?? -1;
    dist[t] = Infinity;
  }
}

/**
 * Exemplar-based hole filling (Wexler, Shechtman and Irani 2007, with Barnes et al.'s PatchMatch as the
 * nearest-neighbour search): coarse to fine, each level alternating patch search and voting, so structure
 * (floor boards, wall edges, skirting) is copied from the surroundings instead of being interpolated.
 * Fills `canvas` in place; known pixels are never written.
 */
export function exemplarFill(
  canvas: Canvas,
  options: ExemplarOptions = DEFAULT_EXEMPLAR,
  onProgress?: (fraction: number) => void,
): void {
  if (options.detailRadius > 0) {
    const smooth: Canvas = { ...canvas, rgb: Float32Array.from(canvas.rgb) };
    // Only its blurred shading is used: a few sweeps at full size smooth the coarser level's 2x2 blocks, where
    // 30 cost ~0.6 s on a large hole for the same low frequencies.
    diffusionFill(smooth, 30, SMOOTH_TOP_SWEEPS);
    fillByExemplars(canvas, options, onProgress);
    // Blur only a window around the hole: the rest of the crop is never written.
    const box = holeBox(canvas, 3 * options.detailRadius + 1);
    if (!box) return;
    const [x1, y1, x2, y2] = box;
    const ww = x2 - x1,
      wh = y2 - y1;
    const low = blur(window(canvas.rgb, canvas.w, x1, y1, ww, wh), ww, wh, options.detailRadius);
    const base = blur(window(smooth.rgb, canvas.w, x1, y1, ww, wh), ww, wh, options.detailRadius);
    // The diffusion's shading is taken near the rim only (where a seam would show); deeper in, a diffusion
    // across a large hole mixes floor and wall into one smear, so the exemplar's own light is kept there.
    // Over the window only: it holds the hole and a known rim around it, so a hole pixel's distance is the canvas's.
    const toKnown = chebyshev(maskWindow(canvas.hole, canvas.w, x1, y1, ww, wh), ww, wh, 0);
    const reach = RIM_SHADING_REACH;
    for (let y = y1; y < y2; y++)
      for (let x = x1; x < x2; x++) {
        const p = y * canvas.w + x;
        if (!canvas.hole[p]) continue;
        const q = ((y - y1) * ww + (x - x1)) * 3;
        const share = Math.max(0, 1 - (toKnown[(y - y1) * ww + (x - x1)]! - 1) / reach);
        for (let c = 0; c < 3; c++) canvas.rgb[p * 3 + c] = canvas.rgb[p * 3 + c]! + share * (base[q + c]! - low[q + c]!);
      }
    return;
  }
  fillByExemplars(canvas, options, onProgress);
}

/** The hole's bounding box grown by `pad` (clipped to the canvas); null when there is no hole. */
function holeBox(c: Canvas, pad: number): Box | null {
  const box = maskBBox({ data: c.hole, width: c.w, height: c.h });
  if (!box) return null;
  return [Math.max(0, box[0] - pad), Math.max(0, box[1] - pad), Math.min(c.w, box[2] + pad), Math.min(c.h, box[3] + pad)];
}

function window(rgb: Float32Array, w: number, x: number, y: number, ww: number, wh: number): Float32Array {
  const out = new Float32Array(ww * wh * 3);
  for (let row = 0; row < wh; row++) out.set(rgb.subarray(((y + row) * w + x) * 3, ((y + row) * w + x + ww) * 3), row * ww * 3);
  return out;
}

/** `window` for a one-channel mask. */
function maskWindow(mask: Uint8Array, w: number, x: number, y: number, ww: number, wh: number): Uint8Array {
  const out = new Uint8Array(ww * wh);
  for (let row = 0; row < wh; row++) out.set(mask.subarray((y + row) * w + x, (y + row) * w + x + ww), row * ww);
  return out;
}

/** Three box blurs of radius r: close to a Gaussian, O(pixels) whatever r. */
export function blur(rgb: Float32Array, w: number, h: number, r: number): Float32Array {
  let a = Float32Array.from(rgb);
  let b = new Float32Array(rgb.length);
  for (let pass = 0; pass < 3; pass++) {
    boxRows(a, b, w, h, r);
    boxColumns(b, a, w, h, r);
  }
  return a;
}

/** A box blur of radius r along each row (the window shrinks at the ends). */
function boxRows(src: Float32Array, dst: Float32Array, w: number, h: number, r: number): void {
  for (let l = 0; l < h; l++) {
    const base = l * w * 3;
    for (let c = 0; c < 3; c++) {
      let acc = 0,
        n = 0;
      for (let i = 0; i <= Math.min(r, w - 1); i++) {
        acc += src[base + i * 3 + c]!;
        n++;
      }
      for (let i = 0; i < w; i++) {
        dst[base + i * 3 + c] = acc / n;
        const add = i + r + 1,
          sub = i - r;
        if (add < w) {
          acc += src[base + add * 3 + c]!;
          n++;
        }
        if (sub >= 0) {
          acc -= src[base + sub * 3 + c]!;
          n--;
        }
      }
    }
  }
}

/**
 * boxRows down the columns, all columns at once row by row (a column at a time strides the whole window per step,
 * and was most of the blur's time).
 */
function boxColumns(src: Float32Array, dst: Float32Array, w: number, h: number, r: number): void {
  const row = w * 3;
  const acc = new Float64Array(row);
  let n = 0;
  for (let i = 0; i <= Math.min(r, h - 1); i++) {
    for (let j = 0; j < row; j++) acc[j] = acc[j]! + src[i * row + j]!;
    n++;
  }
  for (let i = 0; i < h; i++) {
    for (let j = 0; j < row; j++) dst[i * row + j] = acc[j]! / n;
    const add = i + r + 1,
      sub = i - r;
    if (add < h) {
      for (let j = 0; j < row; j++) acc[j] = acc[j]! + src[add * row + j]!;
      n++;
    }
    if (sub >= 0) {
      for (let j = 0; j < row; j++) acc[j] = acc[j]! - src[sub * row + j]!;
      n--;
    }
  }
}

function fillByExemplars(canvas: Canvas, options: ExemplarOptions, onProgress?: (fraction: number) => void): void {
  startFillHelper();
  const r = options.radius;
  const random = rng(options.seed);
  const levels: Canvas[] = [canvas];
  while (true) {
    const top = levels[levels.length - 1]!;
    const holeSide = holeExtent(top);
    if (holeSide <= 4 * r || top.w < 8 * r || top.h < 8 * r) break;
    levels.push(downsample(top));
  }
  let previous: PatchLevel | null = null;
  // Work per level grows with its hole's area: four times per level up, so progress is weighted that way.
  const weights = levels.map((_, l) => Math.pow(4, -l));
  const total = weights.reduce((a, b) => a + b, 0);
  let done = 0;
  for (let l = levels.length - 1; l >= 0; l--) {
    // Full-size patches are the bulk of the cost; structure is already settled by then, so they can be smaller.
    const rl = l === 0 ? options.finestRadius : r;
    const state = prepare(levels[l]!, rl);
    if (!previous) {
      diffusionFill(state);
      randomSources(state, random);
      recomputeDistances(state, rl, options.locality);
    } else {
      upsampleField(previous, state);
      randomSources(state, random);
      const sharp = l === 0 && options.sharpFinest;
      // The best patch is the closest one: its distance must be measured (the mean vote weighs by confidence alone here).
      if (sharp) recomputeDistances(state, rl, options.locality);
      vote(state, rl, options.votePercentile, sharp);
    }
    const iterations =
      l === 0 && previous
        ? options.finestIterations
        : Math.max(1, options.finestIterations, options.coarseIterations - (levels.length - 1 - l));
    // The distances the search starts from (a full size without search needs none: the vote above is final).
    if (previous && iterations > 0) recomputeDistances(state, rl, options.locality);
    for (let it = 0; it < iterations; it++) {
      // Finer levels start from the upsampled field: a local search refines it; only the coarsest roams widely.
      const searchWindow = previous ? 8 * rl : Infinity;
      search(state, rl, it === 0 && l > 0 ? 2 : 1, random, options.locality, searchWindow);
      vote(state, rl, options.votePercentile);
      if (it < iterations - 1) recomputeDistances(state, rl, options.locality);
    }
    if (l === 0 && state.rgb !== canvas.rgb) canvas.rgb.set(state.rgb);
    previous = state;
    done += weights[l]!;
    onProgress?.(Math.min(0.99, done / total));
  }
}

/** Where the level's work splits in two: the middle target's index, and its pixel (the end of the level if none). */
function halves(state: PatchLevel): { mid: number; split: number } {
  const mid = state.targets.length >> 1;
  return { mid, split: state.targets[mid] ?? state.w * state.h };
}

/**
 * PatchMatch passes over the level's targets, in two parts run side by side (fill-helper.ts): the targets before
 * and after the middle one, each with its own random stream, neither propagating from the other's pixels.
 */
function search(state: PatchLevel, r: number, passes: number, random: () => number, locality: number, window: number): void {
  const { mid, split } = halves(state);
  const common = { kind: 'search', r, passes, locality, window } as const;
  const seeds = [Math.floor(random() * 4294967296), Math.floor(random() * 4294967296)] as const;
  runParts(
    state,
    { ...common, seed: seeds[0], kStart: 0, kEnd: mid, lo: 0, hi: split },
    { ...common, seed: seeds[1], kStart: mid, kEnd: state.targets.length, lo: split, hi: state.w * state.h },
  );
}

/**
 * Each hole pixel becomes the confidence- and similarity-weighted mean of what its overlapping patches propose;
 * with `best`, the proposal of its single best patch instead (no averaging of disagreeing patches: sharp texture).
 */
function vote(state: PatchLevel, r: number, percentile: number, best = false): void {
  const { targets, dist } = state;
  // A typed array sorts numerically without a comparator call per pair (and fills faster by a loop than by `from`
  // with a mapping function, which cost ~0.1 s a vote on a large hole).
  const ds = new Float32Array(targets.length);
  for (let k = 0; k < targets.length; k++) ds[k] = dist[targets[k]!]!;
  ds.sort();
  const sigma2 = Math.max(1, ds[Math.floor(ds.length * percentile)] ?? 1);
  runFillJob(state, { kind: 'weights', sigma2, kStart: 0, kEnd: targets.length });
  // The rows above and below the middle target's: about half the hole each.
  const row = Math.floor(halves(state).split / state.w);
  runParts(state, { kind: 'vote', r, best, yStart: 0, yEnd: row }, { kind: 'vote', r, best, yStart: row, yEnd: state.h });
}

function recomputeDistances(state: PatchLevel, r: number, locality: number): void {
  const { mid } = halves(state);
  runParts(
    state,
    { kind: 'distances', r, locality, kStart: 0, kEnd: mid },
    { kind: 'distances', r, locality, kStart: mid, kEnd: state.targets.length },
  );
}

/**
 * The side of the largest separate piece of the hole: the pyramid needs to go down only until each piece is
 * small, not until the box around several far-apart pieces (empty-the-room) is.
 */
function holeExtent(c: Canvas): number {
  const { w, h, hole } = c;
  const seen = new Uint8Array(w * h);
  // A typed stack and the four neighbours inline: an array per visited pixel was ~0.1 s a fill on a large hole.
  const stack = new Int32Array(w * h);
  let top = 0;
  let largest = 0;
  for (let start = 0; start < hole.length; start++) {
    if (!hole[start] || seen[start]) continue;
    seen[start] = 1;
    stack[top++] = start;
    let [x1, y1, x2, y2] = [w, h, 0, 0];
    const visit = (q: number): void => {
      if (!hole[q] || seen[q]) return;
      seen[q] = 1;
      stack[top++] = q;
    };
    while (top > 0) {
      const p = stack[--top]!;
      const x = p % w,
        y = (p - x) / w;
      if (x < x1) x1 = x;
      if (x + 1 > x2) x2 = x + 1;
      if (y < y1) y1 = y;
      if (y + 1 > y2) y2 = y + 1;
      if (x > 0) visit(p - 1);
      if (x < w - 1) visit(p + 1);
      if (y > 0) visit(p - w);
      if (y < h - 1) visit(p + w);
    }
    largest = Math.max(largest, x2 - x1, y2 - y1);
  }
  return largest;
}

function upsampleField(coarse: PatchLevel, fine: PatchLevel): void {
  const cw = coarse.w,
    fw = fine.w,
    fh = fine.h;
  const { targets } = fine;
  for (let k = 0; k < targets.length; k++) {
    const t = targets[k]!;
    const x = t % fw,
      y = (t - x) / fw;
    const cx = Math.min(cw - 1, x >> 1),
      cy = Math.min(coarse.h - 1, y >> 1);
    const cs = coarse.nnf[cy * cw + cx]!;
    if (cs < 0) continue;
    const sx = 2 * (cs % cw) + (x & 1),
      sy = 2 * Math.floor(cs / cw) + (y & 1);
    if (sx >= fw || sy >= fh) continue;
    const s = sy * fw + sx;
    if (fine.source[s]) fine.nnf[t] = s;
  }
}
