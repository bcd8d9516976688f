/**
 * A flat test picture: each pixel the colour `colourAt` gives it, plus the same small grain on its three channels
 * (a deterministic LCG, so a test's picture never changes), as a camera's noise on a real wall or floor. Tests only.
 */
import { createImage, type RgbImage } from '../image.ts';

export function noisyScene(
  width: number,
  height: number,
  colourAt: (x: number, y: number) => readonly number[],
  { seed = 7, spread = 2 }: { seed?: number; spread?: number } = {},
): RgbImage {
  const image = createImage(width, height);
  let state = seed;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      state = (state * 1103515245 + 12345) >>> 0;
      const n = ((state >>> 24) % (2 * spread + 1)) - spread;
      const v = colourAt(x, y);
      image.data.set([v[0]! + n, v[1]! + n, v[2]! + n], (y * width + x) * 3);
    }
  return image;
}
