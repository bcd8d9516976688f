import { describe, expect, it } from 'vitest';
import { membrane } from './diffusion.ts';

describe('membrane', () => {
  it('solves Laplace’s equation across a wide gap: a straight ramp between two fixed edges', () => {
    // 301 columns (odd sizes at every level of the pyramid): the right edge must not be lost on the way down.
    const w = 301;
    const h = 201;
    const rgb = new Float32Array(w * h * 3);
    const known = new Uint8Array(w * h);
    const domain = new Uint8Array(w * h);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const o = y * w + x;
        if (x < 3 || x >= w - 3) {
          known[o] = 1;
          rgb[o * 3] = x < 3 ? 0 : 150;
        } else domain[o] = 1;
      }
    membrane(rgb, known, domain, w, h);
    for (const x of [50, 100, 150, 200, 250]) {
      const expected = (150 * (x - 2)) / (w - 5);
      expect(Math.abs(rgb[(100 * w + x) * 3]! - expected)).toBeLessThan(3);
    }
  });
});
