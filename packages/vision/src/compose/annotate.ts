import sharp from 'sharp';
import { decodeFailure } from '../errors.ts';
import { MAX_INPUT_PIXELS, tolerantDecode } from '../image.ts';

const ANNOTATION_JPEG_QUALITY = 92;

/**
 * The photo with each detection's box drawn on it (a dark halo under a cyan line, so it shows on light and dark
 * rooms), JPEG: what the studio's `annotated_image` shows. Boxes are [x1, y1, x2, y2] in the photo's pixels
 * after EXIF orientation. A damaged file is an `invalid_image`.
 */
export async function annotateDetections(
  image: Uint8Array,
  boxes: readonly (readonly [number, number, number, number])[],
): Promise<Uint8Array> {
  try {
    const { width, height } = (await sharp(image, { limitInputPixels: false }).metadata()).autoOrient;
    const stroke = Math.max(2, Math.round(Math.min(width, height) / 250));
    const rects = boxes
      .map(([x1, y1, x2, y2]) => {
        const attributes = `x="${x1.toFixed(1)}" y="${y1.toFixed(1)}" width="${(x2 - x1).toFixed(1)}" height="${(y2 - y1).toFixed(1)}"`;
        return `<rect ${attributes} fill="none" stroke="#000" stroke-opacity="0.45" stroke-width="${stroke * 2}"/><rect ${attributes} fill="none" stroke="#22d3ee" stroke-width="${stroke}"/>`;
      })
      .join('');
    const overlay = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${rects}</svg>`);
    return await tolerantDecode((failOn) =>
      sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn })
        .autoOrient()
        .composite([{ input: overlay, top: 0, left: 0 }])
        .jpeg({ quality: ANNOTATION_JPEG_QUALITY })
        .toBuffer(),
    );
  } catch (error) {
    throw decodeFailure(error);
  }
}
