import { VisionError } from '../errors.ts';
import { cropImage, decodeImage, type ImageInput, type RgbImage } from '../image.ts';
import {
  assertNonEmpty,
  boxMask,
  cropMask,
  decodeMask,
  growMask,
  maskBBox,
  type Box,
  type Mask,
  type MaskInput,
} from '../mask.ts';
import { diffusionFill } from './diffusion.ts';
import { DEFAULT_EXEMPLAR, exemplarFill, type ExemplarOptions } from './patchmatch.ts';
import { fromCanvas, toCanvas } from './planes.ts';

export type FillMethod = 'exemplar' | 'diffusion';

export interface InpaintOptions {
  readonly method?: FillMethod;
  readonly exemplar?: Partial<ExemplarOptions>;
}

/** The region around the hole the fill draws from: close enough to match, wide enough to hold whole patterns. */
export function fillRegion(mask: Mask, box: Box): [number, number, number, number] {
  const side = Math.max(box[2] - box[0], box[3] - box[1]);
  const margin = Math.round(Math.min(480, Math.max(48, side * 0.9)));
  const x1 = Math.max(0, box[0] - margin),
    y1 = Math.max(0, box[1] - margin);
  const x2 = Math.min(mask.width, box[2] + margin),
    y2 = Math.min(mask.height, box[3] + margin);
  return [x1, y1, x2 - x1, y2 - y1];
}

/**
 * Fills the white pixels of `mask` from the rest of the photo. Pixels outside the mask come back byte-identical.
 */
export async function inpaint(input: ImageInput, maskInput: MaskInput, options: InpaintOptions = {}): Promise<RgbImage> {
  const image = await decodeImage(input);
  const mask = await decodeMask(maskInput, image);
  return inpaintDecoded(image, mask, options);
}

export function inpaintDecoded(image: RgbImage, mask: Mask, options: InpaintOptions = {}): RgbImage {
  assertNonEmpty(mask);
  const box = maskBBox(mask)!;
  const [x, y, w, h] = fillRegion(mask, box);
  const crop = cropImage(image, x, y, w, h);
  const cropHole = cropMask(mask, x, y, w, h);
  const canvas = toCanvas(crop, cropHole);
  if (canvas.hole.every((v) => v === 1)) {
    throw new VisionError('invalid_mask', 'The mask covers the whole image: there is nothing to fill from');
  }
  if ((options.method ?? 'exemplar') === 'diffusion') diffusionFill(canvas);
  else exemplarFill(canvas, { ...DEFAULT_EXEMPLAR, ...options.exemplar });
  const filled = fromCanvas(canvas);
  // Paste back through the mask: the only pixels that may change are the masked ones.
  const full = new Uint8Array(image.data);
  for (let row = 0; row < h; row++) {
    for (let col = 0; col < w; col++) {
      if (!cropHole.data[row * w + col]) continue;
      const src = (row * w + col) * 3;
      const dst = ((y + row) * image.width + x + col) * 3;
      full[dst] = filled.data[src]!;
      full[dst + 1] = filled.data[src + 1]!;
      full[dst + 2] = filled.data[src + 2]!;
    }
  }
  return { data: full, width: image.width, height: image.height };
}

/** Erases what the user painted over: the drawn strokes, grown slightly to swallow their anti-aliased rim. */
export async function eraseArea(
  input: ImageInput,
  maskInput: MaskInput,
  options: InpaintOptions & { scaleMask?: boolean } = {},
): Promise<RgbImage> {
  const image = await decodeImage(input);
  const mask = growMask(await decodeMask(maskInput, image, { scale: options.scaleMask }), 2);
  return inpaintDecoded(image, mask, options);
}

/**
 * Removes an object given its mask, or its detection box (then the box itself, grown a little, is the hole;
 * `objectMask` gives a tighter one).
 */
export async function removeObject(input: ImageInput, target: Box | MaskInput, options: InpaintOptions = {}): Promise<RgbImage> {
  const image = await decodeImage(input);
  const mask = isBox(target)
    ? growMask(boxMask(image.width, image.height, target), Math.max(3, Math.round(Math.min(image.width, image.height) * 0.006)))
    : growMask(await decodeMask(target, image), 3);
  return inpaintDecoded(image, mask, options);
}

function isBox(value: Box | MaskInput): value is Box {
  return Array.isArray(value);
}
