import sharp from 'sharp';
import { VisionError } from './errors.ts';
import type { RgbImage } from './image.ts';

/**
 * The one mask convention (IOPaint's): single channel, image size, 255 = edit, 0 = keep.
 * Functions here never return values other than 0 and 255.
 */
export interface Mask {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

export type MaskInput = Uint8Array | Mask;

/** [x1, y1, x2, y2] in natural image pixels, x2/y2 exclusive. */
export type Box = readonly [number, number, number, number];

export function createMask(width: number, height: number): Mask {
  return { data: new Uint8Array(width * height), width, height };
}

export function isMask(input: MaskInput): input is Mask {
  return !(input instanceof Uint8Array);
}

/**
 * Decodes a drawn mask (PNG/WebP/JPEG, with or without alpha) into the convention: a pixel is "edit" when it is
 * bright and opaque. Throws `invalid_mask` when it cannot be decoded or its size differs from the image's; with
 * `scale`, an encoded mask of another size (drawn on a smaller canvas of the same picture) is stretched to it.
 */
export async function decodeMask(
  input: MaskInput,
  image: { width: number; height: number },
  options: { scale?: boolean } = {},
): Promise<Mask> {
  let mask: Mask;
  if (isMask(input)) {
    if (input.data.length !== input.width * input.height) {
      throw new VisionError('invalid_mask', 'The mask buffer does not match its size');
    }
    mask = { data: binarize(input.data), width: input.width, height: input.height };
  } else {
    try {
      const drawn = sharp(input, { limitInputPixels: 50_000_000 }).autoOrient();
      if (options.scale) {
        const { width, height } = (await sharp(input, { limitInputPixels: false }).metadata()).autoOrient;
        if (width !== image.width || height !== image.height) drawn.resize(image.width, image.height, { fit: 'fill' });
      }
      const { data, info } = await drawn
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const out = new Uint8Array(info.width * info.height);
      for (let i = 0, p = 0; i < out.length; i++, p += 4) {
        const luma = (data[p]! * 77 + data[p + 1]! * 150 + data[p + 2]! * 29) >> 8;
        out[i] = (luma * data[p + 3]!) / 255 > 127 ? 255 : 0;
      }
      mask = { data: out, width: info.width, height: info.height };
    } catch (error) {
      throw new VisionError('invalid_mask', 'The mask could not be decoded', { cause: error });
    }
  }
  if (mask.width !== image.width || mask.height !== image.height) {
    throw new VisionError(
      'invalid_mask',
      `The mask is ${mask.width}x${mask.height} but the image is ${image.width}x${image.height}`,
    );
  }
  return mask;
}

function binarize(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) out[i] = data[i]! > 127 ? 255 : 0;
  return out;
}

export function maskArea(mask: Mask): number {
  let n = 0;
  for (let i = 0; i < mask.data.length; i++) if (mask.data[i]) n++;
  return n;
}

/** Tight box around the edit pixels, or null when the mask is empty. */
export function maskBBox(mask: Mask): Box | null {
  let x1 = mask.width,
    y1 = mask.height,
    x2 = -1,
    y2 = -1;
  for (let y = 0; y < mask.height; y++) {
    const row = y * mask.width;
    for (let x = 0; x < mask.width; x++) {
      if (!mask.data[row + x]) continue;
      if (x < x1) x1 = x;
      if (x > x2) x2 = x;
      if (y < y1) y1 = y;
      y2 = y;
    }
  }
  return x2 < 0 ? null : [x1, y1, x2 + 1, y2 + 1];
}

export function assertNonEmpty(mask: Mask): void {
  if (!maskBBox(mask)) throw new VisionError('empty_mask', 'The mask marks nothing to edit');
}

/** A mask covering the box (clipped to the image); coordinates are rounded outwards. */
export function boxMask(width: number, height: number, box: Box): Mask {
  const mask = createMask(width, height);
  const [x1, y1, x2, y2] = clipBox(box, width, height);
  for (let y = y1; y < y2; y++) mask.data.fill(255, y * width + x1, y * width + x2);
  return mask;
}

/**
 * 1 inside any of the boxes (photo pixels, scaled by `scale` to a map of width x height; coordinates rounded
 * outwards), 0 elsewhere: the detector's boxes at an analysis' work size.
 */
export function boxesAtScale(boxes: readonly Box[], scale: number, width: number, height: number): Uint8Array {
  const inBox = new Uint8Array(width * height);
  for (const box of boxes) {
    const [x1, y1, x2, y2] = clipBoxAtScale(box, scale, width, height);
    for (let y = y1; y < y2; y++) inBox.fill(1, y * width + x1, y * width + x2);
  }
  return inBox;
}

/** `box` (photo pixels) scaled to another size by `scale`, then clipped to width x height whole pixels. */
export function clipBoxAtScale(box: Box, scale: number, width: number, height: number): [number, number, number, number] {
  return clipBox([box[0] * scale, box[1] * scale, box[2] * scale, box[3] * scale], width, height);
}

