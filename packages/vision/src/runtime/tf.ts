import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as tf from '@tensorflow/tfjs-core';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import * as tfc from '@tensorflow/tfjs-converter';
import type { io } from '@tensorflow/tfjs-core';
import { VisionError } from '../errors.ts';

const require = createRequire(import.meta.url);

let ready: Promise<typeof tf> | null = null;

/**
 * The wasm backend, initialised once per process (or worker). It is single-threaded under Node, which is why the
 * pool runs one per worker thread.
 */
export function tfReady(): Promise<typeof tf> {
  ready ??= (async () => {
    const wasmDir = dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm'));
    setWasmPaths(wasmDir + '/');
    tf.env().set('PROD', true);
    if (!(await tf.setBackend('wasm'))) throw new VisionError('model_unavailable', 'The wasm backend did not start');
    await tf.ready();
    return tf;
  })().catch((error: unknown) => {
    ready = null;
    throw error instanceof VisionError
      ? error
      : new VisionError('model_unavailable', 'The TensorFlow.js wasm backend could not start', { cause: error });
  });
  return ready;
}

interface ModelJson {
  modelTopology: object;
  weightsManifest: { paths: string[]; weights: io.WeightsManifestEntry[] }[];
  format?: string;
  generatedBy?: string;
  convertedBy?: string | null;
  signature?: object;
  userDefinedMetadata?: { [key: string]: {} };
}

/** Loads a TF.js model.json and its weight shards from disk (tfjs has no file:// loader without tfjs-node). */
export function fileModelHandler(modelJsonPath: string): io.IOHandler {
  return {
    async load(): Promise<io.ModelArtifacts> {
      let json: ModelJson;
      try {
        json = JSON.parse(await readFile(modelJsonPath, 'utf8')) as ModelJson;
      } catch (error) {
        throw new VisionError('model_unavailable', `Model file missing: ${modelJsonPath}`, { cause: error });
      }
      const dir = dirname(modelJsonPath);
      const specs: io.WeightsManifestEntry[] = [];
      const shards: Buffer[] = [];
      for (const group of json.weightsManifest) {
        specs.push(...group.weights);
        for (const path of group.paths) shards.push(await readFile(join(dir, path)));
      }
      const all = Buffer.concat(shards);
      const weightData = all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength);
      return {
        modelTopology: json.modelTopology,
        weightSpecs: specs,
        weightData,
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy ?? undefined,
        signature: json.signature,
        userDefinedMetadata: json.userDefinedMetadata,
      };
    },
  };
}

/** Absolute path of a file inside an installed package. */
export function packageFile(pkg: string, file: string): string {
  return join(dirname(require.resolve(`${pkg}/package.json`)), file);
}

/**
 * A loader of one TF.js graph model shipped in an npm package: loaded from disk once per process or worker, and tried
 * again on the next call when loading failed.
 */
export function graphModelLoader(pkg: string, modelJson: string): () => Promise<tfc.GraphModel> {
  let model: Promise<tfc.GraphModel> | null = null;
  return () => {
    model ??= (async () => {
      await tfReady();
      return tfc.loadGraphModel(fileModelHandler(packageFile(pkg, modelJson)));
    })().catch((error: unknown) => {
      model = null;
      throw error;
    });
    return model;
  };
}
