import type { RgbImage } from '../image.ts';
import type { Box } from '../mask.ts';

/** What the photo looks like around the spot a piece goes: the sprite is adjusted to match it. */
export interface LocalLook {
  /** Per-channel gain (linear light) for the sprite: exposure times white balance. */
  gain: [number, number, number];
  /** The bright end of the surroundings (95th percentile luminance, linear): a piece's highlights stay below it. */
  brightLuma: number;
  /** Mean chroma (max - min channel, sRGB 0..255) of the surroundings: how colourful the photo renders things. */
  chroma: number;
  /** Black level of the photo's shadows (0..1 sRGB), lifted into the sprite's darks (haze, flare). */
  blackLift: number;
  /** Standard deviation of the photo's pixel noise (sRGB 0..255). */
  noiseSigma: number;
  /** How crisp the photo's edges are: mean |Laplacian| / mean |gradient| on its strongest edges. */
  edgeCrispness: number;
}

/** sRGB byte -> linear light. */
export const SRGB_TO_LINEAR = (() => {
  const table = new Float32Array(256);
  for (let i = 0; i < 256; i++) {
    const c = i / 255;
    table[i] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }
  return table;
})();

const LINEAR_STEPS = 4096;
const LINEAR_TO_SRGB = (() => {
  const table = new Float32Array(LINEAR_STEPS + 1);
  for (let i = 0; i <= LINEAR_STEPS; i++) {
    const c = i / LINEAR_STEPS;
    table[i] = 255 * (c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055);
  }
  return table;
})();

/** Linear light (clamped to 0..1) -> sRGB 0..255 (float). */
export function linearToSrgb(value: number): number {
  const v = value <= 0 ? 0 : value >= 1 ? 1 : value;
  return LINEAR_TO_SRGB[Math.round(v * LINEAR_STEPS)]!;
}

/**
 * The photo's exposure, colour cast, black level, noise and sharpness in `region` (the spot and its surroundings).
 * The sprite was rendered in a neutral studio at a normal exposure: it is darkened toward a dim spot's exposure
 * (partly: the surroundings' own colour, a white wall or a dark floor, also moves the mean; a bright spot does not
 * brighten it, white walls would blow a white sofa out), and given half of the local colour cast (warm bulbs, cool
 * daylight).
 */
export function measureLocalLook(image: RgbImage, region: Box): LocalLook {
  const [x1, y1, x2, y2] = region;
  const step = Math.max(1, Math.round(Math.sqrt(((x2 - x1) * (y2 - y1)) / 40_000)));
  const sum = [0, 0, 0];
  let count = 0;
  // A typed array sorts natively (no comparator calls): the two sorts here were ~15 ms of a placement.
  const lumas = new Float32Array(Math.ceil((y2 - y1) / step) * Math.ceil((x2 - x1) / step));
  let chroma = 0;
  for (let y = y1; y < y2; y += step) {
    for (let x = x1; x < x2; x += step) {
      const i = (y * image.width + x) * 3;
      chroma +=
        Math.max(image.data[i]!, image.data[i + 1]!, image.data[i + 2]!) -
        Math.min(image.data[i]!, image.data[i + 1]!, image.data[i + 2]!);
      const r = SRGB_TO_LINEAR[image.data[i]!]!;
      const g = SRGB_TO_LINEAR[image.data[i + 1]!]!;
      const b = SRGB_TO_LINEAR[image.data[i + 2]!]!;
      sum[0]! += r;
      sum[1]! += g;
      sum[2]! += b;
      lumas[count] = 0.2126 * r + 0.7152 * g + 0.0722 * b;
      count++;
    }
  }
  const mean = sum.map((s) => s / Math.max(1, count)) as [number, number, number];
  const luma = Math.max(1e-4, 0.2126 * mean[0] + 0.7152 * mean[1] + 0.0722 * mean[2]);
  // 0.22 linear (~0.5 sRGB) is where a studio-lit sprite looks right; the square-ish root keeps albedo from dominating.
  const exposure = Math.min(1, Math.max(0.45, (luma / 0.22) ** 0.45));
  const gain = mean.map((c) => exposure * Math.min(1.25, Math.max(0.8, (Math.max(1e-4, c) / luma) ** 0.5))) as [
    number,
    number,
    number,
  ];
  const sorted = lumas.subarray(0, count).sort();
  const darkest = sorted[Math.floor(count * 0.02)] ?? 0;
  return {
    gain,
    brightLuma: sorted[Math.floor(count * 0.95)] ?? 1,
    chroma: chroma / Math.max(1, count),
    blackLift: Math.min(0.06, linearToSrgb(darkest) / 255) * 0.6,
    ...greyStatistics(image, region),
  };
}

