import { MEDIA_URL_PATTERN, STUDIO_MESSAGES, STUDIO_UPLOAD_MAX_BYTES } from '@stagecraft/contracts';
import { type Box, MAX_INPUT_PIXELS, VisionError } from '@stagecraft/vision';
import sharp from 'sharp';
import { badRequest, HttpError } from '../../lib/http-errors.ts';
import type { MediaService } from '../media/service.ts';

export type StudioImageFormat = 'jpeg' | 'png' | 'webp';

/** An image a studio call received: its bytes, its size after EXIF orientation, and where it came from. */
export interface StudioImage {
  bytes: Buffer;
  format: StudioImageFormat;
  contentType: string;
  width: number;
  height: number;
  /** The stored media it was read from (the caller's own), or null for a data URL. */
  mediaId: string | null;
}

const CONTENT_TYPES: Record<StudioImageFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

export const fileTooLarge = () => new HttpError(413, STUDIO_MESSAGES.fileTooLarge);

/**
 * Reads `image_data`: a base64 data URL, or the URL of one of the owner's stored images (another user's answers
 * 404, as if it did not exist). Nothing is ever fetched from elsewhere. The bytes are checked by content, from
 * the header only (no decoding here): a known format and at most 50 MP, so a decompression bomb never reaches
 * the engine.
 */
export async function readStudioImage(value: string, ownerId: number, media: MediaService): Promise<StudioImage> {
  const stored = MEDIA_URL_PATTERN.exec(value);
  if (stored?.[1]) {
    const file = await media.readOwned(ownerId, stored[1]);
    return { ...(await inspectImage(file.data)), mediaId: file.id };
  }
  const comma = value.indexOf(',');
  if (!value.startsWith('data:') || comma < 0) throw new VisionError('invalid_image', 'The image is not a data URL');
  // Base64 is 4 characters per 3 bytes: refuse an oversized payload before allocating its bytes.
  if ((value.length - comma - 1) * 0.75 > STUDIO_UPLOAD_MAX_BYTES + 3) throw fileTooLarge();
  const bytes = Buffer.from(value.slice(comma + 1), 'base64');
  if (bytes.length > STUDIO_UPLOAD_MAX_BYTES) throw fileTooLarge();
  return { ...(await inspectImage(bytes)), mediaId: null };
}

/** Format and oriented size from the header; `invalid_image` or `image_too_large` otherwise. */
export async function inspectImage(bytes: Buffer): Promise<Omit<StudioImage, 'mediaId'>> {
  if (bytes.length === 0) throw new VisionError('invalid_image', 'The image is empty');
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new VisionError('invalid_image', 'The file is not an image that can be read');
  }
  const format = meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp' ? meta.format : null;
  if (!format || !meta.width || !meta.height) {
    throw new VisionError('invalid_image', 'The image must be a JPEG, PNG or WebP file');
  }
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new VisionError(
      'image_too_large',
      `The image has ${meta.width}x${meta.height} pixels; the limit is ${MAX_INPUT_PIXELS / 1e6} MP`,
    );
  }
  // EXIF orientations 5 to 8 turn the picture a quarter: the engine's pixels are the other way round.
  const turned = (meta.orientation ?? 1) >= 5;
  return {
    bytes,
    format,
    contentType: CONTENT_TYPES[format],
    width: turned ? meta.height : meta.width,
    height: turned ? meta.width : meta.height,
  };
}

/** A natural-pixel box kept inside the image; null when nothing of it is left. */
export function clipToImage(bbox: readonly [number, number, number, number], image: StudioImage): Box | null {
  const x1 = Math.max(0, Math.floor(Math.min(bbox[0], bbox[2])));
  const y1 = Math.max(0, Math.floor(Math.min(bbox[1], bbox[3])));
  const x2 = Math.min(image.width, Math.ceil(Math.max(bbox[0], bbox[2])));
  const y2 = Math.min(image.height, Math.ceil(Math.max(bbox[1], bbox[3])));
  return x2 - x1 >= 2 && y2 - y1 >= 2 ? [x1, y1, x2, y2] : null;
}

/** A detection's box inside the image, or the spec's 'Detection not found' when none of it is. */
export function detectionBoxIn(bbox: readonly [number, number, number, number], image: StudioImage): Box {
  const box = clipToImage(bbox, image);
  if (!box) throw badRequest(STUDIO_MESSAGES.detectionNotFound, { detection: ['The box lies outside the image.'] });
  return box;
}

/**
 * The bytes of a drawn mask (an image data URL, size-limited). The engine decodes it, checks it by content and
 * scales it to the photo's pixels when the client drew it at another size (its canvas).
 */
export function readMask(value: string): Buffer {
  const comma = value.indexOf(',');
  if (!value.startsWith('data:image/') || comma < 0)
    throw badRequest('The mask must be an image data URL.', { mask_image: ['Invalid mask.'] });
  if ((value.length - comma - 1) * 0.75 > STUDIO_UPLOAD_MAX_BYTES + 3) throw fileTooLarge();
  return Buffer.from(value.slice(comma + 1), 'base64');
}
