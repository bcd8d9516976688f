import type { LabImage, Superpixels } from './slic.ts';

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
  const k = sp.count;
  const n = new Float64Array(k);
  const l = new Float64Array(k);
  const a = new Float64Array(k);
  const b = new Float64Array(k);
  const { width: w, height: h } = sp;
  const edges = new Map<number, number>();
  for (let y = 0, i = 0; y < h; y++) {
    for (let x = 0; x < w; x++, i++) {
      const s = sp.labels[i]!;
      n[s] = n[s]! + 1;
      l[s] = l[s]! + lab.l[i]!;
      a[s] = a[s]! + lab.a[i]!;
      b[s] = b[s]! + lab.b[i]!;
      if (x < w - 1 && sp.labels[i + 1] !== s) {
        const t = sp.labels[i + 1]!;
        const key = s < t ? s * k + t : t * k + s;
        edges.set(key, (edges.get(key) ?? 0) + 1);
      }
      if (y < h - 1 && sp.labels[i + w] !== s) {
        const t = sp.labels[i + w]!;
        const key = s < t ? s * k + t : t * k + s;
        edges.set(key, (edges.get(key) ?? 0) + 1);
      }
    }
  }
  for (let s = 0; s < k; s++) ((l[s] = l[s]! / n[s]!), (a[s] = a[s]! / n[s]!), (b[s] = b[s]! / n[s]!));
  const from: number[] = [];
  const to: number[] = [];
  const weight: number[] = [];
  for (const [key, border] of edges) {
    const s = Math.floor(key / k);
    const t = key % k;
    const d = Math.hypot(l[s]! - l[t]!, a[s]! - a[t]!, b[s]! - b[t]!);
    const wgt = border * Math.exp(-(d * d) / (2 * colourScale * colourScale));
    from.push(s);
    to.push(t);
    weight.push(wgt);
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