/**
 * The region in grey. With `step` > 2 only the rows the sampled statistics read are filled (each sampled row
 * 1, 1 + step, ... and its neighbours above and below): the region around a large piece is most of the photo.
 */
function greyRegion(image: RgbImage, [x1, y1, x2, y2]: Box, step = 1): Float32Array {
  const w = x2 - x1;
  const out = new Float32Array(w * (y2 - y1));
  for (let y = y1; y < y2; y++) {
    if (step > 2 && (y - y1) % step > 2) continue;
    for (let x = x1; x < x2; x++) {
      const i = (y * image.width + x) * 3;
      out[(y - y1) * w + x - x1] = 0.299 * image.data[i]! + 0.587 * image.data[i + 1]! + 0.114 * image.data[i + 2]!;
    }
  }
  return out;
}

/**
 * Noise from the flat parts of the region: the robust spread (MAD) of the difference between a pixel and the
 * mean of its 4 neighbours, where the local gradient is small. For white noise of sigma s that difference has a
 * spread of s * sqrt(1 + 1/4).
 */
function greyStatistics(image: RgbImage, [x1, y1, x2, y2]: Box): { noiseSigma: number; edgeCrispness: number } {
  const w = x2 - x1;
  const h = y2 - y1;
  if (w < 5 || h < 5) return { noiseSigma: 0, edgeCrispness: 1 };
  const step = Math.max(1, Math.round(Math.sqrt((w * h) / 60_000)));
  const grey = greyRegion(image, [x1, y1, x2, y2], step);
  return { noiseSigma: noiseSigma(grey, w, h, step), edgeCrispness: edgeCrispness(grey, w, h, null, step) };
}

function noiseSigma(grey: Float32Array, w: number, h: number, step: number): number {
  const all = new Float32Array(Math.ceil(h / step) * Math.ceil(w / step));
  let count = 0;
  for (let y = 1; y < h - 1; y += step) {
    for (let x = 1; x < w - 1; x += step) {
      const i = y * w + x;
      const gx = grey[i + 1]! - grey[i - 1]!;
      const gy = grey[i + w]! - grey[i - w]!;
      if (Math.abs(gx) + Math.abs(gy) > 12) continue;
      all[count++] = Math.abs(grey[i]! - (grey[i - 1]! + grey[i + 1]! + grey[i - w]! + grey[i + w]!) / 4);
    }
  }
  if (count < 50) return 0;
  const residuals = all.subarray(0, count).sort();
  return Math.min(12, (1.4826 * residuals[Math.floor(residuals.length / 2)]!) / Math.sqrt(1.25));
}

/**
 * Edge crispness of a grey image: mean |Laplacian| over mean |gradient| on the strongest 8% of gradients, which
 * falls as edges widen (blur) and barely depends on the content's contrast. `weight` (0..1) limits it to a sprite's
 * opaque part.
 */
export function edgeCrispness(grey: Float32Array, w: number, h: number, weight: Float32Array | null, step = 1): number {
  // Two passes with a gradient histogram instead of a sort: this runs several times per placement.
  const bins = 1024;
  const binsPerUnit = 4;
  const histogram = new Uint32Array(bins);
  let total = 0;
  for (let y = 1; y < h - 1; y += step) {
    for (let x = 1; x < w - 1; x += step) {
      const i = y * w + x;
      if (weight && weight[i]! < 0.99) continue;
      const g = Math.hypot(grey[i + 1]! - grey[i - 1]!, grey[i + w]! - grey[i - w]!) / 2;
      histogram[Math.min(bins - 1, Math.floor(g * binsPerUnit))]!++;
      total++;
    }
  }
  if (total < 50) return 1;
  let threshold = bins - 1;
  for (let count = 0; threshold > 0; threshold--) {
    count += histogram[threshold]!;
    if (count >= Math.max(20, total * 0.08)) break;
  }
  const minGradient = threshold / binsPerUnit;
  let g = 0;
  let l = 0;
  for (let y = 1; y < h - 1; y += step) {
    for (let x = 1; x < w - 1; x += step) {
      const i = y * w + x;
      if (weight && weight[i]! < 0.99) continue;
      const gradient = Math.hypot(grey[i + 1]! - grey[i - 1]!, grey[i + w]! - grey[i - w]!) / 2;
      if (gradient < minGradient || gradient === 0) continue;
      g += gradient;
      l += Math.abs(grey[i + 1]! + grey[i - 1]! + grey[i + w]! + grey[i - w]! - 4 * grey[i]!);
    }
  }
  return g > 0 ? l / g : 1;
}

