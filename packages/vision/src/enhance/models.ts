import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { VisionError } from '../errors.ts';

const require = createRequire(import.meta.url);

/** The ESRGAN sizes shipped by UpscalerJS that run without custom layers (both take and give 0..255). */
export type EnhanceModel = 'slim' | 'medium';

/** Upscaling factors each package ships a network for. */
export const MODEL_SCALES = [2, 3, 4, 8] as const;
export type ModelScale = (typeof MODEL_SCALES)[number];

/**
 * Root folder of an installed package whose `exports` hide package.json: walk up from its entry point.
 */
function packageRoot(pkg: string): string {
  let dir: string;
  try {
    dir = dirname(require.resolve(pkg));
  } catch (error) {
    throw new VisionError('model_unavailable', `${pkg} is not installed`, { cause: error });
  }
  while (dir !== dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === pkg) return dir;
    dir = dirname(dir);
  }
  throw new VisionError('model_unavailable', `${pkg} has no package.json above its entry point`);
}

/** The TF.js layers-model file of one network. */
export function esrganModelPath(model: EnhanceModel, scale: ModelScale): string {
  return join(packageRoot(`@upscalerjs/esrgan-${model}`), 'models', `x${scale}`, 'model.json');
}
