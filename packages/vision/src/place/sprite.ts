import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { decodeFailure, VisionError } from '../errors.ts';
import type { Box } from '../mask.ts';
import { levelSprite } from './level.ts';
import type { FurnitureSpriteInfo, PlaceableSprite, SpriteSource } from './types.ts';

/**
 * Typical real sizes (cm) by furniture type, for a user's cut-out whose size nobody measured. The width is the
 * camera-facing extent of the silhouette.
 */
export const TYPICAL_SIZE_CM: Readonly<Record<string, { width: number; depth: number; height: number }>> = {
  sofa: { width: 210, depth: 90, height: 85 },
  armchair: { width: 85, depth: 85, height: 85 },
  chair: { width: 50, depth: 55, height: 88 },
  dining_chair: { width: 48, depth: 55, height: 88 },
  coffee_table: { width: 110, depth: 60, height: 42 },
  side_table: { width: 50, depth: 50, height: 55 },
  rug: { width: 200, depth: 300, height: 1 },
  floor_lamp: { width: 40, depth: 40, height: 165 },
  plant: { width: 55, depth: 55, height: 120 },
  bed: { width: 170, depth: 210, height: 100 },
  nightstand: { width: 50, depth: 40, height: 55 },
  dining_table: { width: 180, depth: 90, height: 75 },
  bookshelf: { width: 90, depth: 35, height: 190 },
  tv_stand: { width: 160, depth: 40, height: 50 },
  desk: { width: 130, depth: 65, height: 75 },
  dresser: { width: 120, depth: 50, height: 85 },
  ottoman: { width: 70, depth: 70, height: 42 },
};
const DEFAULT_SIZE_CM = { width: 100, depth: 60, height: 90 };

const loaded = new Map<string, Promise<PlaceableSprite>>();

/** Decodes a rendered sprite and its shadow pass (files relative to `dir`, the furniture package); cached per file. */
export function loadSprite(sprite: FurnitureSpriteInfo, dir: string): Promise<PlaceableSprite> {
  const imagePath = resolve(dir, sprite.image);
  const key = `${imagePath}\n${sprite.id}`;
  let pending = loaded.get(key);
  if (!pending) {
    pending = decodeSprite(sprite, imagePath, resolve(dir, sprite.shadow));
    pending.catch(() => loaded.delete(key));
    loaded.set(key, pending);
  }
  return pending;
}

async function decodeSprite(sprite: FurnitureSpriteInfo, imagePath: string, shadowPath: string): Promise<PlaceableSprite> {
  const [image, shadow] = await Promise.all([readRgba(await readFile(imagePath)), readShadow(shadowPath)]);
  if (shadow && (shadow.width !== image.width || shadow.height !== image.height)) {
    throw new VisionError('invalid_argument', `The shadow of sprite ${sprite.id} is not the size of its image`);
  }
  // The manifest's pixel figures refer to the rendered frame; a re-encoded file of another size is rescaled to it.
  const k = image.width / sprite.width;
  const level = levelSprite(
    {
      width: image.width,
      height: image.height,
      rgba: image.data,
      shadow: shadow?.data ?? null,
      contact: { x: sprite.contact.x * k, y: sprite.contact.y * k },
      pxPerCm: sprite.pxPerCm * k,
    },
    { pitchDeg: sprite.cameraPitchDeg, heightCm: sprite.cameraHeightCm, distanceCm: sprite.cameraDistanceCm },
  );
  return trimSprite({
    id: sprite.id,
    type: sprite.type,
    view: sprite.view,
    ...level,
    contactAt: 'centre',
    sizeCm: sprite.sizeCm,
    opaqueBox: opaqueBox(level.rgba, level.width, level.height),
  });
}

async function readShadow(path: string): Promise<{ data: Uint8Array; width: number; height: number } | null> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch {
    return null;
  }
  const rgba = await readRgba(bytes);
  const data = new Uint8Array(rgba.width * rgba.height);
  for (let i = 0; i < data.length; i++) data[i] = rgba.data[i * 4 + 3]!;
  return { data, width: rgba.width, height: rgba.height };
}

/** The decoded sprite of a source: a library piece with its front view when it has one, or a user's cut-out. */
export async function resolveSprite(source: SpriteSource): Promise<PlaceableSprite> {
  if ('cutoutPng' in source) return customSprite(source.cutoutPng, source.type ? { type: source.type } : {});
  const [piece, front] = await Promise.all([
    loadSprite(source.library, source.dir),
    source.front ? loadSprite(source.front, source.dir) : undefined,
  ]);
  return front ? { ...piece, front } : piece;
}

/**
 * A user's cut-out (a transparent PNG, e.g. from `cutout`) as a placeable sprite: seen from the front, standing
 * on the bottom of its silhouette, its silhouette as wide as the type's typical width (100 cm when unknown).
 */
export async function customSprite(rgbaPng: Uint8Array, options: { type?: string } = {}): Promise<PlaceableSprite> {
  const image = await readRgba(rgbaPng);
  const shadow = separateBakedShadow(image.data, image.width, image.height);
  const box = opaqueBox(image.data, image.width, image.height);
  const sizeCm = (options.type && TYPICAL_SIZE_CM[options.type]) || DEFAULT_SIZE_CM;
  const contactY = silhouetteBottom(image.data, image.width, box);
  return trimSprite({
    id: 'custom',
    type: options.type ?? 'custom',
    view: 'front',
    width: image.width,
    height: image.height,
    rgba: image.data,
    shadow,
    contact: { x: (box[0] + box[2]) / 2, y: contactY },
    contactAt: 'front',
    pxPerCm: (box[2] - box[0]) / sizeCm.width,
    sizeCm,
    opaqueBox: [box[0], box[1], box[2], Math.max(box[1] + 1, Math.ceil(contactY))],
  });
}

