import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { removeBackground } from '@imgly/background-removal-node';
import sharp from 'sharp';
import { VisionError } from '../errors.ts';
import { decodeImage, type ImageInput } from '../image.ts';

export type CutoutModel = 'small' | 'medium';

export interface Cutout {
  /** The object alone: RGBA PNG, trimmed to its visible pixels. */
  png: Buffer;
  width: number;
  height: number;
}

const require = createRequire(import.meta.url);
// The models ship inside the package as chunks under dist/; the default publicPath would resolve from the
// working directory, so it is given as an absolute file:// URL.
const MODEL_PUBLIC_PATH = pathToFileURL(`${path.dirname(require.resolve('@imgly/background-removal-node'))}/`).href;

/** Below this alpha nothing counts as foreground: a photo with no salient object yields no cut-out. */
const MIN_FOREGROUND_ALPHA = 128;

/**
 * Background removal for custom furniture uploads: ISNet (the @imgly/background-removal-node models, run by
 * onnxruntime-node on the CPU) segments the salient object; the transparent margin is trimmed away.
 */
export async function cutout(input: ImageInput, options: { model?: CutoutModel } = {}): Promise<Cutout> {
  const image = await decodeImage(input);
  const png = await sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
    raw: { width: image.width, height: image.height, channels: 3 },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
  let segmented: Buffer;
  try {
    const blob = await removeBackground(new Blob([new Uint8Array(png)], { type: 'image/png' }), {
      publicPath: MODEL_PUBLIC_PATH,
      model: options.model ?? 'medium',
      output: { format: 'image/png', quality: 1 },
    });
    segmented = Buffer.from(await blob.arrayBuffer());
  } catch (error) {
    throw new VisionError(
      'model_unavailable',
      `Background removal failed: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  const alpha = await sharp(segmented).ensureAlpha().extractChannel(3).stats();
  if ((alpha.channels[0]?.max ?? 0) < MIN_FOREGROUND_ALPHA) {
    throw new VisionError('no_foreground', 'No object stands out from the background in this photo');
  }
  // Trim the fully transparent margin (the top-left pixel of a cut-out is transparent background).
  const trimmed = await sharp(segmented).ensureAlpha().trim({ threshold: 1 }).png().toBuffer({ resolveWithObject: true });
  return { png: trimmed.data, width: trimmed.info.width, height: trimmed.info.height };
}
