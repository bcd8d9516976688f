/**
 * The exemplar fill's three hot loops (PatchMatch search, the vote, the patch distances), each over a part of a
 * pyramid level, so that the fill helper thread (fill-helper.ts) can run one part while the calling thread runs
 * the other. The parts never read what the other writes, so a fill gives the same pixels whether they run
 * together or one after the other.
 */

/** One pyramid level of a fill, every array on shared memory (indexed by pixel unless said otherwise). */
export interface PatchLevel {
  readonly w: number;
  readonly h: number;
  readonly rgb: Float32Array;
  /** 1 = unknown. */
  readonly hole: Uint8Array;
  /** The surface of each pixel (plane-guide.ts): a target copies only from sources of its own; 255 = any. */
  readonly labels?: Uint8Array;
  /** Patch centres whose patch touches the hole, in pixel order: the pixels that need a nearest neighbour. */
  readonly targets: Int32Array;
  /** 1 where a full patch around the pixel lies inside the canvas and outside the hole. */
  readonly source: Uint8Array;
  /** Nearest-neighbour field: source centre per target pixel (-1 elsewhere), and its distance. */
  readonly nnf: Int32Array;
  readonly dist: Float32Array;
  /** Confidence of a target patch: lower deep inside the hole (Wexler et al. 2007). */
  readonly conf: Float32Array;
  /** A target's say in the vote (confidence and similarity), set by the `weights` job before each vote. */
  readonly weight: Float32Array;
}

/** A surface label no source carries: its targets may copy from anywhere. */
export const ANY = 255;

export type FillJob =
  /** PatchMatch passes over targets[kStart, kEnd); neighbours outside pixels [lo, hi) are not propagated from. */
  | {
      kind: 'search';
      r: number;
      passes: number;
      seed: number;
      locality: number;
      window: number;
      kStart: number;
      kEnd: number;
      lo: number;
      hi: number;
    }
  | { kind: 'weights'; sigma2: number; kStart: number; kEnd: number }
  /** The vote of the hole pixels of rows [yStart, yEnd). */
  | { kind: 'vote'; r: number; best: boolean; yStart: number; yEnd: number }
  | { kind: 'distances'; r: number; locality: number; kStart: number; kEnd: number };

export function runFillJob(level: PatchLevel, job: FillJob): void {
  switch (job.kind) {
    case 'search':
      return search(level, job.r, job.passes, rng(job.seed), job.locality, job.window, job.kStart, job.kEnd, job.lo, job.hi);
    case 'weights':
      return targetWeights(level, job.sigma2, job.kStart, job.kEnd);
    case 'vote':
      return voteRows(level, job.r, job.best, job.yStart, job.yEnd);
    case 'distances':
      return recomputeDistances(level, job.r, job.locality, job.kStart, job.kEnd);
  }
}

/** xorshift32: deterministic fills, so tests and evaluations repeat exactly. */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

export function patchDistance(rgb: Float32Array, w: number, r: number, t: number, s: number, bound: number): number {
  let d = 0;
  for (let dy = -r; dy <= r; dy++) {
    let pt = (t + dy * w - r) * 3;
    let ps = (s + dy * w - r) * 3;
    for (let k = 0; k < (2 * r + 1) * 3; k++, pt++, ps++) {
      const e = rgb[pt]! - rgb[ps]!;
      d += e * e;
    }
    if (d >= bound) return d;
  }
  return d;
}

