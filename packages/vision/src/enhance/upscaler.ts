import { availableParallelism } from 'node:os';
import * as ort from 'onnxruntime-node';
import { VisionError } from '../errors.ts';
import type { RgbImage } from '../image.ts';
import { encodeOnnxModel } from './onnx-writer.ts';
import { esrganModelPath, MODEL_CONTEXT, MODEL_RANGE, type EnhanceModel, type ModelScale } from './models.ts';
import { loadRdnGraph } from './rdn-graph.ts';

interface Upscaler {
  session: ort.InferenceSession;
  input: string;
  output: string;
  scale: number;
  /** Input pixels of context read around each tile: the receptive radius, or less for RRDN (MODEL_CONTEXT). */
  radius: number;
}

const upscalers = new Map<string, Promise<Upscaler>>();

/**
 * One onnxruntime session per network, built once per process (or pool worker) and kept. Intra-op threads use
 * every core for one tile at a time; measured here, two concurrent `run` calls on one session or on two
 * sessions do not overlap, so parallelism inside the operators is the way to use both cores. Spinning is
 * off: idle threads spinning between tiles would steal the other helpers' CPU on a shared machine.
 */
function upscaler(model: EnhanceModel, scale: ModelScale): Promise<Upscaler> {
  const key = `${model}-x${scale}`;
  let loading = upscalers.get(key);
  if (!loading) {
    loading = (async () => {
      const rdn = await loadRdnGraph(esrganModelPath(model, scale), MODEL_RANGE[model]);
      const { graph, scale: graphScale } = rdn;
      const radius = Math.min(rdn.radius, MODEL_CONTEXT[model] ?? rdn.radius);
      try {
        const session = await ort.InferenceSession.create(encodeOnnxModel(graph), {
          intraOpNumThreads: availableParallelism(),
          interOpNumThreads: 1,
          graphOptimizationLevel: 'all',
          extra: { session: { intra_op: { allow_spinning: '0' } } },
        });
        return { session, input: session.inputNames[0]!, output: session.outputNames[0]!, scale: graphScale, radius };
      } catch (error) {
        throw new VisionError('model_unavailable', `The ${key} super-resolution network did not load`, { cause: error });
      }
    })();
    loading.catch(() => upscalers.delete(key));
    upscalers.set(key, loading);
  }
  return loading;
}

export interface UpscaleOptions {
  model: EnhanceModel;
  scale: ModelScale;
  /** Side of the square the network sees per run, context padding included (256 measured fastest here). */
  tileSize?: number;
  /** Called after each tile with the fraction of tiles done. */
  onTile?: (fraction: number) => void;
}

export const DEFAULT_TILE_SIZE = 256;

/**
 * The image upscaled `scale` times by the network, tile by tile. Each tile is run with the network's whole
 * receptive radius of context around it and only its centre is kept, so the result equals a whole-image run
 * (no seams, no blending) while memory stays at one tile's activations plus the 8-bit output.
 */
export async function upscale(
  image: RgbImage,
  { model, scale, tileSize = DEFAULT_TILE_SIZE, onTile }: UpscaleOptions,
): Promise<RgbImage> {
  const net = await upscaler(model, scale);
  const s = net.scale;
  const core = tileSize - 2 * net.radius;
  if (core < 8)
    throw new VisionError('invalid_argument', `Tile size ${tileSize} leaves no room inside the ${net.radius} px context`);
  const { width, height, data } = image;
  const outWidth = width * s;
  const outHeight = height * s;
  const out = new Uint8Array(outWidth * outHeight * 3);
  const columns = Math.ceil(width / core);
  const rows = Math.ceil(height / core);
  let done = 0;
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      // The kept core and the padded window the network reads (clipped: the network's own zero padding at the
      // photo's edge is what a whole-image run would see there).
      const cx = column * core;
      const cy = row * core;
      const cw = Math.min(core, width - cx);
      const ch = Math.min(core, height - cy);
      const px = Math.max(0, cx - net.radius);
      const py = Math.max(0, cy - net.radius);
      const pw = Math.min(width, cx + cw + net.radius) - px;
      const ph = Math.min(height, cy + ch + net.radius) - py;
      const planes = new Float32Array(3 * pw * ph);
      const plane = pw * ph;
      for (let y = 0; y < ph; y++) {
        let src = ((py + y) * width + px) * 3;
        let dst = y * pw;
        for (let x = 0; x < pw; x++, src += 3, dst++) {
          planes[dst] = data[src]!;
          planes[plane + dst] = data[src + 1]!;
          planes[2 * plane + dst] = data[src + 2]!;
        }
      }
      const result = await net.session.run({ [net.input]: new ort.Tensor('float32', planes, [1, 3, ph, pw]) });
      const sr = result[net.output]!.data as Float32Array;
      const srWidth = pw * s;
      const srPlane = srWidth * ph * s;
      const offsetX = (cx - px) * s;
      const offsetY = (cy - py) * s;
      for (let y = 0; y < ch * s; y++) {
        let src = (offsetY + y) * srWidth + offsetX;
        let dst = ((cy * s + y) * outWidth + cx * s) * 3;
        for (let x = 0; x < cw * s; x++, src++, dst += 3) {
          // A Uint8Array store wraps around instead of clamping, and the network overshoots 0..255 at edges.
          out[dst] = clampByte(sr[src]!);
          out[dst + 1] = clampByte(sr[srPlane + src]!);
          out[dst + 2] = clampByte(sr[2 * srPlane + src]!);
        }
      }
      result[net.output]!.dispose();
      done += 1;
      onTile?.(done / (rows * columns));
    }
  }
  return { data: out, width: outWidth, height: outHeight };
}

function clampByte(value: number): number {
  return value <= 0 ? 0 : value >= 255 ? 255 : Math.round(value);
}
