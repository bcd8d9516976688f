import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { deserialize, serialize } from 'node:v8';
import sharp from 'sharp';
import type { RgbImage } from '../../src/image.ts';
import { WORK_LONG_SIDE } from '../../src/walls/analyse.ts';

/** What `make` returns for `file`, analysed once and kept in `dir` (v8-serialised): later runs read it back. */
export async function cachedIn<T>(dir: string, file: string, make: () => Promise<T>): Promise<T> {
  const path = `${dir}/${file}.bin`;
  if (existsSync(path)) return deserialize(await readFile(path)) as T;
  const value = await make();
  await writeFile(path, serialize(value));
  return value;
}

/** The wall analysis's size for a photo: its long side at WORK_LONG_SIDE, never enlarged. */
export function analysisSize(image: RgbImage): { width: number; height: number } {
  const scale = Math.min(1, WORK_LONG_SIDE / Math.max(image.width, image.height));
  return { width: Math.max(1, Math.round(image.width * scale)), height: Math.max(1, Math.round(image.height * scale)) };
}

/** A grey annotation (a fixture's wall mask) resized to `width` x `height`, nearest neighbour: one byte a pixel. */
export async function annotationAtSize(path: string, width: number, height: number): Promise<Uint8Array> {
  return new Uint8Array(await sharp(path).greyscale().resize(width, height, { kernel: 'nearest', fit: 'fill' }).raw().toBuffer());
}
