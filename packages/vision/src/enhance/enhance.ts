import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { VisionError } from '../errors.ts';
import { decodeImage, resizeImage, type DecodedImage, type ImageInput, type RgbImage } from '../image.ts';
import { MODEL_SCALES, type EnhanceModel, type ModelScale } from './models.ts';
import { upscale } from './upscaler.ts';

export type EnhanceLevel = '4k' | '8k';

/** The long side of the result, exactly. */
export const ENHANCE_LONG_SIDE: Record<EnhanceLevel, number> = { '4k': 3840, '8k': 7680 };

/**
 * Above this many pixels the photo is shrunk before the network: the network's time follows its input pixels
 * (~2.5-6 s per megapixel here), and a photo this large already holds most of the detail a 4K/8K result shows.
 * A 12 MP camera photo passes untouched.
 */
export const MAX_NETWORK_INPUT_PIXELS = 16_000_000;

/**
 * Unsharp mask on the result when the network ran at x2 (the 4K case of a ~1920 px photo): the PSNR-trained RDN
 * restores edges but leaves them soft (74% of the original's gradient on the downscaled-fixture protocol). Sigma
 * 1 with the jagged-area gain lowered to 1 measured best of seven settings: +1.07 dB, MS-GMSD 0.034 -> 0.026,
 * sharpness 74% -> 92% on whole fixtures, +1.12 dB and 0.046 -> 0.034 on held-out ones (src/enhance/README.md).
 * Not after x3/x4/x8: at x4 every setting lost PSNR (-0.2 to -0.6 dB) for a perceptual gain within noise, so the
 * 8K case stays as it was.
 */
export const SHARPEN_AFTER_X2: sharp.SharpenOptions = { sigma: 1, m2: 1 };

export interface EnhanceOptions {
  /** `slim` by default: measured here ~3.5x faster than `medium` for a small PSNR difference (README). */
  model?: EnhanceModel;
  /** Network tile side in pixels (tests use small ones). */
  tileSize?: number;
  /** JPEG quality of the result. */
  quality?: number;
  /** `false` leaves out the unsharp mask after a x2 network (SHARPEN_AFTER_X2); for measuring. */
  sharpen?: boolean;
}

export interface EnhancePlan {
  /** Result size: long side exactly 3840 or 7680. */
  width: number;
  height: number;
  /** The network's factor, or null when the photo is already large enough and only needs resampling. */
  scale: ModelScale | null;
  /** The unsharp mask applied at the result's size (after a x2 network), or null. */
  sharpen: sharp.SharpenOptions | null;
  /** Size the photo is brought to before the network (the photo's own size unless it is huge). */
  inputWidth: number;
  inputHeight: number;
}

/**
 * Which network factor and input size reach the target: the smallest factor that reaches it (x2 for a
 * 1920 px photo to 4K, x4 to 8K), run on the photo itself so none of its detail is thrown away, and exact
 * Lanczos resampling from there down to the target. A photo already as large as the target is only resampled.
 */
export function planEnhance(width: number, height: number, level: EnhanceLevel): EnhancePlan {
  const target = ENHANCE_LONG_SIDE[level];
  const long = Math.max(width, height);
  const outWidth = width >= height ? target : Math.max(1, Math.round((width * target) / height));
  const outHeight = width >= height ? Math.max(1, Math.round((height * target) / width)) : target;
  const factor = target / long;
  if (factor <= 1)
    return { width: outWidth, height: outHeight, scale: null, sharpen: null, inputWidth: width, inputHeight: height };
  const shrink = Math.min(1, Math.sqrt(MAX_NETWORK_INPUT_PIXELS / (width * height)));
  const inputWidth = Math.max(1, Math.round(width * shrink));
  const inputHeight = Math.max(1, Math.round(height * shrink));
  const needed = target / Math.max(inputWidth, inputHeight);
  const scale = MODEL_SCALES.find((s) => s >= needed) ?? 8;
  const sharpen = scale === 2 ? SHARPEN_AFTER_X2 : null;
  return { width: outWidth, height: outHeight, scale, sharpen, inputWidth, inputHeight };
}

/**
 * Super-resolution to 4K or 8K (long side exactly 3840 / 7680 px): ESRGAN (RDN) on onnxruntime in seamless
 * tiles, then Lanczos to the exact size (and a mild unsharp mask after a x2 network, see SHARPEN_AFTER_X2). EXIF orientation is applied; an embedded ICC profile is kept (the work
 * happens in sRGB and the result is converted back into the photo's profile, which is attached). Returns a
 * JPEG. `onProgress` receives 0..1: per tile, then 1 when the file is ready.
 */
export async function enhance(
  input: ImageInput,
  level: EnhanceLevel,
  onProgress?: (fraction: number) => void,
  options: EnhanceOptions = {},
): Promise<Uint8Array> {
  if (!(level in ENHANCE_LONG_SIDE)) throw new VisionError('invalid_argument', `Unknown enhancement level ${String(level)}`);
  const decoded = await decodeImage(input);
  const plan = planEnhance(decoded.width, decoded.height, level);
  onProgress?.(0);
  let source: RgbImage = decoded;
  if (plan.scale !== null) {
    if (plan.inputWidth !== decoded.width) source = await resizeImage(decoded, plan.inputWidth, plan.inputHeight);
    // The network's share of the time is nearly all of it; keep the last 5% for resampling and encoding.
    source = await upscale(source, {
      model: options.model ?? 'slim',
      scale: plan.scale,
      tileSize: options.tileSize,
      onTile: (fraction) => onProgress?.(fraction * 0.95),
    });
  }
  const jpeg = await resampleToJpeg(
    source,
    options.sharpen === false ? { ...plan, sharpen: null } : plan,
    decoded,
    options.quality ?? 92,
  );
  onProgress?.(1);
  return jpeg;
}

async function resampleToJpeg(image: RgbImage, plan: EnhancePlan, decoded: DecodedImage, quality: number): Promise<Uint8Array> {
  let pipeline = sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 }, limitInputPixels: false });
  if (image.width !== plan.width || image.height !== plan.height) {
    pipeline = pipeline.resize(plan.width, plan.height, { fit: 'fill', kernel: 'lanczos3' });
  }
  // sharp applies the mask after the resize, at the result's size, where it was measured.
  if (plan.sharpen) pipeline = pipeline.sharpen(plan.sharpen);
  if (decoded.icc && isRgbProfile(decoded.icc)) pipeline = pipeline.withIccProfile(await iccFile(decoded.icc));
  const buffer = await pipeline.jpeg({ quality }).toBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/**
 * Only an RGB profile goes back on: the result is an RGB JPEG, so a CMYK or grey photo's profile would describe
 * the wrong channels (that photo comes out as plain sRGB). Bytes 16-19 of an ICC header name its colour space.
 */
function isRgbProfile(icc: Uint8Array): boolean {
  return icc.length >= 20 && String.fromCharCode(...icc.subarray(16, 20)) === 'RGB ';
}

/** sharp attaches a profile only from a file: each distinct profile is written once to the temp folder. */
async function iccFile(icc: Uint8Array): Promise<string> {
  const path = join(tmpdir(), `stagecraft-icc-${createHash('sha256').update(icc).digest('hex').slice(0, 32)}.icc`);
  if (!existsSync(path)) {
    // Written under a unique name and renamed, so a concurrent reader never sees half a profile.
    const partial = `${path}.${process.pid}-${Math.random().toString(36).slice(2)}`;
    await writeFile(partial, icc);
    await rename(partial, path);
  }
  return path;
}
