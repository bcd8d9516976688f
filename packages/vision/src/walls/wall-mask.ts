import { detectObjects, type Detection } from '../detect/detect.ts';
import { decodeImage, type ImageInput, type RgbImage } from '../image.ts';
import type { Mask } from '../mask.ts';
import { analyseRoom, FEATURE_COUNT, type WallAnalysis } from './analyse.ts';
import { predictProbabilities, type Forest } from './gbdt.ts';
import { guidedFilter } from './guided.ts';
import { WALL_FOREST } from './model.ts';
import { smoothOverGraph } from './smooth.ts';

/** Superpixels at or above this probability are wall (chosen on the fixtures' leave-one-out figure, see walls.ts). */
export const WALL_THRESHOLD = 0.3;

export interface WallSegmentation {
  readonly mask: Mask;
  readonly analysis: WallAnalysis;
  /** Wall probability of every superpixel of the analysis. */
  readonly probabilities: Float32Array;
}

/** Per-superpixel wall probability: the trained forest, then smoothed across similar neighbours. */
export function wallProbabilities(analysis: WallAnalysis, forest: Forest = WALL_FOREST): Float32Array {
  const raw = predictProbabilities(forest, analysis.features.rows, FEATURE_COUNT);
  return smoothOverGraph(raw, analysis.lab, analysis.superpixels);
}

/** Work-resolution 0/1 wall map of the superpixels at or above the threshold. */
export function workMask(analysis: WallAnalysis, probabilities: Float32Array, threshold = WALL_THRESHOLD): Uint8Array {
  const labels = analysis.superpixels.labels;
  const out = new Uint8Array(labels.length);
  for (let i = 0; i < labels.length; i++) out[i] = probabilities[labels[i]!]! >= threshold ? 1 : 0;
  return out;
}

/**
 * Upsamples a work-resolution 0/1 map to the photo's size (bilinear), then snaps it to the photo's edges with a
 * guided filter on the grey photo, and thresholds at one half.
 */
export function upsampleMask(binary: Uint8Array, workWidth: number, workHeight: number, image: RgbImage): Mask {
  const { width: w, height: h } = image;
  const up = new Float32Array(w * h);
  const sx = workWidth / w;
  const sy = workHeight / h;
  for (let y = 0; y < h; y++) {
    const fy = Math.min(workHeight - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(workHeight - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < w; x++) {
      const fx = Math.min(workWidth - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(workWidth - 1, x0 + 1);
      const tx = fx - x0;
      const top = binary[y0 * workWidth + x0]! * (1 - tx) + binary[y0 * workWidth + x1]! * tx;
      const bottom = binary[y1 * workWidth + x0]! * (1 - tx) + binary[y1 * workWidth + x1]! * tx;
      up[y * w + x] = top * (1 - ty) + bottom * ty;
    }
  }
  const data = new Uint8Array(w * h);
  const scale = w / workWidth;
  if (scale > 1.2) {
    const guide = new Float32Array(w * h);
    for (let i = 0, p = 0; i < guide.length; i++, p += 3) {
      guide[i] = (image.data[p]! * 0.299 + image.data[p + 1]! * 0.587 + image.data[p + 2]! * 0.114) / 255;
    }
    const refined = guidedFilter(guide, up, w, h, Math.max(2, Math.round(scale * 1.5)), 1e-3);
    for (let i = 0; i < data.length; i++) data[i] = refined[i]! >= 0.5 ? 255 : 0;
  } else {
    for (let i = 0; i < data.length; i++) data[i] = up[i]! >= 0.5 ? 255 : 0;
  }
  return { data, width: w, height: h };
}

/** The wall mask with what it was computed from, for changeWallMaterial (which also needs the wall planes). */
export async function segmentWalls(image: RgbImage, detections?: readonly Detection[]): Promise<WallSegmentation> {
  const found = detections ?? (await detectObjects(image));
  const analysis = await analyseRoom(image, found);
  const probabilities = wallProbabilities(analysis);
  const binary = workMask(analysis, probabilities);
  const mask = upsampleMask(binary, analysis.work.width, analysis.work.height, image);
  return { mask, analysis, probabilities };
}

/**
 * The wall surfaces of a room photo (single channel, image size, 255 = wall), without ceiling, floor, windows,
 * doors and furniture: superpixels classified from colour, texture, edge orientation, position relative to the
 * horizon and the detector's boxes, then snapped to the photo's edges.
 */
export async function wallMask(input: ImageInput): Promise<Mask> {
  return (await segmentWalls(await decodeImage(input))).mask;
}
