import sharp from 'sharp';
import { VisionError } from '../errors.ts';
import { decodeImage, type ImageInput } from '../image.ts';
import { segmentSalient, type SalientModel } from './salient.ts';

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
 * Background removal for custom furniture uploads: ISNet segments the salient object; the transparent margin
 * is trimmed away.
 */
export async function cutout(input: ImageInput, options: { model?: CutoutModel } = {}): Promise<Cutout> {
  const image = await decodeImage(input);
  const segmented = await segmentSalient(image, options.model ?? 'medium');
  const alpha = await sharp(segmented).ensureAlpha().extractChannel(3).stats();
  if ((alpha.channels[0]?.max ?? 0) < MIN_FOREGROUND_ALPHA) {
    throw new VisionError('no_foreground', 'No object stands out from the background in this photo');
  }
  // Trim the fully transparent margin (the top-left pixel of a cut-out is transparent background).
  const trimmed = await sharp(segmented).ensureAlpha().trim({ threshold: 1 }).png().toBuffer({ resolveWithObject: true });
  return { png: trimmed.data, width: trimmed.info.width, height: trimmed.info.height };
}
