import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { MAX_INPUT_PIXELS, tolerantDecode } from '../image.ts';
import { decodeFailure } from '../errors.ts';

/**
 * "Stagecraft" in white with a soft shadow, RGBA PNG, rendered once from DejaVu Sans Bold (its licence allows
 * this) with sharp's text input. Shipped as pixels rather than drawn at run time because a machine without
 * fonts would render SVG or Pango text as empty boxes.
 */
const WATERMARK = readFileSync(new URL('./watermark.png', import.meta.url));

/** The mark's width as a share of the photo's width, its opacity, and its margin from the corner. */
const WIDTH_SHARE = 0.22;
const MIN_WIDTH = 60;
const OPACITY = 0.6;
const MARGIN_SHARE = 0.02;
const EXPORT_JPEG_QUALITY = 92;

export interface ExportOptions {
  /** The free plan's "Stagecraft" mark in the bottom-right corner. */
  watermark: boolean;
}

/**
 * An export as a JPEG file (quality 92). With `watermark` the mark is drawn in the bottom-right corner; without
 * it a JPEG leaves byte for byte as it came, and other formats are only re-encoded (white behind transparency).
 * A damaged file is an `invalid_image`, whatever libvips called it.
 */
export function exportJpeg(image: Uint8Array, options: ExportOptions): Promise<Uint8Array> {
  return tolerantDecode((failOn) => drawExport(image, options, failOn)).catch((error: unknown) => {
    throw decodeFailure(error);
  });
}

async function drawExport(image: Uint8Array, options: ExportOptions, failOn: 'warning' | 'error'): Promise<Uint8Array> {
  const source = sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn });
  if (!options.watermark) {
    if ((await source.metadata()).format === 'jpeg') return image;
    return await source
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: EXPORT_JPEG_QUALITY })
      .keepIccProfile()
      .toBuffer();
  }
  // Decoded to pixels, not to a file: a file would be the input's format (a JPEG at sharp's quality 80), so
  // the export would be encoded twice and carry the first encoding's losses under the second.
  const oriented = await source.autoOrient().raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = oriented.info;
  const margin = Math.round(Math.min(width, height) * MARGIN_SHARE);
  // At least 60 px wide so it stays legible, but never wider or taller than the picture (a thumbnail-sized
  // upload would otherwise make the composite fail).
  const markWidth = Math.max(1, Math.min(width - 2, Math.max(MIN_WIDTH, Math.round(width * WIDTH_SHARE))));
  const mark = await sharp(WATERMARK)
    .resize({ width: markWidth, height: Math.max(1, height - 2 * margin), fit: 'inside' })
    .ensureAlpha()
    .linear([1, 1, 1, OPACITY], [0, 0, 0, 0])
    .png()
    .toBuffer({ resolveWithObject: true });
  return await sharp(oriented.data, { raw: { width, height, channels } })
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
