import type { LabImage, Superpixels } from './slic.ts';

/** The superpixels as a graph: each one's size and mean colour, and each touching pair with its shared border. */
export interface SuperpixelGraph {
  readonly count: number;
  /** Pixels in each superpixel. */
  readonly size: Float64Array;
  /** Mean CIELAB colour of each superpixel. */
  readonly l: Float64Array;
  readonly a: Float64Array;
  readonly b: Float64Array;
  /** Touching pairs (from < to) and the number of 4-neighbour pixel pairs across their border. */
  readonly from: Int32Array;
  readonly to: Int32Array;
  readonly border: Float64Array;
}

export function superpixelGraph(lab: LabImage, sp: Superpixels): SuperpixelGraph {
  const k = sp.count;
  const size = new Float64Array(k);
  const l = new Float64Array(k);
  const a = new Float64Array(k);
  const b = new Float64Array(k);
  const { width: w, height: h } = sp;
  const edges = new Map<number, number>();
  const touch = (s: number, t: number): void => {
    const key = s < t ? s * k + t : t * k + s;
    edges.set(key, (edges.get(key) ?? 0) + 1);
  };
  for (let y = 0, i = 0; y < h; y++) {
    for (let x = 0; x < w; x++, i++) {
      const s = sp.labels[i]!;
      size[s] = size[s]! + 1;
      l[s] = l[s]! + lab.l[i]!;
      a[s] = a[s]! + lab.a[i]!;
      b[s] = b[s]! + lab.b[i]!;
      if (x < w - 1 && sp.labels[i + 1] !== s) touch(s, sp.labels[i + 1]!);
      if (y < h - 1 && sp.labels[i + w] !== s) touch(s, sp.labels[i + w]!);
    }
  }
  for (let s = 0; s < k; s++) {
    const n = Math.max(1, size[s]!);
    l[s] = l[s]! / n;
    a[s] = a[s]! / n;
    b[s] = b[s]! / n;
  }
  const from = new Int32Array(edges.size);
  const to = new Int32Array(edges.size);
  const border = new Float64Array(edges.size);
  let e = 0;
  for (const [key, length] of edges) {
    from[e] = Math.floor(key / k);
    to[e] = key % k;
    border[e++] = length;
  }
  return { count: k, size, l, a, b, from, to, border };
}

/** Squared CIELAB distance between the mean colours of superpixels s and t (every caller needs it squared). */
export function colourDistanceSquared(graph: SuperpixelGraph, s: number, t: number): number {
  const dl = graph.l[s]! - graph.l[t]!;
  const da = graph.a[s]! - graph.a[t]!;
  const db = graph.b[s]! - graph.b[t]!;
  return dl * dl + da * da + db * db;
}

/**
 * Spreads wall probabilities between adjacent superpixels of similar colour (a few Jacobi steps of a
 * colour-weighted graph average): one wall painted one colour should not come out patchy.
 */
export function smoothOverGraph(
  probabilities: Float32Array,
  lab: LabImage,
  sp: Superpixels,
  steps = 4,
  colourScale = 6,
  keep = 0.5,
): Float32Array {
  const graph = superpixelGraph(lab, sp);
  const k = graph.count;
  const { from, to } = graph;
  const weight = new Float64Array(from.length);
  for (let e = 0; e < from.length; e++) {
    const d2 = colourDistanceSquared(graph, from[e]!, to[e]!);
    weight[e] = graph.border[e]! * Math.exp(-d2 / (2 * colourScale * colourScale));
  }
  let p = Float32Array.from(probabilities);
  for (let step = 0; step < steps; step++) {
    const sum = new Float64Array(k);
    const wsum = new Float64Array(k);
    for (let e = 0; e < from.length; e++) {
      const s = from[e]!;
      const t = to[e]!;
      sum[s] = sum[s]! + weight[e]! * p[t]!;
      wsum[s] = wsum[s]! + weight[e]!;
      sum[t] = sum[t]! + weight[e]! * p[s]!;
      wsum[t] = wsum[t]! + weight[e]!;
    }
    const next = new Float32Array(k);
    for (let s = 0; s < k; s++) {
      const neighbour = wsum[s]! > 0 ? sum[s]! / wsum[s]! : p[s]!;
      const trust = wsum[s]! / (wsum[s]! + 4);
      next[s] = keep * probabilities[s]! + (1 - keep) * (trust * neighbour + (1 - trust) * p[s]!);
    }
    p = next;
  }
  return p;
}
