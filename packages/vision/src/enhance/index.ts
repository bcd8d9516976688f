export {
  enhance,
  planEnhance,
  ENHANCE_LONG_SIDE,
  MAX_NETWORK_INPUT_PIXELS,
  type EnhanceLevel,
  type EnhanceOptions,
  type EnhancePlan,
} from './enhance.ts';
export { upscale, DEFAULT_TILE_SIZE, type UpscaleOptions } from './upscaler.ts';
export { type EnhanceModel, type ModelScale } from './models.ts';
