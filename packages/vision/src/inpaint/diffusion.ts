import { downsample, holeCount, type Canvas } from './planes.ts';

/**
 * Plain diffusion fill (membrane interpolation): push-pull over a pyramid for the low frequencies, then
 * Gauss-Seidel relaxation of the Laplace equation on the hole. The baseline the exemplar fill is measured
 * against, and the exemplar fill's starting guess at its coarsest level. `topRelax`: the sweeps at this size
 * (coarser levels take `relax`).
 */
export function diffusionFill(c: Canvas, relax = 30, topRelax = relax): void {
  if (holeCount(c) === 0) return;
  if (c.w >= 4 && c.h >= 4) {
    const coarse = downsample(c);
    diffusionFill(coarse, relax);
    for (let y = 0; y < c.h; y++) {
      const cy = Math.min(coarse.h - 1, y >> 1);
      for (let x = 0; x < c.w; x++) {
        const i = y * c.w + x;
        if (!c.hole[i]) continue;
        const j = cy * coarse.w + Math.min(coarse.w - 1, x >> 1);
        c.rgb[i * 3] = coarse.rgb[j * 3]!;
        c.rgb[i * 3 + 1] = coarse.rgb[j * 3 + 1]!;
        c.rgb[i * 3 + 2] = coarse.rgb[j * 3 + 2]!;
      }
    }
  } else {
    seedWithMean(c);
  }
  relaxHole(c, topRelax);
}

/**
 * Gauss-Seidel sweeps of the Laplace equation over the hole's pixels, in index order: each becomes the mean of its
 * 4-neighbours inside the canvas. The hot loop of the smooth base (~0.4 M hole pixels x 8 sweeps at 1920x1280), so
 * each pixel's neighbours are found once, not per sweep: a pixel in the canvas's interior (the common case) reads
 * all four without bounds checks.
 */
function relaxHole(c: Canvas, sweeps: number): void {
  const { w, h, rgb, hole } = c;
  let count = 0;
  for (let i = 0; i < hole.length; i++) count += hole[i]!;
  const idx = new Int32Array(count);
  // Bit 0: has a left neighbour, 1: right, 2: above, 3: below.
  const sides = new Uint8Array(count);
  for (let i = 0, k = 0; i < hole.length; i++) {
    if (!hole[i]) continue;
    const x = i % w;
    const y = (i - x) / w;
    idx[k] = i;
    sides[k++] = (x > 0 ? 1 : 0) | (x < w - 1 ? 2 : 0) | (y > 0 ? 4 : 0) | (y < h - 1 ? 8 : 0);
  }
  for (let it = 0; it < sweeps; it++) {
    for (let k = 0; k < count; k++) {
      const i = idx[k]!;
      const side = sides[k]!;
      if (side === 15) {
        const l = (i - 1) * 3;
        const r = (i + 1) * 3;
        const u = (i - w) * 3;
        const d = (i + w) * 3;
        rgb[i * 3] = (rgb[l]! + rgb[r]! + rgb[u]! + rgb[d]!) / 4;
        rgb[i * 3 + 1] = (rgb[l + 1]! + rgb[r + 1]! + rgb[u + 1]! + rgb[d + 1]!) / 4;
        rgb[i * 3 + 2] = (rgb[l + 2]! + rgb[r + 2]! + rgb[u + 2]! + rgb[d + 2]!) / 4;
        continue;
      }
      let n = 0,
        red = 0,
        green = 0,
        blue = 0;
      for (let bit = 0; bit < 4; bit++) {
        if (!(side & (1 << bit))) continue;
        const q = (bit === 0 ? i - 1 : bit === 1 ? i + 1 : bit === 2 ? i - w : i + w) * 3;
        n++;
        red += rgb[q]!;
        green += rgb[q + 1]!;
        blue += rgb[q + 2]!;
      }
      if (n === 0) continue;
      rgb[i * 3] = red / n;
      rgb[i * 3 + 1] = green / n;
      rgb[i * 3 + 2] = blue / n;
    }
  }
}

function seedWithMean(c: Canvas): void {
  let n = 0,
    r = 0,
    g = 0,
    b = 0;
  for (let i = 0; i < c.hole.length; i++) {
    if (c.hole[i]) continue;
    n++;
    r += c.rgb[i * 3]!;
    g += c.rgb[i * 3 + 1]!;
    b += c.rgb[i * 3 + 2]!;
  }
  const m = n ? [r / n, g / n, b / n] : [128, 128, 128];
  for (let i = 0; i < c.hole.length; i++) {
    if (!c.hole[i]) continue;
    c.rgb[i * 3] = m[0]!;
    c.rgb[i * 3 + 1] = m[1]!;
    c.rgb[i * 3 + 2] = m[2]!;
  }
}