/**
 * Product cut-outs often keep the studio floor's shadow as translucent grey pixels under the piece; pasted as they
 * are, they turn into a pale haze on a darker floor. Translucent, colourless pixels in the lower part of the
 * silhouette become shadow strength (how much they darkened the white studio floor) and leave the sprite.
 * Returns the shadow layer, or null when the cut-out had none.
 */
function separateBakedShadow(rgba: Uint8Array, width: number, height: number): Uint8Array | null {
  const box = opaqueBox(rgba, width, height, 8);
  const fromRow = Math.round(box[1] + (box[3] - box[1]) * 0.6);
  const lowRow = Math.round(box[1] + (box[3] - box[1]) * 0.65);
  const shadow = new Uint8Array(width * height);
  let found = false;
  for (let y = fromRow; y < box[3]; y++) {
    for (let x = box[0]; x < box[2]; x++) {
      const i = (y * width + x) * 4;
      const a = rgba[i + 3]!;
      const r = rgba[i]!;
      const g = rgba[i + 1]!;
      const b = rgba[i + 2]!;
      const max = Math.max(r, g, b);
      const min = Math.min(r, g, b);
      if (max - min > Math.max(12, max * 0.12)) continue;
      // Opaque pixels count only when light grey (the studio floor left in the cut-out), and only low down.
      if (a === 0 || (a >= 230 && (min < 150 || y < lowRow))) continue;
      shadow[y * width + x] = Math.round(a * (1 - (r + g + b) / 765));
      rgba[i + 3] = 0;
      found = true;
    }
  }
  return found ? shadow : null;
}

/**
 * Cuts a sprite down to its content (any alpha or shadow) plus a small margin: product images and renders carry
 * wide transparent borders that would otherwise be resized, filtered and composited for nothing.
 */
export function trimSprite(sprite: PlaceableSprite): PlaceableSprite {
  const { width, height, rgba, shadow } = sprite;
  let x1 = width;
  let y1 = height;
  let x2 = -1;
  let y2 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (rgba[i * 4 + 3]! > 0 || (shadow !== null && shadow[i]! > 0)) {
        if (x < x1) x1 = x;
        if (x > x2) x2 = x;
        if (y < y1) y1 = y;
        y2 = y;
      }
    }
  }
  if (x2 < 0) return sprite;
  const margin = 2;
  x1 = Math.max(0, x1 - margin);
  y1 = Math.max(0, y1 - margin);
  x2 = Math.min(width, x2 + 1 + margin);
  y2 = Math.min(height, y2 + 1 + margin);
  if (x1 === 0 && y1 === 0 && x2 === width && y2 === height) return sprite;
  const w = x2 - x1;
  const h = y2 - y1;
  const trimmedRgba = new Uint8Array(w * h * 4);
  const trimmedShadow = shadow ? new Uint8Array(w * h) : null;
  for (let y = 0; y < h; y++) {
    trimmedRgba.set(rgba.subarray(((y + y1) * width + x1) * 4, ((y + y1) * width + x2) * 4), y * w * 4);
    trimmedShadow?.set(shadow!.subarray((y + y1) * width + x1, (y + y1) * width + x2), y * w);
  }
  const [ox1, oy1, ox2, oy2] = sprite.opaqueBox;
  return {
    ...sprite,
    width: w,
    height: h,
    rgba: trimmedRgba,
    shadow: trimmedShadow,
    contact: { x: sprite.contact.x - x1, y: sprite.contact.y - y1 },
    opaqueBox: [ox1 - x1, oy1 - y1, ox2 - x1, oy2 - y1],
  };
}

async function readRgba(bytes: Uint8Array): Promise<{ data: Uint8Array; width: number; height: number }> {
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 4) throw new Error(`expected 4 channels, got ${info.channels}`);
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
  } catch (error) {
    throw decodeFailure(error, 'The furniture image is damaged or incomplete.');
  }
}

/** Bounding box of the pixels with alpha >= 128 (the whole frame when none is). */
export function opaqueBox(rgba: Uint8Array, width: number, height: number, threshold = 128): Box {
  let x1 = width;
  let y1 = height;
  let x2 = -1;
  let y2 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (rgba[(y * width + x) * 4 + 3]! >= threshold) {
        if (x < x1) x1 = x;
        if (x > x2) x2 = x;
        if (y < y1) y1 = y;
        y2 = y;
      }
    }
  }
  if (x2 < 0) throw new VisionError('invalid_argument', 'The furniture image has no opaque pixels');
  return [x1, y1, x2 + 1, y2 + 1];
}

/**
 * The row a cut-out stands on: the lowest row where a real part of the silhouette is (a stray opaque pixel or a
 * baked-in shadow's fringe does not count), as the exclusive bottom edge.
 */
function silhouetteBottom(rgba: Uint8Array, width: number, box: Box): number {
  const minRun = Math.max(2, Math.round((box[2] - box[0]) * 0.01));
  for (let y = box[3] - 1; y >= box[1]; y--) {
    let count = 0;
    for (let x = box[0]; x < box[2]; x++) if (rgba[(y * width + x) * 4 + 3]! >= 160) count++;
    if (count >= minRun) return y + 1;
  }
  return box[3];
}
