import type { Tensor } from '@tensorflow/tfjs-core';
import { executeCenterNet } from '../detect/centernet.ts';
import { wholeView } from '../detect/views.ts';
import type { RgbImage } from '../image.ts';
import type { Superpixels } from './slic.ts';

/**
 * What the detector's network sees, reused for walls: the CenterNet (MobileNetV3) head's feature maps at strides
 * 16 and 8, trained on COCO, tell walls from windows, doors, cabinets and floors far better than colour and
 * texture alone. A linear probe on them (ridge regression, fitted by the training script on the annotated
 * fixtures) is averaged with the boosted trees; measured leave-one-image-out, the pair beats either alone.
 */
export const DEEP_LAYERS = [
  { node: 'tower_0/CenternetHead/Relu', channels: 256 },
  { node: 'tower_0/CenternetHead/Relu_1', channels: 192 },
] as const;

/** The network nodes the wall features read. */
export const DEEP_NODES: readonly string[] = DEEP_LAYERS.map((layer) => layer.node);

export const DEEP_FEATURE_COUNT = DEEP_LAYERS.reduce((sum, layer) => sum + layer.channels, 0);

export interface FeatureMap {
  readonly data: Float32Array;
  readonly width: number;
  readonly height: number;
  readonly channels: number;
}

/** The feature maps of the photo stretched to the network's square input (one forward pass, ~0.35 s here). */
export async function deepFeatureMaps(image: RgbImage): Promise<FeatureMap[]> {
  return readFeatureMaps((await executeCenterNet(image, wholeView(image), DEEP_NODES)).outputs);
}

/** The DEEP_NODES outputs of a CenterNet pass over the whole view, read into plain arrays (and disposed). */
export async function readFeatureMaps(outputs: readonly Tensor[]): Promise<FeatureMap[]> {
  try {
    const maps: FeatureMap[] = [];
    for (const output of outputs) {
      const [, height, width, channels] = output.shape as [number, number, number, number];
      maps.push({ data: (await output.data()) as Float32Array, width, height, channels });
    }
    return maps;
  } finally {
    for (const output of outputs) output.dispose();
  }
}

/** Mean feature vector of every superpixel (count x DEEP_FEATURE_COUNT, row-major), the maps read nearest-cell. */
export function poolDeepFeatures(maps: readonly FeatureMap[], sp: Superpixels): Float32Array {
  const { width: w, height: h, count, labels } = sp;
  // Sums in double precision: each superpixel adds a cell's vector once per pixel it has there.
  const sums = new Float64Array(count * DEEP_FEATURE_COUNT);
  const pixels = new Float32Array(count);
  for (const s of labels) pixels[s] = pixels[s]! + 1;
  let offset = 0;
  for (const map of maps) {
    const c = map.channels;
    const cells = map.width * map.height;
    const column = new Int32Array(w);
    for (let x = 0; x < w; x++) column[x] = Math.min(map.width - 1, Math.floor(((x + 0.5) / w) * map.width));
    // How many pixels of each superpixel fall in each feature cell (a cell covers 8x8 or 16x16 work pixels, so
    // there are a few thousand pairs, not 175k pixels): each pair's vector is then added once, times its count.
    // 448 channels added per pixel took ~380 ms a wall change; per pair it is ~20 ms, the same sums.
    const pairs = new Map<number, number>();
    for (let y = 0; y < h; y++) {
      const row = Math.min(map.height - 1, Math.floor(((y + 0.5) / h) * map.height)) * map.width;
      for (let x = 0; x < w; x++) {
        const key = labels[y * w + x]! * cells + row + column[x]!;
        pairs.set(key, (pairs.get(key) ?? 0) + 1);
      }
    }
    for (const [key, n] of pairs) {
      const s = Math.floor(key / cells);
      const from = (key - s * cells) * c;
      const to = s * DEEP_FEATURE_COUNT + offset;
      for (let k = 0; k < c; k++) sums[to + k] = sums[to + k]! + n * map.data[from + k]!;
    }
    offset += c;
  }
  const out = new Float32Array(count * DEEP_FEATURE_COUNT);
  for (let s = 0; s < count; s++) {
    const n = Math.max(1, pixels[s]!);
    for (let k = 0; k < DEEP_FEATURE_COUNT; k++) out[s * DEEP_FEATURE_COUNT + k] = sums[s * DEEP_FEATURE_COUNT + k]! / n;
  }
  return out;
}

/** A linear probe: standardise each feature, then a weighted sum plus bias, clamped to 0..1. */
export interface LinearProbe {
  readonly mean: readonly number[];
  readonly scale: readonly number[];
  readonly weights: readonly number[];
  readonly bias: number;
}

export function probeProbabilities(probe: LinearProbe, rows: Float32Array, featureCount: number): Float32Array {
  const count = rows.length / featureCount;
  const out = new Float32Array(count);
  for (let r = 0; r < count; r++) {
    let sum = probe.bias;
    const o = r * featureCount;
    for (let k = 0; k < featureCount; k++) sum += ((rows[o + k]! - probe.mean[k]!) / probe.scale[k]!) * probe.weights[k]!;
    out[r] = Math.min(1, Math.max(0, sum));
  }
  return out;
}

