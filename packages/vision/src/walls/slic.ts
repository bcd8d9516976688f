import type { RgbImage } from '../image.ts';

/** CIELAB planes of an sRGB image (D65), L in 0..100. */
export interface LabImage {
  readonly width: number;
  readonly height: number;
  readonly l: Float32Array;
  readonly a: Float32Array;
  readonly b: Float32Array;
}

const SRGB_TO_LINEAR = Float32Array.from({ length: 256 }, (_, v) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

function labF(t: number): number {
  return t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116;
}

export function toLab(image: RgbImage): LabImage {
  const n = image.width * image.height;
  const l = new Float32Array(n);
  const a = new Float32Array(n);
  const b = new Float32Array(n);
  const src = image.data;
  for (let i = 0, p = 0; i < n; i++, p += 3) {
    const r = SRGB_TO_LINEAR[src[p]!]!;
    const g = SRGB_TO_LINEAR[src[p + 1]!]!;
    const bl = SRGB_TO_LINEAR[src[p + 2]!]!;
    const fx = labF((0.4124 * r + 0.3576 * g + 0.1805 * bl) / 0.95047);
    const fy = labF(0.2126 * r + 0.7152 * g + 0.0722 * bl);
    const fz = labF((0.0193 * r + 0.1192 * g + 0.9505 * bl) / 1.08883);
    l[i] = 116 * fy - 16;
    a[i] = 500 * (fx - fy);
    b[i] = 200 * (fy - fz);
  }
  return { width: image.width, height: image.height, l, a, b };
}

export interface Superpixels {
  readonly width: number;
  readonly height: number;
  /** Superpixel index of every pixel, 0..count-1, each superpixel 4-connected. */
  readonly labels: Int32Array;
  readonly count: number;
}

/**
 * Each superpixel's 4-neighbour superpixels, both ways. Sets are filled in one row-major scan, right neighbour
 * before the one below, so every caller iterates them in the same order.
 */
export function superpixelNeighbours(superpixels: Pick<Superpixels, 'labels' | 'width' | 'count'>): Set<number>[] {
  const { labels, width: w, count } = superpixels;
  const neighbours: Set<number>[] = Array.from({ length: count }, () => new Set<number>());
  for (let i = 0; i < labels.length; i++) {
    const s = labels[i]!;
    const right = i % w < w - 1 ? labels[i + 1]! : s;
    const down = i + w < labels.length ? labels[i + w]! : s;
    for (const t of [right, down]) {
      if (t === s) continue;
      neighbours[s]!.add(t);
      neighbours[t]!.add(s);
    }
  }
  return neighbours;
}

/**
 * SLIC (Achanta et al. 2012) on CIELAB, then connectivity enforcement. Our own: opencv.js 4.12 ships without
 * ximgproc, and this is ~60 lines at the 512 px working size where it runs in tens of milliseconds.
 */
export function slic(lab: LabImage, targetCount: number, compactness = 10, iterations = 6): Superpixels {
  const { width: w, height: h } = lab;
  const step = Math.max(4, Math.round(Math.sqrt((w * h) / targetCount)));
  const cx: number[] = [];
  const cy: number[] = [];
  const cl: number[] = [];
  const ca: number[] = [];
  const cb: number[] = [];
  for (let y = Math.floor(step / 2); y < h; y += step) {
    for (let x = Math.floor(step / 2); x < w; x += step) {
      const i = y * w + x;
      cx.push(x);
      cy.push(y);
      cl.push(lab.l[i]!);
      ca.push(lab.a[i]!);
      cb.push(lab.b[i]!);
    }
  }
  const k = cx.length;
  const labels = new Int32Array(w * h).fill(-1);
  const dist = new Float32Array(w * h);
  const spatial = (compactness / step) ** 2;
  for (let iter = 0; iter < iterations; iter++) {
    dist.fill(Infinity);
    for (let c = 0; c < k; c++) {
      const x0 = Math.max(0, Math.round(cx[c]! - step));
      const x1 = Math.min(w - 1, Math.round(cx[c]! + step));
      const y0 = Math.max(0, Math.round(cy[c]! - step));
      const y1 = Math.min(h - 1, Math.round(cy[c]! + step));
      const L = cl[c]!;
      const A = ca[c]!;
      const B = cb[c]!;
      const X = cx[c]!;
      const Y = cy[c]!;
      for (let y = y0; y <= y1; y++) {
        const dy2 = (y - Y) * (y - Y);
        for (let x = x0, i = y * w + x0; x <= x1; x++, i++) {
          const dl = lab.l[i]! - L;
          const da = lab.a[i]! - A;
          const db = lab.b[i]! - B;
          const d = dl * dl + da * da + db * db + ((x - X) * (x - X) + dy2) * spatial;
          if (d < dist[i]!) {
            dist[i] = d;
            labels[i] = c;
          }
        }
      }
    }
    const sums = new Float64Array(k * 6);
    for (let y = 0, i = 0; y < h; y++) {
      for (let x = 0; x < w; x++, i++) {
        const s = labels[i]! * 6;
        sums[s] = sums[s]! + x;
        sums[s + 1] = sums[s + 1]! + y;
        sums[s + 2] = sums[s + 2]! + lab.l[i]!;
        sums[s + 3] = sums[s + 3]! + lab.a[i]!;
        sums[s + 4] = sums[s + 4]! + lab.b[i]!;
        sums[s + 5] = sums[s + 5]! + 1;
      }
    }
    for (let c = 0; c < k; c++) {
      const n = sums[c * 6 + 5]!;
      if (!n) continue;
      cx[c] = sums[c * 6]! / n;
      cy[c] = sums[c * 6 + 1]! / n;
      cl[c] = sums[c * 6 + 2]! / n;
      ca[c] = sums[c * 6 + 3]! / n;
      cb[c] = sums[c * 6 + 4]! / n;
    }
  }
  return enforceConnectivity(labels, w, h, Math.max(4, (step * step) >> 2));
}

/** Relabels 4-connected pieces; pieces smaller than minSize join the neighbouring piece met before them. */
function enforceConnectivity(labels: Int32Array, w: number, h: number, minSize: number): Superpixels {
  const out = new Int32Array(w * h).fill(-1);
  const queue = new Int32Array(w * h);
  let next = 0;
  for (let start = 0; start < w * h; start++) {
    if (out[start] !== -1) continue;
    const original = labels[start]!;
    let adjacent = -1;
    const sx = start % w;
    const sy = (start - sx) / w;
    if (sx > 0 && out[start - 1]! >= 0) adjacent = out[start - 1]!;
    else if (sy > 0 && out[start - w]! >= 0) adjacent = out[start - w]!;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    out[start] = next;
    while (head < tail) {
      const i = queue[head++]!;
      const x = i % w;
      const y = (i - x) / w;
      if (x > 0 && out[i - 1] === -1 && labels[i - 1] === original) ((out[i - 1] = next), (queue[tail++] = i - 1));
      if (x < w - 1 && out[i + 1] === -1 && labels[i + 1] === original) ((out[i + 1] = next), (queue[tail++] = i + 1));
      if (y > 0 && out[i - w] === -1 && labels[i - w] === original) ((out[i - w] = next), (queue[tail++] = i - w));
      if (y < h - 1 && out[i + w] === -1 && labels[i + w] === original) ((out[i + w] = next), (queue[tail++] = i + w));
    }
    if (tail < minSize && adjacent >= 0) {
      for (let q = 0; q < tail; q++) out[queue[q]!] = adjacent;
    } else {
      next++;
    }
  }
  return { width: w, height: h, labels: out, count: next };
}
