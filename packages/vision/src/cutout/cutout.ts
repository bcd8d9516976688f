import sharp from 'sharp';
import { VisionError } from '../errors.ts';
import { cropImage, decodeImage, type ImageInput } from '../image.ts';
import { salientAlpha, type SalientModel } from './salient.ts';

export type CutoutModel = SalientModel;

export interface Cutout {
  /** The object alone: RGBA PNG, trimmed to its visible pixels. */
  png: Buffer;
  width: number;
  height: number;
}

/** Below this alpha nothing counts as foreground: a photo with no salient object yields no cut-out. */
const MIN_FOREGROUND_ALPHA = 128;

/**
 * Background removal for custom furniture uploads: ISNet segments the salient object; the fully transparent
 * margin is trimmed away.
 */
export async function cutout(input: ImageInput, options: { model?: CutoutModel } = {}): Promise<Cutout> {
  const image = await decodeImage(input);
  const alpha = await salientAlpha(image, options.model ?? 'medium');
  let [x1, y1, x2, y2] = [image.width, image.height, 0, 0];
  let strongest = 0;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const a = alpha[y * image.width + x]!;
      if (a === 0) continue;
      strongest = Math.max(strongest, a);
      x1 = Math.min(x1, x);
      y1 = Math.min(y1, y);
      x2 = Math.max(x2, x + 1);
      y2 = Math.max(y2, y + 1);
    }
  }
  if (strongest < MIN_FOREGROUND_ALPHA) {
    throw new VisionError('no_foreground', 'No object stands out from the background in this photo');
  }
  const width = x2 - x1;
  const height = y2 - y1;
  const rgb = cropImage(image, x1, y1, width, height);
  const trimmedAlpha = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++)
    trimmedAlpha.set(alpha.subarray((y1 + y) * image.width + x1, (y1 + y) * image.width + x2), y * width);
  const png = await sharp(rgb.data, { raw: { width, height, channels: 3 } })
    .joinChannel(trimmedAlpha, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
  return { png, width, height };
}
