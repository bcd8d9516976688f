/**
 * A small gradient-boosted decision-tree classifier (logistic loss, histogram splits): what turns the hand-made
 * superpixel features into a wall or ceiling probability, and a detector candidate's features into the chance it is
 * a real object. Trees are plain arrays so a trained model is a TS constant.
 */

/** One tree as flat node arrays; a node with feature -1 is a leaf holding `value`. */
export interface Tree {
  readonly feature: readonly number[];
  readonly threshold: readonly number[];
  readonly left: readonly number[];
  readonly right: readonly number[];
  readonly value: readonly number[];
}

export interface Forest {
  readonly base: number;
  readonly trees: readonly Tree[];
}

export function predictLogit(forest: Forest, rows: Float32Array, featureCount: number, row: number): number {
  let sum = forest.base;
  const o = row * featureCount;
  for (const t of forest.trees) {
    let node = 0;
    while (t.feature[node]! >= 0) {
      node = rows[o + t.feature[node]!]! <= t.threshold[node]! ? t.left[node]! : t.right[node]!;
    }
    sum += t.value[node]!;
  }
  return sum;
}

export function predictProbabilities(forest: Forest, rows: Float32Array, featureCount: number): Float32Array {
  const count = rows.length / featureCount;
  const out = new Float32Array(count);
  for (let r = 0; r < count; r++) out[r] = 1 / (1 + Math.exp(-predictLogit(forest, rows, featureCount, r)));
  return out;
}

export interface TrainOptions {
  trees: number;
  depth: number;
  learningRate: number;
  minLeafWeight: number;
  bins: number;
  /** Fraction of rows each tree sees (seeded, deterministic). */
  subsample: number;
}

export const DEFAULT_TRAIN_OPTIONS: TrainOptions = {
  trees: 120,
  depth: 4,
  learningRate: 0.1,
  minLeafWeight: 20,
  bins: 32,
  subsample: 0.8,
};

