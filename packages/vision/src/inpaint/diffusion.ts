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
  const idx: number[] = [];
  for (let i = 0; i < c.hole.length; i++) if (c.hole[i]) idx.push(i);
  for (let it = 0; it < topRelax; it++) {
    for (const i of idx) {
      const x = i % c.w,
        y = (i - x) / c.w;
      let n = 0,
        r = 0,
        g = 0,
        b = 0;
      if (x > 0) {
        n++;
        r += c.rgb[(i - 1) * 3]!;
        g += c.rgb[(i - 1) * 3 + 1]!;
        b += c.rgb[(i - 1) * 3 + 2]!;
      }
      if (x < c.w - 1) {
        n++;
        r += c.rgb[(i + 1) * 3]!;
        g += c.rgb[(i + 1) * 3 + 1]!;
        b += c.rgb[(i + 1) * 3 + 2]!;
      }
      if (y > 0) {
        n++;
        r += c.rgb[(i - c.w) * 3]!;
        g += c.rgb[(i - c.w) * 3 + 1]!;
        b += c.rgb[(i - c.w) * 3 + 2]!;
      }
      if (y < c.h - 1) {
        n++;
        r += c.rgb[(i + c.w) * 3]!;
        g += c.rgb[(i + c.w) * 3 + 1]!;
        b += c.rgb[(i + c.w) * 3 + 2]!;
      }
      if (n === 0) continue;
      c.rgb[i * 3] = r / n;
      c.rgb[i * 3 + 1] = g / n;
      c.rgb[i * 3 + 2] = b / n;
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
