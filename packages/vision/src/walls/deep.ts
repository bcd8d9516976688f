import { executeCenterNet, wholeView } from '../detect/centernet.ts';
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

export const DEEP_FEATURE_COUNT = DEEP_LAYERS.reduce((sum, layer) => sum + layer.channels, 0);

interface FeatureMap {
  readonly data: Float32Array;
  readonly width: number;
  readonly height: number;
  readonly channels: number;
}

/** The feature maps of the photo stretched to the network's square input (one forward pass, ~0.35 s here). */
export async function deepFeatureMaps(image: RgbImage): Promise<FeatureMap[]> {
  const { outputs } = await executeCenterNet(
    image,
    wholeView(image),
    DEEP_LAYERS.map((layer) => layer.node),
  );
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
 * Fits a probe by weighted ridge regression on soft targets (the wall share of each superpixel): standardised
 * features, the penalty `lambda` times the total weight, solved by Cholesky. Training only.
 */
export function fitLinearProbe(
  samples: readonly { rows: Float32Array; targets: Float32Array; weights: Float32Array }[],
  featureCount: number,
  lambda: number,
): LinearProbe {
  const d = featureCount;
  let total = 0;
  const mean = new Float64Array(d);
  const scale = new Float64Array(d);
  for (const s of samples) {
    total += s.targets.length;
    for (let i = 0; i < s.rows.length; i++) mean[i % d] = mean[i % d]! + s.rows[i]!;
  }
  for (let k = 0; k < d; k++) mean[k] = mean[k]! / total;
  for (const s of samples)
    for (let i = 0; i < s.rows.length; i++) scale[i % d] = scale[i % d]! + (s.rows[i]! - mean[i % d]!) ** 2;
  for (let k = 0; k < d; k++) scale[k] = Math.sqrt(scale[k]! / total) + 1e-3;

  const D = d + 1;
  const a = new Float64Array(D * D);
  const b = new Float64Array(D);
  const z = new Float64Array(D);
  let weightSum = 0;
  for (const s of samples) {
    for (let r = 0; r < s.targets.length; r++) {
      const w = s.weights[r]!;
      if (!w) continue;
      weightSum += w;
      for (let k = 0; k < d; k++) z[k] = (s.rows[r * d + k]! - mean[k]!) / scale[k]!;
      z[d] = 1;
      for (let i = 0; i < D; i++) {
        const zi = z[i]! * w;
        if (zi === 0) continue;
        b[i] = b[i]! + zi * s.targets[r]!;
        for (let j = i; j < D; j++) a[i * D + j] = a[i * D + j]! + zi * z[j]!;
      }
    }
  }
  for (let i = 0; i < D; i++) {
    for (let j = i + 1; j < D; j++) a[j * D + i] = a[i * D + j]!;
    if (i < d) a[i * D + i] = a[i * D + i]! + lambda * weightSum;
  }
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
