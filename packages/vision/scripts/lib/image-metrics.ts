import type { RgbImage } from '../../src/image.ts';
import type { Mask } from '../../src/mask.ts';

export function gray(image: RgbImage): Float32Array {
  const g = new Float32Array(image.width * image.height);
  for (let i = 0; i < g.length; i++)
    g[i] = 0.299 * image.data[i * 3]! + 0.587 * image.data[i * 3 + 1]! + 0.114 * image.data[i * 3 + 2]!;
  return g;
}

/** PSNR over the masked pixels (all pixels without a mask), RGB, peak 255. */
export function psnr(a: RgbImage, b: RgbImage, mask?: Mask): number {
  let se = 0,
    n = 0;
  for (let i = 0; i < a.width * a.height; i++) {
    if (mask && !mask.data[i]) continue;
    for (let c = 0; c < 3; c++) {
      const e = a.data[i * 3 + c]! - b.data[i * 3 + c]!;
      se += e * e;
    }
    n += 3;
  }
  const mse = se / Math.max(1, n);
  return mse === 0 ? 99 : 10 * Math.log10((255 * 255) / mse);
}

/** Mean SSIM of 7x7 grey windows whose centre is masked (Wang et al. 2004 constants). */
export function ssim(a: RgbImage, b: RgbImage, mask?: Mask): number {
  const ga = gray(a),
    gb = gray(b);
  const w = a.width,
    h = a.height,
    r = 3;
  const c1 = (0.01 * 255) ** 2,
    c2 = (0.03 * 255) ** 2;
  let sum = 0,
    n = 0;
  for (let y = r; y < h - r; y += 2) {
    for (let x = r; x < w - r; x += 2) {
      if (mask && !mask.data[y * w + x]) continue;
      let ma = 0,
        mb = 0;
      for (let dy = -r; dy <= r; dy++)
        for (let dx = -r; dx <= r; dx++) {
          const i = (y + dy) * w + x + dx;
          ma += ga[i]!;
          mb += gb[i]!;
        }
      const k = (2 * r + 1) ** 2;
      ma /= k;
      mb /= k;
      let va = 0,
        vb = 0,
        cov = 0;
      for (let dy = -r; dy <= r; dy++)
        for (let dx = -r; dx <= r; dx++) {
          const i = (y + dy) * w + x + dx;
          const da = ga[i]! - ma,
            db = gb[i]! - mb;
          va += da * da;
          vb += db * db;
          cov += da * db;
        }
      va /= k - 1;
      vb /= k - 1;
      cov /= k - 1;
      sum += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2));
      n++;
    }
  }
  return n ? sum / n : 1;
}

/** Mean gradient magnitude (central differences on grey) over the masked pixels. */
export function gradientEnergy(image: RgbImage, mask: Mask): number {
  const g = gray(image);
  const w = image.width,
    h = image.height;
  let sum = 0,
    n = 0;
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      if (!mask.data[i]) continue;
      const gx = (g[i + 1]! - g[i - 1]!) / 2,
        gy = (g[i + w]! - g[i - w]!) / 2;
      sum += Math.hypot(gx, gy);
      n++;
    }
  return n ? sum / n : 0;
}

/** Texture energy of a fill relative to the truth's: a smear scores far below 1. */
export function textureRatio(filled: RgbImage, truth: RgbImage, mask: Mask): number {
  return gradientEnergy(filled, mask) / Math.max(1e-6, gradientEnergy(truth, mask));
}
