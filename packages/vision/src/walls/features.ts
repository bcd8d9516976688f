import type { Detection } from '../detect/detect.ts';
import { superpixelNeighbours, type LabImage, type Superpixels } from './slic.ts';

/** Names of the per-superpixel features, in column order (the trained model refers to columns by index). */
export const FEATURE_NAMES = [
  'cx',
  'cy',
  'yTop',
  'yBottom',
  'area',
  'L',
  'a',
  'b',
  'chroma',
  'stdL',
  'gradient',
  'verticalEdges',
  'horizontalEdges',
  'obliqueEdges',
  'LminusMedian',
  'Lpercentile',
  'detectionCover',
  'detectionConfidence',
  'neighbourL',
  'neighbourGradient',
  'neighbourDetection',
  'regionArea',
  'regionTop',
  'regionBottom',
  'regionCy',
  'regionGradient',
  'regionWidth',
  'aboveL',
  'belowL',
  'wallColourDistance',
  'wallChromaDistance',
  'wallLightness',
  'inWallRegion',
  'wallRegionRank',
  'belowHorizon',
  'topBelowHorizon',
  'bottomBelowHorizon',
] as const;

export const FEATURE_COUNT = FEATURE_NAMES.length;

export interface SuperpixelFeatures {
  /** count x FEATURE_COUNT, row-major. */
  readonly rows: Float32Array;
  readonly count: number;
}

/**
 * Colour, texture, edge orientation, position, detector coverage, neighbourhood and same-colour-region statistics
 * of every superpixel: what tells a wall (a large, smooth, mid-height region spanning vertical corners) from a
 * ceiling, a floor, a window or a piece of furniture.
 */
