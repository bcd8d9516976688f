import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { VisionError } from '../errors.ts';
import type { OnnxGraph, OnnxInitializer, OnnxNode } from './onnx-writer.ts';

/**
 * The idealo RDN and RRDN super-resolution networks of the UpscalerJS packages, rebuilt as ONNX graphs from their
 * TF.js layers files so onnxruntime's multi-threaded CPU kernels run them (tfjs-wasm is single-threaded under
 * Node). RDN (slim, medium) is convolutions, ReLUs, concatenations, sums and one nearest-neighbour upsampling
 * before the last convolution; that pair is rewritten as an equivalent low-resolution convolution plus
 * DepthToSpace (sub-pixel convolution), which gives the same numbers without a 48-channel feature map at the
 * output size. RRDN (thick, GAN-trained) adds two custom layers: `MultiplyBeta` (the residual scaling, a product
 * with 0.2) and `PixelShuffle<s>x` (tf.depthToSpace in NHWC, which is ONNX DepthToSpace in DCR order), and
 * works in 0..1: the graph scales its input and output so every network here takes and gives 0..255.
 */

interface KerasLayer {
  class_name: string;
  name: string;
  config: {
    filters?: number;
    kernel_size?: [number, number];
    padding?: 'same' | 'valid';
    activation?: string;
    use_bias?: boolean;
    size?: [number, number];
    interpolation?: string;
    axis?: number;
    strides?: [number, number];
    dilation_rate?: [number, number];
    /** MultiplyBeta's factor (the layer itself hard-codes 0.2, which is also what the files store). */
    beta?: number;
    /** PixelShuffle's factor. */
    scale?: number;
  };
  inbound_nodes: [string, number, number, object][][];
}

interface LayersModelJson {
  modelTopology: { model_config: { config: { layers: KerasLayer[]; output_layers: [string, number, number][] } } };
  weightsManifest: { paths: string[]; weights: { name: string; shape: number[]; dtype: string }[] }[];
}

export interface RdnGraph {
  graph: OnnxGraph;
  /** Output pixels per input pixel along each side. */
  scale: number;
  /**
   * How many input pixels around a pixel can change its output (the receptive radius): a tile padded by this
   * much on every side gives exactly the output of a whole-image run, so tiles need no blending.
   */
  radius: number;
}

const INPUT = 'input';
const OUTPUT = 'output';

/**
 * Reads a layers-model.json and its weights and returns the equivalent ONNX graph (NCHW, float 0..255 in and
 * out). `range` is the network's own pixel range: 255 for RDN, 1 for RRDN (thick).
 */
export async function loadRdnGraph(modelJsonPath: string, range = 255): Promise<RdnGraph> {
  let json: LayersModelJson;
  const weights = new Map<string, { shape: number[]; data: Float32Array }>();
  try {
    json = JSON.parse(await readFile(modelJsonPath, 'utf8')) as LayersModelJson;
    for (const group of json.weightsManifest) {
      const shards = await Promise.all(group.paths.map((path) => readFile(join(dirname(modelJsonPath), path))));
      const all = Buffer.concat(shards);
      let offset = 0;
      for (const spec of group.weights) {
        if (spec.dtype !== 'float32') throw new Error(`${spec.name} is ${spec.dtype}, not float32`);
        const count = spec.shape.reduce((a, b) => a * b, 1);
        const data = new Float32Array(count);
        new Uint8Array(data.buffer).set(all.subarray(offset, offset + count * 4));
        weights.set(spec.name, { shape: spec.shape, data });
        offset += count * 4;
      }
    }
  } catch (error) {
    throw new VisionError('model_unavailable', `Super-resolution model unreadable: ${modelJsonPath}`, { cause: error });
  }
  return buildGraph(json.modelTopology.model_config.config.layers, weights, range);
}

function weight(weights: Map<string, { shape: number[]; data: Float32Array }>, name: string) {
  const found = weights.get(name);
  if (!found) throw new VisionError('model_unavailable', `Super-resolution weight ${name} missing`);
  return found;
}

