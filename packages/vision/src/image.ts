import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { decodeFailure, VisionError } from './errors.ts';

/** Decoded 8-bit RGB pixels, row-major, 3 bytes per pixel, EXIF orientation already applied. */
export interface RgbImage {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/** What every capability accepts: encoded bytes (JPEG, PNG, WebP, ...) or pixels decoded earlier. */
export type ImageInput = Uint8Array | RgbImage;

/** Refuse anything bigger before decoding: a 10 MB upload can declare billions of pixels. */
export const MAX_INPUT_PIXELS = 50_000_000;

sharp.concurrency(2);

export function isRgbImage(input: ImageInput): input is RgbImage {
  return !(input instanceof Uint8Array);
}

/**
 * A fingerprint of the pixels (SHA-1 over the size and the RGB bytes, ~10 ms for 1920x1280): what lets an
 * operation know it is handed the very photo a room model was made from, whatever its encoding on the wire.
 */
export function imageFingerprint(image: RgbImage): string {
  return createHash('sha1').update(`${image.width}x${image.height}:`).update(image.data).digest('hex');
}

export function createImage(width: number, height: number, data?: Uint8Array): RgbImage {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new VisionError('invalid_image', `Image size ${width}x${height} is not a positive integer size`);
  }
  const bytes = data ?? new Uint8Array(width * height * 3);
  if (bytes.length !== width * height * 3) {
    throw new VisionError('invalid_image', `Expected ${width * height * 3} RGB bytes, got ${bytes.length}`);
  }
  return { data: bytes, width, height };
}

export interface DecodedImage extends RgbImage {
  /** Embedded ICC profile of the source, when it had one (pixels are converted to sRGB regardless). */
  readonly icc?: Uint8Array;
  /** The source's EXIF block, when it had one (the room model reads the lens from it: room/lens.ts). */
  readonly exif?: Uint8Array;
}

/** Decodes to sRGB RGB pixels with EXIF orientation applied; alpha is flattened onto white. */
export async function decodeImage(input: ImageInput, maxPixels = MAX_INPUT_PIXELS): Promise<DecodedImage> {
  if (isRgbImage(input)) return createImage(input.width, input.height, input.data);
  if (input.length === 0) throw new VisionError('invalid_image', 'The image is empty');
  const meta = await readMetadata(input);
  if (meta.width * meta.height > maxPixels) {
    throw new VisionError(
      'image_too_large',
      `The image has ${meta.width}x${meta.height} pixels; the limit is ${(maxPixels / 1e6).toFixed(0)} MP`,
    );
  }
  try {
    const { data, info } = await tolerantDecode((failOn) =>
      sharp(input, { limitInputPixels: maxPixels, failOn })
        .autoOrient()
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true }),
    );
    const image = createImage(info.width, info.height, new Uint8Array(data.buffer, data.byteOffset, data.length));
    return { ...image, ...(meta.icc ? { icc: meta.icc } : {}), ...(meta.exif ? { exif: meta.exif } : {}) };
  } catch (error) {
    throw decodeFailure(error);
  }
}

/**
 * Runs a sharp pipeline that decodes a photo, strictly first: a picture whose data ends before its header says
 * (a truncated upload, a damaged size in the header) fails, instead of coming out padded with grey. A file that
 * only has a harmless libjpeg warning (extra bytes before a marker, as some cameras write) is decoded again
 * leniently, as a browser would show it.
 */
export async function tolerantDecode<T>(run: (failOn: 'warning' | 'error') => Promise<T>): Promise<T> {
  try {
    return await run('warning');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/premature end|pixel limit/i.test(message)) throw error;
    return run('error');
  }
}

async function readMetadata(input: Uint8Array): Promise<{ width: number; height: number; icc?: Uint8Array; exif?: Uint8Array }> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw decodeFailure(error);
  }
  const { width, height } = meta;
  if (!width || !height) throw new VisionError('invalid_image', 'The image has no size');
  return {
    width,
    height,
    ...(meta.icc ? { icc: new Uint8Array(meta.icc) } : {}),
    ...(meta.exif ? { exif: new Uint8Array(meta.exif) } : {}),
  };
}

export type EncodeFormat = 'png' | 'jpeg' | 'webp';

export async function encodeImage(image: RgbImage, format: EncodeFormat = 'png', quality = 92): Promise<Buffer> {
  const pipeline = sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
  if (format === 'jpeg') return pipeline.jpeg({ quality }).toBuffer();
  if (format === 'webp') return pipeline.webp({ quality }).toBuffer();
  return pipeline.png({ compressionLevel: 6 }).toBuffer();
}

/** A copy of the rectangle [x, y, x + w, y + h) of the image. */
export function cropImage(image: RgbImage, x: number, y: number, w: number, h: number): RgbImage {
  const out = new Uint8Array(w * h * 3);
  for (let row = 0; row < h; row++) {
    const src = ((y + row) * image.width + x) * 3;
    out.set(image.data.subarray(src, src + w * 3), row * w * 3);
  }
  return { data: out, width: w, height: h };
}

/** Writes `patch` into a copy of `image` at (x, y). */
export function pasteImage(image: RgbImage, patch: RgbImage, x: number, y: number): RgbImage {
  const out = new Uint8Array(image.data);
  for (let row = 0; row < patch.height; row++) {
    const dst = ((y + row) * image.width + x) * 3;
    out.set(patch.data.subarray(row * patch.width * 3, (row + 1) * patch.width * 3), dst);
  }
  return { data: out, width: image.width, height: image.height };
}

export async function resizeImage(
  image: RgbImage,
  width: number,
  height: number,
  kernel: keyof sharp.KernelEnum = 'lanczos3',
): Promise<RgbImage> {
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(width, height, { fit: 'fill', kernel })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/** Luma (ITU-R BT.601 weights, 0..255) of pixel `index` (row-major) of an RGB image. */
export function pixelLuminance(image: RgbImage, index: number): number {
  return 0.299 * image.data[index * 3]! + 0.587 * image.data[index * 3 + 1]! + 0.114 * image.data[index * 3 + 2]!;
}