/** Trains on soft targets (0..1) with per-row weights. */
export function trainForest(
  rows: Float32Array,
  featureCount: number,
  targets: Float32Array,
  weights: Float32Array,
  options: TrainOptions = DEFAULT_TRAIN_OPTIONS,
): Forest {
  const count = targets.length;
  // Quantile bin edges per feature.
  const edges: Float32Array[] = [];
  const binned = new Uint8Array(count * featureCount);
  for (let f = 0; f < featureCount; f++) {
    const values = new Float32Array(count);
    for (let r = 0; r < count; r++) values[r] = rows[r * featureCount + f]!;
    const sorted = Float32Array.from(values).sort();
    const e: number[] = [];
    for (let b = 1; b < options.bins; b++) {
      const v = sorted[Math.floor((b * count) / options.bins)]!;
      if (e.length === 0 || v > e[e.length - 1]!) e.push(v);
    }
    const fe = Float32Array.from(e);
    edges.push(fe);
    for (let r = 0; r < count; r++) {
      const v = values[r]!;
      let lo = 0;
      let hi = fe.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (fe[mid]! < v) lo = mid + 1;
        else hi = mid;
      }
      binned[r * featureCount + f] = lo; // bin b means edges[b-1] < v <= edges[b]
    }
  }
  let wsum = 0;
  let ysum = 0;
  for (let r = 0; r < count; r++) {
    wsum += weights[r]!;
    ysum += weights[r]! * targets[r]!;
  }
  const p0 = Math.min(0.99, Math.max(0.01, ysum / wsum));
  const base = Math.log(p0 / (1 - p0));
  const logits = new Float64Array(count).fill(base);
  const grad = new Float64Array(count);
  const hess = new Float64Array(count);
  const trees: Tree[] = [];
  let seed = 12345;
  const random = (): number => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed / 4294967296;
  };
  for (let t = 0; t < options.trees; t++) {
    const sample: number[] = [];
    for (let r = 0; r < count; r++) {
      const p = 1 / (1 + Math.exp(-logits[r]!));
      grad[r] = weights[r]! * (p - targets[r]!);
      hess[r] = weights[r]! * Math.max(1e-6, p * (1 - p));
      if (random() < options.subsample) sample.push(r);
    }
    const tree = {
      feature: [] as number[],
      threshold: [] as number[],
      left: [] as number[],
      right: [] as number[],
      value: [] as number[],
    };
    const grow = (members: number[], depth: number): number => {
      const id = tree.feature.length;
      tree.feature.push(-1);
      tree.threshold.push(0);
      tree.left.push(-1);
      tree.right.push(-1);
      let G = 0;
      let H = 0;
      let W = 0;
      for (const r of members) {
        G += grad[r]!;
        H += hess[r]!;
        W += weights[r]!;
      }
      tree.value.push((-G / (H + 1)) * options.learningRate);
      if (depth >= options.depth || W < 2 * options.minLeafWeight) return id;
      let best = 0;
      let bestF = -1;
      let bestB = -1;
      const parentScore = (G * G) / (H + 1);
      const hg = new Float64Array(options.bins);
      const hh = new Float64Array(options.bins);
      const hw = new Float64Array(options.bins);
      for (let f = 0; f < featureCount; f++) {
        hg.fill(0);
        hh.fill(0);
        hw.fill(0);
        for (const r of members) {
          const b = binned[r * featureCount + f]!;
          hg[b] = hg[b]! + grad[r]!;
          hh[b] = hh[b]! + hess[r]!;
          hw[b] = hw[b]! + weights[r]!;
        }
        let gl = 0;
        let hl = 0;
        let wl = 0;
        for (let b = 0; b < edges[f]!.length; b++) {
          gl += hg[b]!;
          hl += hh[b]!;
          wl += hw[b]!;
          if (wl < options.minLeafWeight || W - wl < options.minLeafWeight) continue;
          const gain = (gl * gl) / (hl + 1) + ((G - gl) * (G - gl)) / (H - hl + 1) - parentScore;
          if (gain > best) {
            best = gain;
            bestF = f;
            bestB = b;
          }
        }
      }
      if (bestF < 0) return id;
      const leftRows: number[] = [];
      const rightRows: number[] = [];
      for (const r of members) (binned[r * featureCount + bestF]! <= bestB ? leftRows : rightRows).push(r);
      tree.feature[id] = bestF;
      tree.threshold[id] = edges[bestF]![bestB]!;
      tree.left[id] = grow(leftRows, depth + 1);
      tree.right[id] = grow(rightRows, depth + 1);
      return id;
    };
    grow(sample, 0);
    trees.push(tree);
    for (let r = 0; r < count; r++) {
      let node = 0;
      while (tree.feature[node]! >= 0) {
        node = rows[r * featureCount + tree.feature[node]!]! <= tree.threshold[node]! ? tree.left[node]! : tree.right[node]!;
      }
      logits[r] = logits[r]! + tree.value[node]!;
    }
  }
  return { base, trees };
}

/** Rows with their soft targets and weights: one photo's share of a training set. */
export interface TrainingRows {
  readonly rows: Float32Array;
  readonly targets: Float32Array;
  readonly weights: Float32Array;
}

/** `trainForest` on several photos' rows stacked in order. */
export function trainForestOnSets(
  sets: readonly TrainingRows[],
  featureCount: number,
  options: TrainOptions = DEFAULT_TRAIN_OPTIONS,
): Forest {
  const total = sets.reduce((sum, s) => sum + s.targets.length, 0);
  const rows = new Float32Array(total * featureCount);
  const targets = new Float32Array(total);
  const weights = new Float32Array(total);
  let offset = 0;
  for (const s of sets) {
    rows.set(s.rows, offset * featureCount);
    targets.set(s.targets, offset);
    weights.set(s.weights, offset);
    offset += s.targets.length;
  }
  return trainForest(rows, featureCount, targets, weights, options);
}

/** A forest as a TypeScript object literal, rounded to keep the generated file small. */
export function forestLiteral(forest: Forest): string {
  const round = (v: number): number => Math.round(v * 1e5) / 1e5;
  const trees = forest.trees.map(
    (t) =>
      `  { feature: [${t.feature.join(', ')}], threshold: [${t.threshold.map(round).join(', ')}], left: [${t.left.join(', ')}], right: [${t.right.join(', ')}], value: [${t.value.map(round).join(', ')}] },`,
  );
  return `{\n  base: ${round(forest.base)},\n  trees: [\n${trees.join('\n')}\n  ],\n}`;
}
