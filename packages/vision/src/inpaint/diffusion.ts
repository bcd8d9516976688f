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

/**
 * Laplace's equation on `domain` with the `known` pixels fixed and a free edge everywhere else (a pixel averages
 * only its neighbours in the domain or known), coarse to fine: each level starts from the coarser solution, so a
 * few dozen sweeps settle a hole hundreds of pixels wide.
 */
export function membrane(rgb: Float32Array, known: Uint8Array, domain: Uint8Array, w: number, h: number, finest = true): void {
  const coarsest = w < 16 || h < 16;
  if (!coarsest) {
    // Rounded up: an odd last row or column (often the known edge) must not be dropped.
    const cw = (w + 1) >> 1;
    const ch = (h + 1) >> 1;
    const crgb = new Float32Array(cw * ch * 3);
    const cknown = new Uint8Array(cw * ch);
    const cdomain = new Uint8Array(cw * ch);
    for (let y = 0; y < ch; y++)
      for (let x = 0; x < cw; x++) {
        const c = y * cw + x;
        let n = 0;
        let inDomain = 0;
        let r = 0;
        let g = 0;
        let b = 0;
        for (let d = 0; d < 4; d++) {
          const fx = 2 * x + (d & 1);
          const fy = 2 * y + (d >> 1);
          if (fx >= w || fy >= h) continue;
          const o = fy * w + fx;
          if (known[o]) {
            n++;
            r += rgb[o * 3]!;
            g += rgb[o * 3 + 1]!;
            b += rgb[o * 3 + 2]!;
          } else if (domain[o]) inDomain++;
        }
        if (n >= 1 && n >= inDomain) cknown[c] = 1;
        else if (n + inDomain > 0) cdomain[c] = 1;
        if (n >= 1) {
          crgb[c * 3] = r / n;
          crgb[c * 3 + 1] = g / n;
          crgb[c * 3 + 2] = b / n;
        }
      }
    membrane(crgb, cknown, cdomain, cw, ch, false);
    // Bilinear from the coarse cells that hold a value (known or solved): a smooth start the sweeps need not fix.
    // (Written out cell by cell, without temporary arrays: this loop and the sweeps below are most of a large
    // wall fill's time.)
    for (let y = 0; y < h; y++) {
      const fy = Math.max(0, Math.min(ch - 1, (y + 0.5) / 2 - 0.5));
      const y0 = Math.floor(fy);
      const y1 = Math.min(ch - 1, y0 + 1);
      const ty = fy - y0;
      for (let x = 0; x < w; x++) {
        const o = y * w + x;
        if (!domain[o]) continue;
        const fx = Math.max(0, Math.min(cw - 1, (x + 0.5) / 2 - 0.5));
        const x0 = Math.floor(fx);
        const x1 = Math.min(cw - 1, x0 + 1);
        const tx = fx - x0;
        let weight = 0;
        let r = 0;
        let g = 0;
        let b = 0;
        for (let corner = 0; corner < 4; corner++) {
          const c = (corner < 2 ? y0 : y1) * cw + (corner & 1 ? x1 : x0);
          const wt = (corner & 1 ? tx : 1 - tx) * (corner < 2 ? 1 - ty : ty);
          if (!(cknown[c] || cdomain[c]) || wt === 0) continue;
          weight += wt;
          r += wt * crgb[c * 3]!;
          g += wt * crgb[c * 3 + 1]!;
          b += wt * crgb[c * 3 + 2]!;
        }
        if (weight === 0) continue;
        rgb[o * 3] = r / weight;
        rgb[o * 3 + 1] = g / weight;
        rgb[o * 3 + 2] = b / weight;
      }
    }
  }
  let count = 0;
  for (let o = 0; o < domain.length; o++) if (domain[o]) count++;
  const cells = new Int32Array(count);
  for (let o = 0, k = 0; o < domain.length; o++) if (domain[o]) cells[k++] = o;
  // Each cell's open neighbours (domain or known) as bits, found once: left 1, right 2, up 4, down 8.
  const size = domain.length;
  const neighbours = new Uint8Array(count);
  for (let k = 0; k < count; k++) {
    const o = cells[k]!;
    const x = o % w;
    let bits = 0;
    if (x > 0 && (domain[o - 1] === 1 || known[o - 1] === 1)) bits |= 1;
    if (x < w - 1 && (domain[o + 1] === 1 || known[o + 1] === 1)) bits |= 2;
    if (o >= w && (domain[o - w] === 1 || known[o - w] === 1)) bits |= 4;
    if (o + w < size && (domain[o + w] === 1 || known[o + w] === 1)) bits |= 8;
    neighbours[k] = bits;
  }
  // The coarsest level starts from nothing: it is relaxed to convergence (it is tiny). The finest level only
  // smooths the blocks of the upsampled solution: a few sweeps (it is most of the cost).
  const sweeps = coarsest ? 20 * MEMBRANE_SWEEPS : finest ? FINEST_SWEEPS : MEMBRANE_SWEEPS;
  for (let sweep = 0; sweep < sweeps; sweep++) {
    for (let k = 0; k < count; k++) {
      const bits = neighbours[k]!;
      if (bits === 0) continue;
      const o = cells[k]!;
      let n = 0;
      let r = 0;
      let g = 0;
      let b = 0;
      if (bits & 1) {
        n++;
        r += rgb[(o - 1) * 3]!;
        g += rgb[(o - 1) * 3 + 1]!;
        b += rgb[(o - 1) * 3 + 2]!;
      }
      if (bits & 2) {
        n++;
        r += rgb[(o + 1) * 3]!;
        g += rgb[(o + 1) * 3 + 1]!;
        b += rgb[(o + 1) * 3 + 2]!;
      }
      if (bits & 4) {
        n++;
        r += rgb[(o - w) * 3]!;
        g += rgb[(o - w) * 3 + 1]!;
        b += rgb[(o - w) * 3 + 2]!;
      }
      if (bits & 8) {
        n++;
        r += rgb[(o + w) * 3]!;
        g += rgb[(o + w) * 3 + 1]!;
        b += rgb[(o + w) * 3 + 2]!;
      }
      rgb[o * 3] = r / n;
      rgb[o * 3 + 1] = g / n;
      rgb[o * 3 + 2] = b / n;
    }
  }
}

/** Relaxation sweeps per level of the membrane, and at the finest level. */
const MEMBRANE_SWEEPS = 40;
const FINEST_SWEEPS = 4;