/** Keras HWIO kernel -> ONNX OIHW. */
function toOihw(kernel: Float32Array, [kh, kw, cin, cout]: number[]): Float32Array {
  const out = new Float32Array(kernel.length);
  for (let y = 0; y < kh!; y++)
    for (let x = 0; x < kw!; x++)
      for (let i = 0; i < cin!; i++)
        for (let o = 0; o < cout!; o++)
          out[((o * cin! + i) * kh! + y) * kw! + x] = kernel[((y * kw! + x) * cin! + i) * cout! + o]!;
  return out;
}

/**
 * Nearest upsampling by `s` followed by a 3x3 'same' convolution, as a 3x3 convolution at the low resolution
 * with s*s*out channels (CRD order for DepthToSpace). HR row s*y+a with kernel row ky reads LR row
 * y + floor((a + ky - 1) / s), always within y-1..y+1.
 */
function subPixelKernel(kernel: Float32Array, [kh, kw, cin, cout]: number[], s: number): Float32Array {
  if (kh !== 3 || kw !== 3) throw new VisionError('model_unavailable', 'Only a 3x3 convolution after upsampling is supported');
  const outChannels = cout! * s * s;
  const out = new Float32Array(outChannels * cin! * 9);
  for (let c = 0; c < cout!; c++)
    for (let a = 0; a < s; a++)
      for (let b = 0; b < s; b++) {
        const o = (c * s + a) * s + b;
        for (let ky = 0; ky < 3; ky++)
          for (let kx = 0; kx < 3; kx++) {
            const dy = Math.floor((a + ky - 1) / s) + 1;
            const dx = Math.floor((b + kx - 1) / s) + 1;
            for (let i = 0; i < cin!; i++)
              out[((o * cin! + i) * 3 + dy) * 3 + dx]! += kernel[((ky * 3 + kx) * cin! + i) * cout! + c]!;
          }
      }
  return out;
}

/** `output = input * factor` with a scalar initialiser. */
function scaled(nodes: OnnxNode[], initializers: OnnxInitializer[], input: string, output: string, factor: number): void {
  initializers.push({ name: `${output}/factor`, dims: [], data: Float32Array.of(factor) });
  nodes.push({ opType: 'Mul', inputs: [input, `${output}/factor`], outputs: [output] });
}