/**
 * In-place separable Gaussian blur of `channels` interleaved float channels (edges clamped). Wide blurs use three
 * box passes (Kovesi's box sizes: within a few percent of the Gaussian, at a cost independent of the radius).
 */
export function gaussianBlur(data: Float32Array, w: number, h: number, channels: number, sigma: number): void {
  if (sigma < 0.2 || w === 0 || h === 0) return;
  if (sigma >= 2) {
    for (const radius of boxRadii(sigma)) boxBlur(data, w, h, channels, radius);
    return;
  }
  const radius = Math.ceil(sigma * 2.5);
  const taps = 2 * radius + 1;
  const kernel = new Float32Array(taps);
  let total = 0;
  for (let k = -radius; k <= radius; k++) total += kernel[k + radius] = Math.exp((-k * k) / (2 * sigma * sigma));
  for (let k = 0; k < taps; k++) kernel[k]! /= total;
  const padded = new Float32Array((Math.max(w, h) + 2 * radius) * channels);
  // One pass along lines of `length` samples `stride` apart; lines start `lineStep` apart. RGBA and single layers
  // have their own loops with the channels written out: 2.5x faster (a piece's 876x613 box: 70 -> 28 ms).
  const pass =
    channels === 4
      ? (lines: number, length: number, stride: number, lineStep: number) =>
          passRgba(data, padded, kernel, radius, lines, length, stride, lineStep)
      : channels === 1
        ? (lines: number, length: number, stride: number, lineStep: number) =>
            passSingle(data, padded, kernel, radius, lines, length, stride, lineStep)
        : (lines: number, length: number, stride: number, lineStep: number): void => {
            for (let line = 0; line < lines; line++) {
              const base = line * lineStep;
              for (let at = -radius; at < length + radius; at++) {
                const src = base + (at < 0 ? 0 : at >= length ? length - 1 : at) * stride;
                const dst = (at + radius) * channels;
                for (let c = 0; c < channels; c++) padded[dst + c] = data[src + c]!;
              }
              for (let at = 0; at < length; at++) {
                const dst = base + at * stride;
                for (let c = 0; c < channels; c++) {
                  let sum = 0;
                  for (let k = 0, p = at * channels + c; k < taps; k++, p += channels) sum += padded[p]! * kernel[k]!;
                  data[dst + c] = sum;
                }
              }
            }
          };
  pass(h, w, channels, w * channels);
  pass(w, h, w * channels, channels);
}

/** A Gaussian pass over interleaved RGBA floats (see gaussianBlur). */
function passRgba(
  data: Float32Array,
  padded: Float32Array,
  kernel: Float32Array,
  radius: number,
  lines: number,
  length: number,
  stride: number,
  lineStep: number,
): void {
  const taps = kernel.length;
  for (let line = 0; line < lines; line++) {
    const base = line * lineStep;
    for (let at = -radius; at < length + radius; at++) {
      const src = base + (at < 0 ? 0 : at >= length ? length - 1 : at) * stride;
      const dst = (at + radius) * 4;
      padded[dst] = data[src]!;
      padded[dst + 1] = data[src + 1]!;
      padded[dst + 2] = data[src + 2]!;
      padded[dst + 3] = data[src + 3]!;
    }
    for (let at = 0; at < length; at++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let k = 0, p = at * 4; k < taps; k++, p += 4) {
        const weight = kernel[k]!;
        r += padded[p]! * weight;
        g += padded[p + 1]! * weight;
        b += padded[p + 2]! * weight;
        a += padded[p + 3]! * weight;
      }
      const dst = base + at * stride;
      data[dst] = r;
      data[dst + 1] = g;
      data[dst + 2] = b;
      data[dst + 3] = a;
    }
  }
}

/** A Gaussian pass over one float channel (see gaussianBlur). */
function passSingle(
  data: Float32Array,
  padded: Float32Array,
  kernel: Float32Array,
  radius: number,
  lines: number,
  length: number,
  stride: number,
  lineStep: number,
): void {
  const taps = kernel.length;
  for (let line = 0; line < lines; line++) {
    const base = line * lineStep;
    for (let at = -radius; at < length + radius; at++)
      padded[at + radius] = data[base + (at < 0 ? 0 : at >= length ? length - 1 : at) * stride]!;
    for (let at = 0; at < length; at++) {
      let sum = 0;
      for (let k = 0; k < taps; k++) sum += padded[at + k]! * kernel[k]!;
      data[base + at * stride] = sum;
    }
  }
}

