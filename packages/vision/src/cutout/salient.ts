import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { removeBackground } from '@imgly/background-removal-node';
import sharp from 'sharp';
import { VisionError } from '../errors.ts';
import type { RgbImage } from '../image.ts';

export type SalientModel = 'small' | 'medium';

const require = createRequire(import.meta.url);
// The models ship inside the package as chunks under dist/; the default publicPath would resolve from the
// working directory, so it is given as an absolute file:// URL.
const MODEL_PUBLIC_PATH = pathToFileURL(`${path.dirname(require.resolve('@imgly/background-removal-node'))}/`).href;

export async function rgbToPng(image: RgbImage): Promise<Buffer> {
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
    raw: { width: image.width, height: image.height, channels: 3 },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/**
 * Salient-object segmentation (ISNet, the @imgly/background-removal-node models on onnxruntime-node): the
 * image as an RGBA PNG whose alpha is the object.
 */
export async function segmentSalient(image: RgbImage, model: SalientModel): Promise<Buffer> {
  try {
    const blob = await removeBackground(new Blob([new Uint8Array(await rgbToPng(image))], { type: 'image/png' }), {
      publicPath: MODEL_PUBLIC_PATH,
      model,
      output: { format: 'image/png', quality: 1 },
    });
    return Buffer.from(await blob.arrayBuffer());
  } catch (error) {
    throw new VisionError('model_unavailable', `Segmentation failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

/** The alpha channel of `segmentSalient`, one byte per pixel of the image. */
export async function salientAlpha(image: RgbImage, model: SalientModel): Promise<Uint8Array> {
  const segmented = await segmentSalient(image, model);
  const { data } = await sharp(segmented)
    .ensureAlpha()
    .extractChannel(3)
    .resize(image.width, image.height, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}
