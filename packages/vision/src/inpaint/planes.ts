import type { RgbImage } from '../image.ts';
import type { Mask } from '../mask.ts';

/** Float RGB working image plus its hole (1 = unknown), the form the fill algorithms work on. */
export interface Canvas {
  readonly w: number;
  readonly h: number;
  readonly rgb: Float32Array;
  readonly hole: Uint8Array;
  /**
   * Optional surface per pixel (plane-guide.ts): a hole pixel takes patches only from known pixels of its own
   * surface; ANY (patch-kernels.ts) = any.
   */
  readonly labels?: Uint8Array;
}

/**
 * Arrays on shared memory: the exemplar fill's helper thread (fill-helper.ts) works on a canvas's own arrays, where a
 * fresh copy per fill (and one back) would cost tens of MB at 1920x1280.
 */
export const sharedUint8 = (n: number): Uint8Array => new Uint8Array(new SharedArrayBuffer(n));
export const sharedInt32 = (n: number): Int32Array => new Int32Array(new SharedArrayBuffer(4 * n));
export const sharedFloat32 = (n: number): Float32Array => new Float32Array(new SharedArrayBuffer(4 * n));

/** The canvas of a photo and its hole, on shared memory (see sharedFloat32). */
export function toCanvas(image: RgbImage, mask: Mask): Canvas {
  const rgb = sharedFloat32(image.data.length);
  rgb.set(image.data);
  const hole = sharedUint8(mask.data.length);
  for (let i = 0; i < hole.length; i++) hole[i] = mask.data[i] ? 1 : 0;
  return { w: image.width, h: image.height, rgb, hole };
}

export function fromCanvas(canvas: Canvas): RgbImage {
  const data = new Uint8Array(canvas.rgb.length);
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, Math.round(canvas.rgb[i]!)));
  return { data, width: canvas.w, height: canvas.h };
}

/** Halves a canvas: known pixels average the known pixels of their 2x2 block; a block with any hole is hole. */
export function downsample(c: Canvas): Canvas {
  const w = Math.max(1, c.w >> 1),
    h = Math.max(1, c.h >> 1);
  const rgb = new Float32Array(w * h * 3);
  const hole = new Uint8Array(w * h);
  const labels = c.labels ? new Uint8Array(w * h) : undefined;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let n = 0,
        r = 0,
        g = 0,
        b = 0,
        anyHole = 0;
      for (let dy = 0; dy < 2; dy++) {
        const yy = Math.min(c.h - 1, 2 * y + dy);
        for (let dx = 0; dx < 2; dx++) {
          const xx = Math.min(c.w - 1, 2 * x + dx);
          const i = yy * c.w + xx;
          if (c.hole[i]) {
            anyHole = 1;
            continue;
          }
          n++;
          r += c.rgb[i * 3]!;
          g += c.rgb[i * 3 + 1]!;
          b += c.rgb[i * 3 + 2]!;
        }
      }
      const o = y * w + x;
      hole[o] = anyHole;
      if (labels) labels[o] = c.labels![Math.min(c.h - 1, 2 * y) * c.w + Math.min(c.w - 1, 2 * x)]!;
      if (n) {
        rgb[o * 3] = r / n;
        rgb[o * 3 + 1] = g / n;
        rgb[o * 3 + 2] = b / n;
      }
    }
  }
  return { w, h, rgb, hole, labels };
}

export function holeCount(c: Canvas): number {
  let n = 0;
  for (let i = 0; i < c.hole.length; i++) n += c.hole[i]!;
  return n;
}

/** Bilinear sample of an RGB raster (8-bit photo or float canvas) at (u, v) into `out` at pixel `o`. */
export function bilinear(
  data: ArrayLike<number>,
  w: number,
  h: number,
  u: number,
  v: number,
  out: Float32Array,
  o: number,
): void {
  const xa = Math.floor(u);
  const ya = Math.floor(v);
  const xb = Math.min(w - 1, xa + 1);
  const yb = Math.min(h - 1, ya + 1);
  const fx = u - xa;
  const fy = v - ya;
  for (let c = 0; c < 3; c++) {
    const top = data[(ya * w + xa) * 3 + c]! * (1 - fx) + data[(ya * w + xb) * 3 + c]! * fx;
    const bottom = data[(yb * w + xa) * 3 + c]! * (1 - fx) + data[(yb * w + xb) * 3 + c]! * fx;
    out[o * 3 + c] = top * (1 - fy) + bottom * fy;
  }
}