/**
 * A wide blur of a single-channel layer (shadows): on a copy reduced by up to 4x, blurred by sigma / factor, then
 * bilinearly enlarged. A blurred field has no detail the reduction could lose, and the cost falls by factor^2.
 */
export function blurLayer(data: Float32Array, w: number, h: number, sigma: number): void {
  const factor = Math.min(4, Math.floor(sigma / 2));
  if (factor < 2 || w < factor * 4 || h < factor * 4) {
    gaussianBlur(data, w, h, 1, sigma);
    return;
  }
  const sw = Math.ceil(w / factor);
  const sh = Math.ceil(h / factor);
  const small = new Float32Array(sw * sh);
  const counts = new Float32Array(sw * sh);
  for (let y = 0; y < h; y++) {
    const row = Math.floor(y / factor) * sw;
    for (let x = 0; x < w; x++) {
      const j = row + Math.floor(x / factor);
      small[j]! += data[y * w + x]!;
      counts[j]!++;
    }
  }
  for (let j = 0; j < small.length; j++) small[j]! /= counts[j]!;
  gaussianBlur(small, sw, sh, 1, sigma / factor);
  for (let y = 0; y < h; y++) {
    const fy = Math.min(sh - 1, Math.max(0, (y + 0.5) / factor - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(sh - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < w; x++) {
      const fx = Math.min(sw - 1, Math.max(0, (x + 0.5) / factor - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(sw - 1, x0 + 1);
      const tx = fx - x0;
      const top = small[y0 * sw + x0]! * (1 - tx) + small[y0 * sw + x1]! * tx;
      const bottom = small[y1 * sw + x0]! * (1 - tx) + small[y1 * sw + x1]! * tx;
      data[y * w + x] = top * (1 - ty) + bottom * ty;
    }
  }
}

/** Radii of three box filters whose succession approximates a Gaussian of `sigma`. */
function boxRadii(sigma: number): number[] {
  const ideal = Math.sqrt((12 * sigma * sigma) / 3 + 1);
  let lower = Math.floor(ideal);
  if (lower % 2 === 0) lower--;
  const upper = lower + 2;
  const lowerCount = Math.round((12 * sigma * sigma - 3 * lower * lower - 12 * lower - 9) / (-4 * lower - 4));
  return [0, 1, 2].map((i) => ((i < lowerCount ? lower : upper) - 1) / 2);
}

/** One box filter pass (running sums) along rows, then columns; edges clamped. */
function boxBlur(data: Float32Array, w: number, h: number, channels: number, radius: number): void {
  if (radius < 1) return;
  const scale = 1 / (2 * radius + 1);
  const line = new Float32Array(Math.max(w, h) * channels);
  const pass = (lines: number, length: number, stride: number, lineStep: number): void => {
    for (let l = 0; l < lines; l++) {
      const base = l * lineStep;
      for (let at = 0; at < length; at++)
        for (let c = 0; c < channels; c++) line[at * channels + c] = data[base + at * stride + c]!;
      for (let c = 0; c < channels; c++) {
        let sum = 0;
        for (let k = -radius; k <= radius; k++) sum += line[Math.min(length - 1, Math.max(0, k)) * channels + c]!;
        for (let at = 0; at < length; at++) {
          data[base + at * stride + c] = sum * scale;
          const leaving = Math.max(0, at - radius);
          const entering = Math.min(length - 1, at + radius + 1);
          sum += line[entering * channels + c]! - line[leaving * channels + c]!;
        }
      }
    }
  };
  pass(h, w, channels, w * channels);
  pass(w, h, w * channels, channels);
}

/** A small seeded PRNG (mulberry32) so that a placement is reproducible. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Standard normal samples drawn from a fixed table of 65,536 (Box-Muller once, seeded) at positions from a fast
 * integer hash: a megapixel of grain costs table look-ups, not logarithms and sines.
 */
const NORMAL_TABLE = (() => {
  const source = gaussianSource(seededRandom(0x5eed));
  return Float32Array.from({ length: 65_536 }, () => source());
})();

export function fastGaussianSource(seed: number): () => number {
  let state = (seed ^ 0x9e3779b9) >>> 0 || 1;
  return () => {
    // xorshift32
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return NORMAL_TABLE[(state >>> 0) & 0xffff]!;
  };
}

/** Standard normal samples (Box-Muller) from a uniform source. */
export function gaussianSource(random: () => number): () => number {
  let spare: number | null = null;
  return () => {
    if (spare !== null) {
      const value = spare;
      spare = null;
      return value;
    }
    const u = Math.max(1e-12, random());
    const v = random();
    const r = Math.sqrt(-2 * Math.log(u));
    spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  };
}
