import type { Mask } from '../mask.ts';

/** Share of the box x0..x1 by y0..y1 (mask pixels, ends excluded) that the mask holds (nonzero). Tests only. */
export function boxShare(mask: Mask, x0: number, y0: number, x1: number, y1: number): number {
  let held = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (mask.data[y * mask.width + x]) held++;
  return held / ((x1 - x0) * (y1 - y0));
}
