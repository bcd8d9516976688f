import type { RgbImage } from '../image.ts';
import type { Box } from '../mask.ts';
import { openCv, seededGrabCut } from '../runtime/opencv.ts';

/** GrabCut runs on the box scaled down to at most this side: tens of milliseconds, enough for a silhouette. */
const GRABCUT_SIDE = 112;

/** The box shrunk by 6% per side, as a silhouette. */
export function shrunkBoxSilhouette([x1, y1, x2, y2]: Box): Float32Array {
  const w = x2 - x1;
  const h = y2 - y1;
  const mask = new Float32Array(w * h);
  const mx = Math.round(w * 0.06);
  const my = Math.round(h * 0.06);
  for (let y = my; y < h - my; y++) mask.fill(1, y * w + mx, y * w + w - mx);
  return mask;
}

/**
 * How much each pixel of a detection's box is the object (0..1, row-major over the box): GrabCut on a small copy
 * of the box and a margin (a box is a poor silhouette: a sofa's back is lower at one end, a chair has air between
 * its legs, a bed's box holds the wall above its pillows). Null when GrabCut keeps too little or too much of the
 * box to be trusted; `shrunkBoxSilhouette` is the usual stand-in then.
 */
export async function boxSilhouette(image: RgbImage, [x1, y1, x2, y2]: Box): Promise<Float32Array | null> {
  const w = x2 - x1;
  const h = y2 - y1;
  const marginX = Math.round(w * 0.08);
  const marginY = Math.round(h * 0.08);
  const cx1 = Math.max(0, x1 - marginX);
  const cy1 = Math.max(0, y1 - marginY);
  const cx2 = Math.min(image.width, x2 + marginX);
  const cy2 = Math.min(image.height, y2 + marginY);
  const scale = Math.min(1, GRABCUT_SIDE / Math.max(cx2 - cx1, cy2 - cy1));
  const sw = Math.max(8, Math.round((cx2 - cx1) * scale));
  const sh = Math.max(8, Math.round((cy2 - cy1) * scale));
  const small = areaDownscale(image, [cx1, cy1, cx2, cy2], sw, sh);
  const cv = await openCv();
  const img = cv.matFromArray(sh, sw, cv.CV_8UC3, small);
  const mask = new cv.Mat();
  const bgd = new cv.Mat();
  const fgd = new cv.Mat();
  let labels: Uint8Array;
  try {
    const rx = Math.max(1, Math.round((x1 - cx1) * scale));
    const ry = Math.max(1, Math.round((y1 - cy1) * scale));
    const rw = Math.min(sw - rx - 1, Math.round(w * scale));
    const rh = Math.min(sh - ry - 1, Math.round(h * scale));
    if (rw < 4 || rh < 4) return null;
    seededGrabCut(cv, img, mask, new cv.Rect(rx, ry, rw, rh), bgd, fgd, 3, cv.GC_INIT_WITH_RECT);
    labels = Uint8Array.from(mask.data);
  } catch {
    return null;
  } finally {
    img.delete();
    mask.delete();
    bgd.delete();
    fgd.delete();
  }
  const foreground = new Float32Array(sw * sh);
  let kept = 0;
  for (let i = 0; i < foreground.length; i++) {
    if (labels[i] === cv.GC_FGD || labels[i] === cv.GC_PR_FGD) foreground[i] = 1;
  }
  // Bilinear upsampling of the small labels: a soft, not a staircase, edge where the object crosses the piece.
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const fy = Math.min(sh - 1, Math.max(0, (y + y1 - cy1 + 0.5) * scale - 0.5));
    const y0 = Math.floor(fy);
    const y1n = Math.min(sh - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < w; x++) {
      const fx = Math.min(sw - 1, Math.max(0, (x + x1 - cx1 + 0.5) * scale - 0.5));
      const x0 = Math.floor(fx);
      const x1n = Math.min(sw - 1, x0 + 1);
      const tx = fx - x0;
      const top = foreground[y0 * sw + x0]! * (1 - tx) + foreground[y0 * sw + x1n]! * tx;
      const bottom = foreground[y1n * sw + x0]! * (1 - tx) + foreground[y1n * sw + x1n]! * tx;
      const value = top * (1 - ty) + bottom * ty;
      // Sharpen the ramp to about one source pixel's width.
      out[y * w + x] = Math.min(1, Math.max(0, (value - 0.5) * 2 + 0.5));
      if (value >= 0.5) kept++;
    }
  }
  const share = kept / (w * h);
  return share < 0.2 || share > 0.97 ? null : out;
}

/** Box-filtered (area-average) downscale of `crop` to sw x sh: GrabCut's colour models want clean colours, not aliasing. */
export function areaDownscale(image: RgbImage, [cx1, cy1, cx2, cy2]: Box, sw: number, sh: number): Uint8Array {
  const small = new Uint8Array(sw * sh * 3);
  for (let y = 0; y < sh; y++) {
    const sy1 = cy1 + Math.floor((y * (cy2 - cy1)) / sh);
    const sy2 = Math.max(sy1 + 1, cy1 + Math.floor(((y + 1) * (cy2 - cy1)) / sh));
    for (let x = 0; x < sw; x++) {
      const sx1 = cx1 + Math.floor((x * (cx2 - cx1)) / sw);
      const sx2 = Math.max(sx1 + 1, cx1 + Math.floor(((x + 1) * (cx2 - cx1)) / sw));
      let r = 0;
      let g = 0;
      let b = 0;
      for (let yy = sy1; yy < sy2; yy++) {
        for (let xx = sx1; xx < sx2; xx++) {
          const i = (yy * image.width + xx) * 3;
          r += image.data[i]!;
          g += image.data[i + 1]!;
          b += image.data[i + 2]!;
        }
      }
      const n = (sy2 - sy1) * (sx2 - sx1);
      small.set([r / n, g / n, b / n], (y * sw + x) * 3);
    }
  }
  return small;
}