function buildGraph(
  layers: KerasLayer[],
  weights: Map<string, { shape: number[]; data: Float32Array }>,
  range: number,
): RdnGraph {
  const nodes: OnnxNode[] = [];
  const initializers: OnnxInitializer[] = [];
  const radius = new Map<string, number>();
  // An UpSampling2D layer is folded into the convolution that reads it.
  const pendingUpsample = new Map<string, { source: string; scale: number }>();
  let scale = 1;
  let input = '';
  let last = '';

  for (const layer of layers) {
    const inputs = (layer.inbound_nodes[0] ?? []).map(([name]) => name);
    const { config } = layer;
    const inRadius = Math.max(0, ...inputs.map((name) => radius.get(name) ?? 0));
    switch (layer.class_name) {
      case 'InputLayer':
        radius.set(layer.name, 0);
        input = layer.name;
        if (range !== 255) scaled(nodes, initializers, INPUT, layer.name, range / 255);
        continue;
      case 'Conv2D': {
        const kernel = weight(weights, `${layer.name}/kernel`);
        const bias = config.use_bias === false ? null : weight(weights, `${layer.name}/bias`);
        const [kh = 1, kw = 1, , cout = 0] = kernel.shape;
        if ((config.strides ?? [1, 1]).some((v) => v !== 1) || (config.dilation_rate ?? [1, 1]).some((v) => v !== 1)) {
          throw new VisionError('model_unavailable', `${layer.name}: strided or dilated convolutions are not supported`);
        }
        const upsample = pendingUpsample.get(inputs[0]!);
        const source = upsample ? upsample.source : inputs[0]!;
        const s = upsample?.scale ?? 1;
        const oihw = upsample ? subPixelKernel(kernel.data, kernel.shape, s) : toOihw(kernel.data, kernel.shape);
        const outChannels = cout * s * s;
        initializers.push({ name: `${layer.name}/W`, dims: [outChannels, kernel.shape[2]!, kh, kw], data: oihw });
        const convInputs = [source, `${layer.name}/W`];
        if (bias) {
          const b = new Float32Array(outChannels);
          for (let o = 0; o < outChannels; o++) b[o] = bias.data[Math.floor(o / (s * s))]!;
          initializers.push({ name: `${layer.name}/B`, dims: [outChannels], data: b });
          convInputs.push(`${layer.name}/B`);
        }
        const same = config.padding === 'same';
        const convOut = upsample || config.activation === 'relu' ? `${layer.name}/conv` : layer.name;
        nodes.push({
          opType: 'Conv',
          inputs: convInputs,
          outputs: [convOut],
          attributes: [
            { name: 'kernel_shape', ints: [kh, kw] },
            { name: 'pads', ints: same ? [(kh - 1) / 2, (kw - 1) / 2, (kh - 1) / 2, (kw - 1) / 2] : [0, 0, 0, 0] },
          ],
        });
        let produced = convOut;
        if (upsample) {
          const shuffled = config.activation === 'relu' ? `${layer.name}/shuffled` : layer.name;
          nodes.push({
            opType: 'DepthToSpace',
            inputs: [produced],
            outputs: [shuffled],
            attributes: [
              { name: 'blocksize', int: s },
              { name: 'mode', string: 'CRD' },
            ],
          });
          produced = shuffled;
        }
        if (config.activation === 'relu') nodes.push({ opType: 'Relu', inputs: [produced], outputs: [layer.name] });
        else if (config.activation && config.activation !== 'linear') {
          throw new VisionError('model_unavailable', `${layer.name}: activation ${config.activation} is not supported`);
        }
        radius.set(layer.name, (upsample ? (radius.get(source) ?? 0) : inRadius) + (kh - 1) / 2);
        break;
      }
      case 'Activation':
        if (config.activation === 'relu') nodes.push({ opType: 'Relu', inputs, outputs: [layer.name] });
        else if (config.activation === 'linear') nodes.push({ opType: 'Identity', inputs, outputs: [layer.name] });
        else throw new VisionError('model_unavailable', `${layer.name}: activation ${config.activation} is not supported`);
        radius.set(layer.name, inRadius);
        break;
      case 'Concatenate':
        // Channels-last axis 3 (or -1) is axis 1 in NCHW.
        nodes.push({ opType: 'Concat', inputs, outputs: [layer.name], attributes: [{ name: 'axis', int: 1 }] });
        radius.set(layer.name, inRadius);
        break;
      case 'Add':
        nodes.push({ opType: 'Sum', inputs, outputs: [layer.name] });
        radius.set(layer.name, inRadius);
        break;
      case 'MultiplyBeta':
        scaled(nodes, initializers, inputs[0]!, layer.name, config.beta ?? 0.2);
        radius.set(layer.name, inRadius);
        break;
      case 'UpSampling2D': {
        const [sy = 1, sx = 1] = config.size ?? [];
        if (sy !== sx || config.interpolation !== 'nearest') {
          throw new VisionError('model_unavailable', `${layer.name}: only square nearest upsampling is supported`);
        }
        pendingUpsample.set(layer.name, { source: inputs[0]!, scale: sy });
        scale *= sy;
        continue;
      }
      default: {
        const shuffle = /^PixelShuffle(\d+)x$/.exec(layer.class_name);
        if (!shuffle) throw new VisionError('model_unavailable', `Layer type ${layer.class_name} is not supported`);
        const s = config.scale ?? Number(shuffle[1]);
        // tf.depthToSpace(x, s, 'NHWC') reads channel (a * s + b) * C + c for output pixel (s*y+a, s*x+b):
        // ONNX's DCR order.
        nodes.push({
          opType: 'DepthToSpace',
          inputs,
          outputs: [layer.name],
          attributes: [
            { name: 'blocksize', int: s },
            { name: 'mode', string: 'DCR' },
          ],
        });
        scale *= s;
        radius.set(layer.name, inRadius);
      }
    }
    last = layer.name;
  }
  if (range !== 255) scaled(nodes, initializers, last, OUTPUT, 255 / range);
  else nodes.push({ opType: 'Identity', inputs: [last], outputs: [OUTPUT] });
  return {
    graph: {
      name: 'rdn',
      nodes,
      initializers,
      inputs: [{ name: range !== 255 ? INPUT : input, shape: [1, 3, 'height', 'width'] }],
      outputs: [{ name: OUTPUT, shape: [1, 3, 'outHeight', 'outWidth'] }],
      opset: 17,
    },
    scale,
    radius: Math.ceil(radius.get(last) ?? 0),
  };
}