export function superpixelFeatures(
  lab: LabImage,
  sp: Superpixels,
  detections: readonly Detection[],
  scale: number,
  horizonY: number,
): SuperpixelFeatures {
  const { width: w, height: h } = lab;
  const k = sp.count;
  const labels = sp.labels;
  const n = new Float64Array(k);
  const sx = new Float64Array(k);
  const sy = new Float64Array(k);
  const sl = new Float64Array(k);
  const sa = new Float64Array(k);
  const sb = new Float64Array(k);
  const sl2 = new Float64Array(k);
  const sg = new Float64Array(k);
  const ev = new Float64Array(k);
  const eh = new Float64Array(k);
  const eo = new Float64Array(k);
  const ymin = new Float64Array(k).fill(h);
  const ymax = new Float64Array(k);
  const cover = new Float64Array(k);
  const conf = new Float64Array(k);

  const boxCover = new Float32Array(w * h);
  const boxConf = new Float32Array(w * h);
  for (const d of detections) {
    const x1 = Math.max(0, Math.floor(d.bbox[0] * scale));
    const y1 = Math.max(0, Math.floor(d.bbox[1] * scale));
    const x2 = Math.min(w, Math.ceil(d.bbox[2] * scale));
    const y2 = Math.min(h, Math.ceil(d.bbox[3] * scale));
    for (let y = y1; y < y2; y++) {
      for (let x = x1; x < x2; x++) {
        const i = y * w + x;
        boxCover[i] = 1;
        if (d.confidence > boxConf[i]!) boxConf[i] = d.confidence;
      }
    }
  }

  const L = lab.l;
  for (let y = 0, i = 0; y < h; y++) {
    for (let x = 0; x < w; x++, i++) {
      const s = labels[i]!;
      const v = L[i]!;
      n[s] = n[s]! + 1;
      sx[s] = sx[s]! + x;
      sy[s] = sy[s]! + y;
      sl[s] = sl[s]! + v;
      sa[s] = sa[s]! + lab.a[i]!;
      sb[s] = sb[s]! + lab.b[i]!;
      sl2[s] = sl2[s]! + v * v;
      if (y < ymin[s]!) ymin[s] = y;
      if (y > ymax[s]!) ymax[s] = y;
      cover[s] = cover[s]! + boxCover[i]!;
      conf[s] = conf[s]! + boxConf[i]!;
      if (x > 0 && x < w - 1 && y > 0 && y < h - 1) {
        const gx = L[i + 1]! - L[i - 1]!;
        const gy = L[i + w]! - L[i - w]!;
        const g = Math.hypot(gx, gy);
        sg[s] = sg[s]! + g;
        if (g > 4) {
          const ax = Math.abs(gx);
          const ay = Math.abs(gy);
          if (ax > 2.5 * ay) ev[s] = ev[s]! + g;
          else if (ay > 2.5 * ax) eh[s] = eh[s]! + g;
          else eo[s] = eo[s]! + g;
        }
      }
    }
  }

  const meanL = new Float64Array(k);
  const meanA = new Float64Array(k);
  const meanB = new Float64Array(k);
  const grad = new Float64Array(k);
  for (let s = 0; s < k; s++) {
    meanL[s] = sl[s]! / n[s]!;
    meanA[s] = sa[s]! / n[s]!;
    meanB[s] = sb[s]! / n[s]!;
    grad[s] = sg[s]! / n[s]!;
  }

  const neighbours = superpixelNeighbours(sp);

  // Same-colour regions: union of adjacent superpixels whose mean colours are close.
  const parent = Int32Array.from({ length: k }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  for (let s = 0; s < k; s++) {
    for (const t of neighbours[s]!) {
      if (t <= s) continue;
      const d = Math.hypot(meanL[s]! - meanL[t]!, meanA[s]! - meanA[t]!, meanB[s]! - meanB[t]!);
      if (d < 7) parent[find(s)] = find(t);
    }
  }
  const rn = new Float64Array(k);
  const rsy = new Float64Array(k);
  const rg = new Float64Array(k);
  const rtop = new Float64Array(k).fill(h);
  const rbot = new Float64Array(k);
  const rxmin = new Float64Array(k).fill(w);
  const rxmax = new Float64Array(k);
  for (let s = 0; s < k; s++) {
    const r = find(s);
    rn[r] = rn[r]! + n[s]!;
    rsy[r] = rsy[r]! + sy[s]!;
    rg[r] = rg[r]! + sg[s]!;
    rtop[r] = Math.min(rtop[r]!, ymin[s]!);
    rbot[r] = Math.max(rbot[r]!, ymax[s]!);
    const x = sx[s]! / n[s]!;
    rxmin[r] = Math.min(rxmin[r]!, x);
    rxmax[r] = Math.max(rxmax[r]!, x);
  }

  // The room's likely wall colours: large smooth same-colour regions in the middle band, outside the detector's
  // boxes. Distances to them make the features relative to this photo rather than to the training photos.
  const bandArea = new Float64Array(k);
  const rl = new Float64Array(k);
  const ra = new Float64Array(k);
  const rb = new Float64Array(k);
  for (let s = 0; s < k; s++) {
    const r = find(s);
    const cy = sy[s]! / n[s]! / h;
    const smooth = 1 / (1 + grad[s]! / 3);
    const free = 1 - cover[s]! / n[s]!;
    if (cy > 0.1 && cy < 0.65) bandArea[r] = bandArea[r]! + n[s]! * smooth * (0.3 + 0.7 * free);
    rl[r] = rl[r]! + sl[s]!;
    ra[r] = ra[r]! + sa[s]!;
    rb[r] = rb[r]! + sb[s]!;
  }
  const candidates = Array.from({ length: k }, (_, i) => i)
    .filter((r) => bandArea[r]! > 0)
    .sort((p, q) => bandArea[q]! - bandArea[p]!)
    .slice(0, 3);
  const regionRank = new Map(candidates.map((r, i) => [r, i + 1]));

  const sortedL = Array.from(meanL).sort((p, q) => p - q);
  const medianL = sortedL[sortedL.length >> 1]!;
  const total = w * h;
  const rows = new Float32Array(k * FEATURE_COUNT);
  for (let s = 0; s < k; s++) {
    const o = s * FEATURE_COUNT;
    const cnt = n[s]!;
    const gsum = sg[s]! || 1;
    let nl = 0;
    let ng = 0;
    let nd = 0;
    let above = 0;
    let aboveW = 0;
    let below = 0;
    let belowW = 0;
    const cy = sy[s]! / cnt;
    for (const t of neighbours[s]!) {
      nl += meanL[t]!;
      ng += grad[t]!;
      nd += cover[t]! / n[t]!;
      const ty = sy[t]! / n[t]!;
      if (ty < cy) ((above += meanL[t]!), aboveW++);
      else ((below += meanL[t]!), belowW++);
    }
    const nc = neighbours[s]!.size || 1;
    const r = find(s);
    let rank = 0;
    let lo = 0;
    let hi = sortedL.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sortedL[mid]! < meanL[s]!) lo = mid + 1;
      else hi = mid;
    }
    rank = lo / sortedL.length;
    rows[o] = sx[s]! / cnt / w;
    rows[o + 1] = cy / h;
    rows[o + 2] = ymin[s]! / h;
    rows[o + 3] = ymax[s]! / h;
    rows[o + 4] = (cnt / total) * 1000;
    rows[o + 5] = meanL[s]!;
    rows[o + 6] = meanA[s]!;
    rows[o + 7] = meanB[s]!;
    rows[o + 8] = Math.hypot(meanA[s]!, meanB[s]!);
    rows[o + 9] = Math.sqrt(Math.max(0, sl2[s]! / cnt - meanL[s]! * meanL[s]!));
    rows[o + 10] = grad[s]!;
    rows[o + 11] = ev[s]! / gsum;
    rows[o + 12] = eh[s]! / gsum;
    rows[o + 13] = eo[s]! / gsum;
    rows[o + 14] = meanL[s]! - medianL;
    rows[o + 15] = rank;
    rows[o + 16] = cover[s]! / cnt;
    rows[o + 17] = conf[s]! / cnt;
    rows[o + 18] = nl / nc - meanL[s]!;
    rows[o + 19] = ng / nc;
    rows[o + 20] = nd / nc;
    rows[o + 21] = rn[r]! / total;
    rows[o + 22] = rtop[r]! / h;
    rows[o + 23] = rbot[r]! / h;
    rows[o + 24] = rsy[r]! / rn[r]! / h;
    rows[o + 25] = rg[r]! / rn[r]!;
    rows[o + 26] = (rxmax[r]! - rxmin[r]!) / w;
    rows[o + 27] = aboveW ? above / aboveW - meanL[s]! : 0;
    rows[o + 28] = belowW ? below / belowW - meanL[s]! : 0;
    let bestD = 1e9;
    let bestC = 1e9;
    let bestL = 0;
    for (const c of candidates) {
      const cl = rl[c]! / rn[c]!;
      const ca = ra[c]! / rn[c]!;
      const cb = rb[c]! / rn[c]!;
      const dc = Math.hypot(meanA[s]! - ca, meanB[s]! - cb);
      const d = Math.hypot(meanL[s]! - cl, dc);
      if (d < bestD) ((bestD = d), (bestC = dc), (bestL = meanL[s]! - cl));
    }
    rows[o + 29] = candidates.length ? bestD : 100;
    rows[o + 30] = candidates.length ? bestC : 100;
    rows[o + 31] = bestL;
    rows[o + 32] = regionRank.has(r) ? 1 : 0;
    rows[o + 33] = regionRank.get(r) ?? 9;
    rows[o + 34] = (cy - horizonY) / h;
    rows[o + 35] = (ymin[s]! - horizonY) / h;
    rows[o + 36] = (ymax[s]! - horizonY) / h;
  }
  return { rows, count: k };
}