function search(
  level: PatchLevel,
  r: number,
  passes: number,
  random: () => number,
  locality: number,
  window: number,
  kStart: number,
  kEnd: number,
  lo: number,
  hi: number,
): void {
  const { w, h, rgb, targets, source, nnf, dist, labels } = level;
  const lam = locality * (2 * r + 1) * (2 * r + 1) * 3;
  const maxRadius = Math.min(window, Math.max(w, h));
  // The hot loop of the engine: candidates are tried inline (no closures or per-pixel arrays), with the
  // locality penalty first so a far candidate is rejected before its patch is compared.
  for (let it = 0; it < passes; it++) {
    const forward = it % 2 === 0;
    const step = forward ? 1 : -1;
    for (let k = forward ? kStart : kEnd - 1; k >= kStart && k < kEnd; k += step) {
      const t = targets[k]!;
      // The surface this patch must come from (ANY: any).
      const surface = labels ? labels[t]! : ANY;
      let best = nnf[t]!;
      let bestD = dist[t]!;
      const tx = t % w;
      const ty = (t - tx) / w;
      // Propagation: the neighbour's match, shifted by one, is a good guess for a coherent texture.
      for (let side = 0; side < 2; side++) {
        const n = side === 0 ? t - step : t - step * w;
        // A neighbour in the other part may be being written by the other thread.
        if (n < lo || n >= hi) continue;
        const ns = nnf[n]!;
        if (ns < 0) continue;
        if (side === 0 && Math.abs((n % w) - tx) !== 1) continue;
        const cand = side === 0 ? ns + step : ns + step * w;
        if (cand < 0 || cand >= source.length || !source[cand] || cand === best) continue;
        if (surface !== ANY && labels![cand] !== surface) continue;
        const cx = cand % w;
        const dx = tx - cx,
          dy = ty - (cand - cx) / w;
        const penalty = lam * (dx * dx + dy * dy);
        const d = penalty >= bestD ? bestD : penalty + patchDistance(rgb, w, r, t, cand, bestD - penalty);
        if (d < bestD) {
          bestD = d;
          best = cand;
        }
      }
      // Random search around the current best, halving the window.
      const bx = best % w,
        by = (best - bx) / w;
      for (let rad = maxRadius; rad >= 1; rad >>= 1) {
        const sx = Math.round(bx + (random() * 2 - 1) * rad);
        const sy = Math.round(by + (random() * 2 - 1) * rad);
        if (sx < r || sy < r || sx >= w - r || sy >= h - r) continue;
        const cand = sy * w + sx;
        if (!source[cand] || cand === best) continue;
        if (surface !== ANY && labels![cand] !== surface) continue;
        const dx = tx - sx,
          dy = ty - sy;
        const penalty = lam * (dx * dx + dy * dy);
        const d = penalty >= bestD ? bestD : penalty + patchDistance(rgb, w, r, t, cand, bestD - penalty);
        if (d < bestD) {
          bestD = d;
          best = cand;
        }
      }
      nnf[t] = best;
      dist[t] = bestD;
    }
  }
}

/** Each target's say in the vote: its confidence, less the farther its patch is from its match. */
function targetWeights(level: PatchLevel, sigma2: number, kStart: number, kEnd: number): void {
  const { targets, nnf, dist, conf, weight } = level;
  for (let k = kStart; k < kEnd; k++) {
    const t = targets[k]!;
    weight[t] = nnf[t]! < 0 ? 0 : conf[t]! * Math.exp(-dist[t]! / (2 * sigma2)) + 1e-6;
  }
}

/**
 * Each hole pixel of the rows becomes the weighted mean of what the target patches over it propose; with `best`,
 * the proposal of the heaviest one alone (no averaging of disagreeing patches: sharp texture). Gathered per pixel,
 * not scattered per patch, so that two row ranges never write the same pixel; a proposal is always a known pixel
 * (a source patch lies outside the hole), so no range reads what another writes.
 */
function voteRows(level: PatchLevel, r: number, best: boolean, yStart: number, yEnd: number): void {
  const { w, h, rgb, hole, nnf, weight } = level;
  for (let y = yStart; y < yEnd; y++) {
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      if (!hole[p]) continue;
      let wsum = 0,
        red = 0,
        green = 0,
        blue = 0;
      // Targets in pixel order (the order the vote used to visit them in), so that ties go the same way.
      for (let dy = r; dy >= -r; dy--) {
        const ty = y - dy;
        if (ty < 0 || ty >= h) continue;
        for (let dx = r; dx >= -r; dx--) {
          const tx = x - dx;
          if (tx < 0 || tx >= w) continue;
          const t = ty * w + tx;
          const s = nnf[t]!;
          if (s < 0) continue;
          const wt = weight[t]!;
          const q = (s + dy * w + dx) * 3;
          if (best) {
            if (wt > wsum) {
              wsum = wt;
              red = rgb[q]!;
              green = rgb[q + 1]!;
              blue = rgb[q + 2]!;
            }
            continue;
          }
          wsum += wt;
          red += wt * rgb[q]!;
          green += wt * rgb[q + 1]!;
          blue += wt * rgb[q + 2]!;
        }
      }
      if (wsum === 0) continue;
      if (best) {
        rgb[p * 3] = red;
        rgb[p * 3 + 1] = green;
        rgb[p * 3 + 2] = blue;
      } else {
        rgb[p * 3] = red / wsum;
        rgb[p * 3 + 1] = green / wsum;
        rgb[p * 3 + 2] = blue / wsum;
      }
    }
  }
}

function recomputeDistances(level: PatchLevel, r: number, locality: number, kStart: number, kEnd: number): void {
  const { w, rgb, targets, nnf, dist } = level;
  const lam = locality * (2 * r + 1) * (2 * r + 1) * 3;
  for (let k = kStart; k < kEnd; k++) {
    const t = targets[k]!;
    const s = nnf[t]!;
    const dx = (t % w) - (s % w),
      dy = Math.floor(t / w) - Math.floor(s / w);
    dist[t] = s >= 0 ? lam * (dx * dx + dy * dy) + patchDistance(rgb, w, r, t, s, Infinity) : Infinity;
  }
}
