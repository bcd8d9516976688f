import type { RgbImage } from '../image.ts';
import { openCv } from '../runtime/opencv.ts';

export interface GrabCutThresholds {
  /** At or below: surely not wall. */
  readonly sureBackground: number;
  /** Above: probably wall (else probably not). */
  readonly probable: number;
  /** Above: surely wall. */
  readonly sureForeground: number;
}

export const DEFAULT_GRABCUT: GrabCutThresholds = { sureBackground: 0.08, probable: 0.3, sureForeground: 0.8 };

/**
 * Refines per-pixel wall probabilities with GrabCut (opencv.js): a colour model of this photo's walls and of the
 * rest, fitted to the classifier's guess, redraws the boundary along colour edges. Returns 0/255 per pixel.
 */
export async function grabCutRefine(
  image: RgbImage,
  probability: Float32Array,
  thresholds: GrabCutThresholds = DEFAULT_GRABCUT,
  iterations = 3,
): Promise<Uint8Array> {
  const cv = await openCv();
  const { width: w, height: h } = image;
  const init = new Uint8Array(w * h);
  let fg = 0;
  let bg = 0;
  for (let i = 0; i < init.length; i++) {
    const p = probability[i]!;
    if (p <= thresholds.sureBackground) init[i] = cv.GC_BGD;
    else if (p > thresholds.sureForeground) init[i] = cv.GC_FGD;
    else init[i] = p > thresholds.probable ? cv.GC_PR_FGD : cv.GC_PR_BGD;
    if (init[i] === cv.GC_FGD || init[i] === cv.GC_PR_FGD) fg++;
    else bg++;
  }
  const out = new Uint8Array(w * h);
  // GrabCut needs samples of both sides to fit its two colour models.
  if (fg < 50 || bg < 50) {
    for (let i = 0; i < out.length; i++) out[i] = probability[i]! > thresholds.probable ? 255 : 0;
    return out;
  }
  const img = cv.matFromArray(h, w, cv.CV_8UC3, image.data);
  const mask = cv.matFromArray(h, w, cv.CV_8UC1, init);
  const bgd = new cv.Mat();
  const fgd = new cv.Mat();
  try {
    cv.grabCut(img, mask, new cv.Rect(0, 0, 1, 1), bgd, fgd, iterations, cv.GC_INIT_WITH_MASK);
    const m = mask.data;
    for (let i = 0; i < out.length; i++) out[i] = m[i] === cv.GC_FGD || m[i] === cv.GC_PR_FGD ? 255 : 0;
    return out;
  } finally {
    img.delete();
    mask.delete();
    bgd.delete();
    fgd.delete();
  }
}
