import { readFileSync } from 'node:fs';
import { MAX_INPUT_PIXELS } from '@stagecraft/vision';
import sharp from 'sharp';
import type { StudioImage } from './images.ts';

/**
 * "Stagecraft" in white with a soft shadow, RGBA PNG, rendered once from DejaVu Sans Bold (its licence allows
 * this) with sharp's text input. Shipped as pixels rather than drawn at run time because a server without
 * fonts would render SVG or Pango text as empty boxes.
 */
const WATERMARK = readFileSync(new URL('./assets/watermark.png', import.meta.url));

/** The mark's width as a share of the photo's width, its opacity, and its margin from the corner. */
const WIDTH_SHARE = 0.22;
const OPACITY = 0.6;
const MARGIN_SHARE = 0.02;
const EXPORT_JPEG_QUALITY = 92;

/**
 * An export as a JPEG file (quality 92, 001 section 9). With `apply` (the free plan, DECISIONS.md) the mark is
 * drawn in the bottom-right corner; without it a JPEG leaves byte for byte as it came, and other formats are
 * only re-encoded. The format is the one the image's header already gave (`inspectImage`).
 */
export async function watermark(image: Pick<StudioImage, 'bytes' | 'format'>, apply: boolean): Promise<Buffer> {
  const source = sharp(image.bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  if (!apply) {
    if (image.format === 'jpeg') return image.bytes;
    return source
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: EXPORT_JPEG_QUALITY })
      .keepIccProfile()
      .toBuffer();
  }
  const oriented = await source.autoOrient().toBuffer({ resolveWithObject: true });
  const { width, height } = oriented.info;
  const markWidth = Math.max(60, Math.min(width - 2, Math.round(width * WIDTH_SHARE)));
  const mark = await sharp(WATERMARK)
    .resize({ width: markWidth })
    .ensureAlpha()
    .linear([1, 1, 1, OPACITY], [0, 0, 0, 0])
    .png()
    .toBuffer({ resolveWithObject: true });
  const margin = Math.round(Math.min(width, height) * MARGIN_SHARE);
  return sharp(oriented.data)
    .flatten({ background: '#ffffff' })
    .composite([
      {
        input: mark.data,
        left: Math.max(0, width - mark.info.width - margin),
        top: Math.max(0, height - mark.info.height - margin),
      },
    ])
    .jpeg({ quality: EXPORT_JPEG_QUALITY })
    .toBuffer();
}