/**
 * The sums a probe is fitted from, per training photo: rows, feature sums and squares (for standardising), and the
 * weighted Gram matrix and target products of the raw features with a constant 1 appended. Kept per photo so that
 * leave-one-out and weight sweeps add a few matrices instead of passing over every superpixel again (with a few
 * hundred rendered rooms the per-row pass was ~20 s a fit). Training only.
 */
export interface ProbeMoments {
  readonly rows: number;
  readonly sum: Float64Array;
  readonly sumSquares: Float64Array;
  /** (d+1) x (d+1), upper triangle filled: sum of w x x^T with x[d] = 1. */
  readonly gram: Float64Array;
  /** d+1: sum of w t x. */
  readonly targetProducts: Float64Array;
  /** Sum of the weights. */
  readonly weight: number;
}

export function probeMoments(
  sample: { rows: Float32Array; targets: Float32Array; weights: Float32Array },
  featureCount: number,
): ProbeMoments {
  const d = featureCount;
  const D = d + 1;
  const sum = new Float64Array(d);
  const sumSquares = new Float64Array(d);
  const gram = new Float64Array(D * D);
  const targetProducts = new Float64Array(D);
  const x = new Float64Array(D);
  let weight = 0;
  for (let r = 0; r < sample.targets.length; r++) {
    for (let k = 0; k < d; k++) {
      const v = sample.rows[r * d + k]!;
      x[k] = v;
      sum[k] = sum[k]! + v;
      sumSquares[k] = sumSquares[k]! + v * v;
    }
    x[d] = 1;
    const w = sample.weights[r]!;
    if (!w) continue;
    weight += w;
    for (let i = 0; i < D; i++) {
      const xi = x[i]! * w;
      if (xi === 0) continue;
      targetProducts[i] = targetProducts[i]! + xi * sample.targets[r]!;
      for (let j = i; j < D; j++) gram[i * D + j] = gram[i * D + j]! + xi * x[j]!;
    }
  }
  return { rows: sample.targets.length, sum, sumSquares, gram, targetProducts, weight };
}

/**
 * Fits a probe by weighted ridge regression on soft targets (the wall share of each superpixel): standardised
 * features, the penalty `lambda` times the total weight, solved by Cholesky. Each photo's moments may carry a
 * factor on its weights (a rendered room counting less than a real photo). Training only.
 */
export function fitLinearProbe(
  parts: readonly { moments: ProbeMoments; factor?: number }[],
  featureCount: number,
  lambda: number,
): LinearProbe {
  const d = featureCount;
  const D = d + 1;
  let total = 0;
  const mean = new Float64Array(d);
  const squares = new Float64Array(d);
  const g = new Float64Array(D * D);
  const h = new Float64Array(D);
  let weightSum = 0;
  for (const { moments: m, factor = 1 } of parts) {
    total += m.rows;
    for (let k = 0; k < d; k++) ((mean[k] = mean[k]! + m.sum[k]!), (squares[k] = squares[k]! + m.sumSquares[k]!));
    for (let i = 0; i < D * D; i++) g[i] = g[i]! + factor * m.gram[i]!;
    for (let i = 0; i < D; i++) h[i] = h[i]! + factor * m.targetProducts[i]!;
    weightSum += factor * m.weight;
  }
  const scale = new Float64Array(d);
  for (let k = 0; k < d; k++) {
    mean[k] = mean[k]! / total;
    scale[k] = Math.sqrt(Math.max(0, squares[k]! / total - mean[k]! ** 2)) + 1e-3;
  }
  // The standardised system from the raw sums: z = (x - mean) / scale, and the constant stays 1.
  const m = (i: number): number => (i < d ? mean[i]! : 0);
  const s = (i: number): number => (i < d ? scale[i]! : 1);
  const a = new Float64Array(D * D);
  const b = new Float64Array(D);
  for (let i = 0; i < D; i++) {
    const gi = (j: number): number => (i <= j ? g[i * D + j]! : g[j * D + i]!);
    for (let j = i; j < D; j++) {
      const v = (gi(j) - m(i) * g[j * D + d]! - m(j) * gi(d) + m(i) * m(j) * g[d * D + d]!) / (s(i) * s(j));
      a[i * D + j] = v;
      a[j * D + i] = v;
    }
    b[i] = (h[i]! - m(i) * h[d]!) / s(i);
  }
  for (let i = 0; i < d; i++) a[i * D + i] = a[i * D + i]! + lambda * weightSum;
  const beta = choleskySolve(a, b, D);
  return {
    mean: Array.from(mean),
    scale: Array.from(scale),
    weights: Array.from(beta.subarray(0, d)),
    bias: beta[d]!,
  };
}

function choleskySolve(a: Float64Array, b: Float64Array, n: number): Float64Array {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i * n + j]!;
      for (let k = 0; k < j; k++) s -= l[i * n + k]! * l[j * n + k]!;
      l[i * n + j] = i === j ? Math.sqrt(Math.max(s, 1e-9)) : s / l[j * n + j]!;
    }
  }
  const t = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= l[i * n + k]! * t[k]!;
    t[i] = s / l[i * n + i]!;
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let s = t[i]!;
    for (let k = i + 1; k < n; k++) s -= l[k * n + i]! * x[k]!;
    x[i] = s / l[i * n + i]!;
  }
  return x;
}
