import { MEDIA_URL_PATTERN, STUDIO_MESSAGES, STUDIO_UPLOAD_MAX_BYTES } from '@stagecraft/contracts';
import type { EnhancementLevel, StudioImage } from '../state/editor-state.ts';

/** A refusal whose message is the spec's text, shown as it is. */
export class StudioImageError extends Error {
  override readonly name = 'StudioImageError';
}

const SENDABLE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const HEIC_JPEG_QUALITY = 0.9;

export function isHeicFile(file: File): boolean {
  return /^image\/hei[cf]/i.test(file.type) || /\.hei[cf]$/i.test(file.name);
}

export function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(blob);
  });
}

/** Decodes an image to learn its natural size; the spec's 'Failed to load image.' when the browser cannot. */
export function loadImageElement(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const element = new Image();
    element.decoding = 'async';
    element.onload = () => resolve(element);
    element.onerror = () => reject(new StudioImageError(STUDIO_MESSAGES.failedToLoadImage));
    element.src = src;
  });
}

export async function toStudioImage(src: string, enhanced: EnhancementLevel | null = null): Promise<StudioImage> {
  const element = await loadImageElement(src);
  return { src, width: element.naturalWidth, height: element.naturalHeight, enhanced };
}

/** HEIC/HEIF photos (iPhones) become JPEG at quality 0.9 in the browser; the decoder loads only when needed. */
async function convertHeic(file: File): Promise<Blob> {
  try {
    // The CSP build: the default one compiles code with `new Function`, which the Content-Security-Policy refuses.
    const { heicTo } = await import('heic-to/csp');
    return await heicTo({ blob: file, type: 'image/jpeg', quality: HEIC_JPEG_QUALITY });
  } catch {
    throw new StudioImageError(STUDIO_MESSAGES.heicFailed);
  }
}

/** Other formats the browser can show (GIF, BMP, AVIF) are re-encoded, since the API takes JPEG, PNG or WebP. */
function reencodeAsJpeg(element: HTMLImageElement): string {
  const canvas = document.createElement('canvas');
  canvas.width = element.naturalWidth;
  canvas.height = element.naturalHeight;
  const context = canvas.getContext('2d');
  if (!context) throw new StudioImageError(STUDIO_MESSAGES.failedToLoadImage);
  context.drawImage(element, 0, 0);
  return canvas.toDataURL('image/jpeg', 0.92);
}

/** 001 section 5: checks, converts and decodes a room photo the user picked or dropped. */
export async function readRoomPhoto(file: File): Promise<StudioImage> {
  if (file.size > STUDIO_UPLOAD_MAX_BYTES) throw new StudioImageError(STUDIO_MESSAGES.fileTooLarge);
  const heic = isHeicFile(file);
  if (!heic && file.type !== '' && !file.type.startsWith('image/')) throw new StudioImageError(STUDIO_MESSAGES.invalidImageFile);
  const blob = heic ? await convertHeic(file) : file;
  let dataUrl: string;
  try {
    dataUrl = await readAsDataUrl(blob);
  } catch {
    throw new StudioImageError(STUDIO_MESSAGES.failedToLoadImage);
  }
  const element = await loadImageElement(dataUrl);
  const sendable = SENDABLE_TYPES.includes(blob.type);
  const src = sendable ? dataUrl : reencodeAsJpeg(element);
  return { src, width: element.naturalWidth, height: element.naturalHeight, enhanced: null };
}

const dataUrlCache = new Map<string, Promise<string>>();
const DATA_URL_CACHE_SIZE = 12;

/**
 * What the API receives for an image: a data URL, or the signed URL of the user's own stored media exactly as
 * an answer gave it (the server reads it from its store: no megabytes of base64 back and forth). Any other URL
 * is fetched (same origin) and encoded once, then reused while it stays in the small cache.
 */
export function toImageData(image: StudioImage): Promise<string> {
  if (image.src.startsWith('data:') || MEDIA_URL_PATTERN.test(image.src)) return Promise.resolve(image.src);
  const cached = dataUrlCache.get(image.src);
  if (cached) return cached;
  const pending = fetch(image.src, { credentials: 'same-origin' })
    .then((response) => {
      if (!response.ok) throw new StudioImageError(STUDIO_MESSAGES.failedToLoadImage);
      return response.blob();
    })
    .then(readAsDataUrl);
  pending.catch(() => dataUrlCache.delete(image.src));
  dataUrlCache.set(image.src, pending);
  if (dataUrlCache.size > DATA_URL_CACHE_SIZE) {
    const oldest = dataUrlCache.keys().next().value;
    if (oldest !== undefined) dataUrlCache.delete(oldest);
  }
  return pending;
}
