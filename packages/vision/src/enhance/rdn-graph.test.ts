import * as tfl from '@tensorflow/tfjs-layers';
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { createImage } from '../image.ts';
import { fileModelHandler, tfReady } from '../runtime/tf.ts';
import { esrganModelPath } from './models.ts';
import { encodeOnnxModel } from './onnx-writer.ts';
import { loadRdnGraph } from './rdn-graph.ts';
import { upscale } from './upscaler.ts';

type Tf = Awaited<ReturnType<typeof tfReady>>;
type Tensor = ReturnType<Tf['tensor']>;

/**
 * The two custom layers of the RRDN (thick) model as UpscalerJS defines them (packages/shared/src/esrgan), so
 * tfjs-layers can load the model and give the reference output.
 */
function registerRrdnLayers(tf: Tf): void {
  const input = (inputs: Tensor | Tensor[]) => (Array.isArray(inputs) ? inputs[0]! : inputs);
  class MultiplyBeta extends tfl.layers.Layer {
    static className = 'MultiplyBeta';
    override call(inputs: Tensor | Tensor[]): Tensor {
      return tf.mul(input(inputs), 0.2);
    }
  }
  tf.serialization.registerClass(MultiplyBeta);
  for (const scale of [2, 4]) {
    class PixelShuffle extends tfl.layers.Layer {
      static className = `PixelShuffle${scale}x`;
      override computeOutputShape(shape: tfl.Shape | tfl.Shape[]): tfl.Shape {
        const s = (Array.isArray(shape[0]) ? shape[0] : shape) as tfl.Shape;
        return [s[0]!, s[1]!, s[2]!, 3];
      }
      override call(inputs: Tensor | Tensor[]): Tensor {
        return tf.depthToSpace(input(inputs) as Parameters<Tf['depthToSpace']>[0], scale, 'NHWC');
      }
    }
    tf.serialization.registerClass(PixelShuffle);
  }
}

/** Smooth ramps, a hard edge and a stripe: something the network does real work on. */
function pattern(width: number, height: number) {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      data[i] = (x * 11 + y * 5) % 256;
      data[i + 1] = x + y > width ? 210 : 30;
      data[i + 2] = Math.round(128 + 100 * Math.sin((x + 2 * y) / 3));
    }
  return createImage(width, height, data);
}

describe('RRDN (esrgan-thick) as an ONNX graph', () => {
  it('matches the tfjs-layers model with its custom layers on a small tile', async () => {
    const tf = await tfReady();
    registerRrdnLayers(tf);
    const path = esrganModelPath('thick', 2);
    const side = 12;
    const image = pattern(side, side);

    // Reference: tfjs-layers, NHWC, 0..1 in and out (as UpscalerJS runs it).
    const model = await tfl.loadLayersModel(fileModelHandler(path));
    const x = tf.tensor4d(
      Float32Array.from(image.data, (v) => v / 255),
      [1, side, side, 3],
    );
    const y = model.predict(x) as Tensor;
    const reference = (await y.data()) as Float32Array;
    tf.dispose([x, y]);
    model.dispose();

    // Ours: ONNX, NCHW, 0..255 in and out.
    const { graph, scale } = await loadRdnGraph(path, 1);
    expect(scale).toBe(2);
    const session = await ort.InferenceSession.create(encodeOnnxModel(graph), { intraOpNumThreads: 1 });
    const planes = new Float32Array(3 * side * side);
    for (let i = 0; i < side * side; i++) for (let c = 0; c < 3; c++) planes[c * side * side + i] = image.data[i * 3 + c]!;
    const out = await session.run({ [session.inputNames[0]!]: new ort.Tensor('float32', planes, [1, 3, side, side]) });
    const ours = out[session.outputNames[0]!]!.data as Float32Array;
    await session.release();

    const big = side * scale;
    expect(reference.length).toBe(big * big * 3);
    let worst = 0;
    let spread = 0;
    for (let by = 0; by < big; by++)
      for (let bx = 0; bx < big; bx++)
        for (let c = 0; c < 3; c++) {
          const r = reference[(by * big + bx) * 3 + c]! * 255;
          worst = Math.max(worst, Math.abs(r - ours[c * big * big + by * big + bx]!));
          spread = Math.max(spread, Math.abs(r - image.data[((by >> 1) * side + (bx >> 1)) * 3 + c]!));
        }
    console.log(`RRDN x2 ONNX vs tfjs-layers on a ${side} px tile: max abs diff ${worst.toExponential(2)} (0..255)`);
    // On the 0..255 scale; the network really changed the pixels (not an identity that matches trivially).
    expect(worst).toBeLessThan(0.01);
    expect(spread).toBeGreaterThan(20);
  }, 120_000);

  it('tiles read with 16 px of context (not the 154 px receptive radius) match a whole-image run within 2 levels', async () => {
    const image = pattern(40, 40);
    const whole = await upscale(image, { model: 'thick', scale: 2, tileSize: 72 }); // one tile
    const tiled = await upscale(image, { model: 'thick', scale: 2, tileSize: 52 }); // 20 px cores: 4 tiles
    let worst = 0;
    let sum = 0;
    for (let i = 0; i < whole.data.length; i++) {
      const d = Math.abs(whole.data[i]! - tiled.data[i]!);
      worst = Math.max(worst, d);
      sum += d;
    }
    console.log(`RRDN tiled (16 px context) vs whole: max ${worst}, mean ${(sum / whole.data.length).toFixed(3)} levels`);
    expect(sum / whole.data.length).toBeLessThan(0.1);
    expect(worst).toBeLessThanOrEqual(2);
  }, 120_000);
});
