import exifReader from 'exif-reader';
import type { DecodedImage } from '../image.ts';

/**
 * The lens a photo was shot with, from its EXIF: phones and most cameras record the focal length as its 35 mm film
 * equivalent (`FocalLengthIn35mmFilm`), the focal length that gives the same field of view across a 36 x 24 mm
 * frame's diagonal. The room model's camera search takes it in place of its wide-angle guess: on an empty white room
 * the lines cannot pin the focal length, and the guess sets the horizon, the walls' slant and a placed piece's size
 * (held-out renders: focal length 21% off on average, 37-73% on the nine widest lenses, all from the guess).
 *
 * Only that tag is read. The bare focal length needs the sensor's size, and its other tags (FocalPlaneXResolution
 * against PixelXDimension) are wrong as soon as a photo is resized with its EXIF kept: two listing photos shot on
 * Canon APS-C bodies read as a 13 mm sensor that way, not 22 mm.
 */

/** Diagonal of a 36 x 24 mm frame (mm): what a 35 mm equivalent focal length is relative to. */
export const FULL_FRAME_DIAGONAL_MM = Math.hypot(36, 24);
/** Horizontal fields of view (degrees) outside this range are a tag's mistake (or a crop), not a room photo's lens. */
const MIN_FIELD_DEG = 25;
const MAX_FIELD_DEG = 130;

/**
 * The focal length in pixels of a `width` x `height` photo (as displayed) whose EXIF block is `exif`; null without a
 * usable 35 mm equivalent. The photo is taken to be the whole frame the camera recorded.
 */
export function lensFocalPx(exif: Uint8Array | undefined, width: number, height: number): number | null {
  if (!exif || width <= 0 || height <= 0) return null;
  let equivalent: number | undefined;
  try {
    equivalent = exifReader(Buffer.from(exif.buffer, exif.byteOffset, exif.byteLength)).Photo?.FocalLengthIn35mmFilm;
  } catch {
    return null;
  }
  if (typeof equivalent !== 'number' || !Number.isFinite(equivalent) || equivalent <= 0) return null;
  const focal = (equivalent / FULL_FRAME_DIAGONAL_MM) * Math.hypot(width, height);
  const field = (2 * Math.atan(width / 2 / focal) * 180) / Math.PI;
  return field >= MIN_FIELD_DEG && field <= MAX_FIELD_DEG ? focal : null;
}

/** `lensFocalPx` of a decoded photo (its size is as displayed: decodeImage applies the EXIF orientation). */
export function photoLensFocalPx(image: DecodedImage): number | null {
  return lensFocalPx(image.exif, image.width, image.height);
}
