import { detectObjects, type Detection } from '../detect/detect.ts';
import { decodeImage, type ImageInput, type RgbImage } from '../image.ts';
import type { Mask } from '../mask.ts';
import { analyseRoom, FEATURE_COUNT, type WallAnalysis } from './analyse.ts';
import { DEEP_FEATURE_COUNT, probeProbabilities, type LinearProbe } from './deep.ts';
import { predictProbabilities, type Forest } from '../learn/gbdt.ts';
import { removeCeiling } from './ceiling.ts';
import { guidedUpsampleLabels } from './guided.ts';
import { WALL_FOREST, WALL_PROBE } from './model.ts';
import { smoothOverGraph } from './smooth.ts';

/** Superpixels at or above this probability are wall (chosen on the fixtures' leave-one-out figure: `walls.ts --sweep`). */
export const WALL_THRESHOLD = 0.35;

export interface WallOptions {
  /** The photo's detections when the caller has them already (skips running the detector again). */
  readonly detections?: readonly Detection[];
}

/** The classifier's wall map at the analysis size, with what it was computed from (no full-size mask: see wallMask). */
export interface WallSegmentation {
  readonly analysis: WallAnalysis;
  /** Wall probability of every superpixel of the analysis. */
  readonly probabilities: Float32Array;
  /** The 0/1 wall map at the analysis size (superpixels above the threshold, ceiling taken off). */
  readonly workWall: Uint8Array;
}

/** Share of the deep-feature probe in the blended probability (the rest is the forest's). */
export const PROBE_SHARE = 0.5;

export interface WallModel {
  readonly forest: Forest;
  readonly probe: LinearProbe;
}

export const WALL_MODEL: WallModel = { forest: WALL_FOREST, probe: WALL_PROBE };

/**
 * Per-superpixel wall probability: the boosted trees on the hand-made features and the linear probe on the
 * detector's features, averaged, then smoothed across similar neighbours.
 */
export function wallProbabilities(analysis: WallAnalysis, model: WallModel = WALL_MODEL, probeShare = PROBE_SHARE): Float32Array {
  const trees = predictProbabilities(model.forest, analysis.features.rows, FEATURE_COUNT);
  const probe = probeProbabilities(model.probe, analysis.deep, DEEP_FEATURE_COUNT);
  const raw = new Float32Array(trees.length);
  for (let s = 0; s < raw.length; s++) raw[s] = probeShare * probe[s]! + (1 - probeShare) * trees[s]!;
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
 * Upsamples a work-resolution 0/1 map to the photo's size, snapping its edges to the photo's own: a guided filter
 * (grey guide) is fitted at the work size, and its linear coefficients are interpolated and applied at full size,
 * only where the work-size map changes (everywhere else the map is flat and the answer is its value).
 */
export function upsampleMask(binary: Uint8Array, work: RgbImage, image: RgbImage): Mask {
  const { width: w, height: h } = image;
  const { width: ww, height: wh } = work;
  const data = new Uint8Array(w * h);
  const workGrey = new Float32Array(ww * wh);
  for (let i = 0, p = 0; i < workGrey.length; i++, p += 3) {
    workGrey[i] = (work.data[p]! * 0.299 + work.data[p + 1]! * 0.587 + work.data[p + 2]! * 0.114) / 255;
  }
  const labels = guidedUpsampleLabels(binary, workGrey, ww, wh, image);
  for (let i = 0; i < data.length; i++) data[i] = labels[i] ? 255 : 0;
  return { data, width: w, height: h };
}

/** The wall map at the analysis size and what it was computed from, for changeWallMaterial and wallMask. */
export async function segmentWalls(image: RgbImage, detections?: readonly Detection[]): Promise<WallSegmentation> {
  const found = detections ?? (await detectObjects(image));
  return segmentationOf(await analyseRoom(image, found));
}

/** The wall map of a completed analysis (with its probabilities when the caller has them already). */
export function segmentationOf(analysis: WallAnalysis, probabilities = wallProbabilities(analysis)): WallSegmentation {
  return { analysis, probabilities, workWall: removeCeiling(analysis, workMask(analysis, probabilities)) };
}

/**
 * The wall surfaces of a room photo (single channel, image size, 255 = wall), without ceiling, floor, windows,
 * doors and furniture: superpixels classified from colour, texture, edge orientation, position relative to the
 * horizon and the detector's boxes, then snapped to the photo's edges.
 */
export async function wallMask(input: ImageInput, options: WallOptions = {}): Promise<Mask> {
  const image = await decodeImage(input);
  // Upsampled here, not in segmentWalls: changeWallMaterial upsamples its own settled map instead, and a guided
  // upsample at 1920x1280 costs a few hundred milliseconds.
  const { analysis, workWall } = await segmentWalls(image, options.detections);
  return upsampleMask(workWall, analysis.work, image);
}
