import type { RgbImage } from '../image.ts';

/**
 * A rendered-by-formula corner of a room for tests: two walls meeting at a vertical corner, a ceiling and a
 * wooden floor with perspective edges, light noise, and an optional soft shadow on the left wall.
 * `truth` is 255 on the walls.
 */
export function syntheticRoom(
  width: number,
  height: number,
  options: { shadow?: boolean } = {},
): { image: RgbImage; truth: Uint8Array; shadow: Uint8Array } {
  const data = new Uint8Array(width * height * 3);
  const truth = new Uint8Array(width * height);
  const shadow = new Uint8Array(width * height);
  const corner = 0.56 * width;
  const ceilingAt = (x: number): number =>
    x < corner
      ? 0.16 * height - ((corner - x) / corner) * 0.12 * height
      : 0.16 * height - ((x - corner) / (width - corner)) * 0.1 * height;
  const floorAt = (x: number): number =>
    x < corner
      ? 0.68 * height + ((corner - x) / corner) * 0.2 * height
      : 0.68 * height + ((x - corner) / (width - corner)) * 0.16 * height;
  let seed = 7;
  const noise = (): number => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return (seed / 4294967296 - 0.5) * 6;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      let rgb: [number, number, number];
      if (y < ceilingAt(x)) rgb = [236, 236, 232];
      else if (y > floorAt(x)) {
        const plank = Math.floor(((x - corner) / Math.max(1, y - 0.5 * height)) * 6);
        const tone = plank % 2 ? 1 : 0.9;
        rgb = [128 * tone, 86 * tone, 54 * tone];
      } else {
        truth[i] = 255;
        const left = x < corner;
        rgb = left ? [206, 194, 172] : [182, 171, 152];
        // Light falls off toward the corner on the left wall.
        const falloff = left ? 1 - 0.12 * (x / corner) : 1;
        rgb = [rgb[0] * falloff, rgb[1] * falloff, rgb[2] * falloff];
        if (options.shadow && left) {
          const cx = 0.25 * width;
          const cy = 0.42 * height;
          const d = Math.hypot((x - cx) / (0.09 * width), (y - cy) / (0.12 * height));
          const dark = d < 1 ? 0.5 : d < 1.3 ? 0.5 + ((d - 1) / 0.3) * 0.5 : 1;
          if (d < 1) shadow[i] = 255;
          rgb = [rgb[0] * dark, rgb[1] * dark, rgb[2] * dark];
        }
      }
      const n = noise();
      data[i * 3] = Math.max(0, Math.min(255, Math.round(rgb[0] + n)));
      data[i * 3 + 1] = Math.max(0, Math.min(255, Math.round(rgb[1] + n)));
      data[i * 3 + 2] = Math.max(0, Math.min(255, Math.round(rgb[2] + n)));
    }
  }
  return { image: { data, width, height }, truth, shadow };
}