export function clipBox(box: Box, width: number, height: number): [number, number, number, number] {
  const x1 = Math.max(0, Math.min(width, Math.floor(box[0])));
  const y1 = Math.max(0, Math.min(height, Math.floor(box[1])));
  const x2 = Math.max(x1, Math.min(width, Math.ceil(box[2])));
  const y2 = Math.max(y1, Math.min(height, Math.ceil(box[3])));
  return [x1, y1, x2, y2];
}

export function invertMask(mask: Mask): Mask {
  const out = new Uint8Array(mask.data.length);
  for (let i = 0; i < out.length; i++) out[i] = mask.data[i] ? 0 : 255;
  return { data: out, width: mask.width, height: mask.height };
}

export function unionMasks(a: Mask, b: Mask): Mask {
  const out = new Uint8Array(a.data.length);
  for (let i = 0; i < out.length; i++) out[i] = a.data[i] || b.data[i] ? 255 : 0;
  return { data: out, width: a.width, height: a.height };
}

/**
 * Calls `visit` with the pixel indices of each 4-connected patch of nonzero cells of `cells` (row-major, `width`
 * wide), in no particular order within a patch.
 */
export function forEachPatch(cells: Uint8Array, width: number, visit: (members: readonly number[]) => void): void {
  const seen = new Uint8Array(cells.length);
  const stack: number[] = [];
  const members: number[] = [];
  for (let start = 0; start < cells.length; start++) {
    if (!cells[start] || seen[start]) continue;
    seen[start] = 1;
    stack.push(start);
    members.length = 0;
    while (stack.length > 0) {
      const p = stack.pop()!;
      members.push(p);
      const x = p % width;
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
        if (q < 0 || q >= cells.length || !cells[q] || seen[q]) continue;
        seen[q] = 1;
        stack.push(q);
      }
    }
    visit(members);
  }
}

/**
 * Distance (in pixels, chamfer 3-4 approximation of Euclidean) from every pixel to the nearest pixel whose
 * value is `target` (255 or 0). O(pixels), two passes.
 */
export function distanceTo(mask: Mask, target: 0 | 255): Float32Array {
  const { width: w, height: h, data } = mask;
  const big = 1e9;
  const d = new Float32Array(w * h);
  for (let i = 0; i < d.length; i++) d[i] = data[i] === target ? 0 : big;
  const a = 1,
    b = Math.SQRT2;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      let v = d[i]!;
      if (v === 0) continue;
      if (x > 0) v = Math.min(v, d[i - 1]! + a);
      if (y > 0) {
        v = Math.min(v, d[i - w]! + a);
        if (x > 0) v = Math.min(v, d[i - w - 1]! + b);
        if (x < w - 1) v = Math.min(v, d[i - w + 1]! + b);
      }
      d[i] = v;
    }
  }
  for (let y = h - 1; y >= 0; y--) {
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      let v = d[i]!;
      if (v === 0) continue;
      if (x < w - 1) v = Math.min(v, d[i + 1]! + a);
      if (y < h - 1) {
        v = Math.min(v, d[i + w]! + a);
        if (x < w - 1) v = Math.min(v, d[i + w + 1]! + b);
        if (x > 0) v = Math.min(v, d[i + w - 1]! + b);
      }
      d[i] = v;
    }
  }
  return d;
}

/** Dilates the edit region by `radius` pixels (round structuring element). */
export function growMask(mask: Mask, radius: number): Mask {
  if (radius <= 0) return mask;
  const d = distanceTo(mask, 255);
  const out = new Uint8Array(d.length);
  for (let i = 0; i < d.length; i++) out[i] = d[i]! <= radius ? 255 : 0;
  return { data: out, width: mask.width, height: mask.height };
}

/** Erodes the edit region by `radius` pixels. */
export function shrinkMask(mask: Mask, radius: number): Mask {
  if (radius <= 0) return mask;
  const d = distanceTo(mask, 0);
  const out = new Uint8Array(d.length);
  for (let i = 0; i < d.length; i++) out[i] = d[i]! > radius ? 255 : 0;
  return { data: out, width: mask.width, height: mask.height };
}

export function cropMask(mask: Mask, x: number, y: number, w: number, h: number): Mask {
  const out = new Uint8Array(w * h);
  for (let row = 0; row < h; row++) {
    const src = (y + row) * mask.width + x;
    out.set(mask.data.subarray(src, src + w), row * w);
  }
  return { data: out, width: w, height: h };
}

export async function encodeMask(mask: Mask): Promise<Buffer> {
  return sharp(mask.data, { raw: { width: mask.width, height: mask.height, channels: 1 } })
    .png()
    .toBuffer();
}

/** Copies `edited` pixels into `original` only where the mask is set: the guarantee that unmasked pixels survive. */
export function compositeMasked(original: RgbImage, edited: RgbImage, mask: Mask): RgbImage {
  const out = new Uint8Array(original.data);
  for (let i = 0, p = 0; i < mask.data.length; i++, p += 3) {
    if (!mask.data[i]) continue;
    out[p] = edited.data[p]!;
    out[p + 1] = edited.data[p + 1]!;
    out[p + 2] = edited.data[p + 2]!;
  }
  return { data: out, width: original.width, height: original.height };
}
