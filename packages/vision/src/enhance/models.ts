import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { VisionError } from '../errors.ts';

const require = createRequire(import.meta.url);

/**
 * The ESRGAN sizes shipped by UpscalerJS: `slim` and `medium` are idealo RDN networks trained for PSNR (0..255
 * in and out); `thick` is idealo's RRDN trained with a GAN loss (0..1 in and out, two custom layers), ~30x the
 * arithmetic per pixel of `slim`.
 */
export type EnhanceModel = 'slim' | 'medium' | 'thick';

/** Each network's own pixel range (the graph rescales to 0..255). */
export const MODEL_RANGE: Record<EnhanceModel, number> = { slim: 255, medium: 255, thick: 1 };

/**
 * Context read around each tile, in input pixels, when it is less than the receptive radius. RRDN's radius is
 * 154 px (30 dense blocks of 5 convolutions): reading all of it would cost ~10x the tile itself. Its output
 * depends on far fewer pixels in practice: with 16 px the tiled result is within 2 levels of a whole-image run
 * (rdn-graph.test.ts: 0 levels on its pattern; 8 px already gave 1).
 */
export const MODEL_CONTEXT: Partial<Record<EnhanceModel, number>> = { thick: 16 };

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
