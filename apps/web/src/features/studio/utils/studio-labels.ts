import { SIZE_LABELS, SIZE_SCALE } from '@stagecraft/contracts';

/** 'coffee_table' -> 'Coffee table', 'mid-century-modern' -> 'Mid century modern'. */
export function humanize(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The ten size labels of 001 section 9 over the slider's 16 stops (0.5..2). The default 1.0 reads 'Standard':
 * one stop each below it (the small end is where a tenth matters most), two stops each above.
 */
const SIZE_LABEL_UPPER_BOUNDS = [0.5, 0.6, 0.8, 0.9, 1.0, 1.2, 1.4, 1.6, 1.8, SIZE_SCALE.max];

export function sizeLabel(scale: number): string {
  const rounded = Math.round(scale * 10) / 10;
  const index = SIZE_LABEL_UPPER_BOUNDS.findIndex((bound) => rounded <= bound + 1e-9);
  return SIZE_LABELS[index === -1 ? SIZE_LABELS.length - 1 : index] ?? 'Standard';
}

/** Swatches for the wall materials of the plan; textures get a representative colour and a pattern hint. */
export const MATERIAL_SWATCHES: Record<string, string> = {
  white_paint: '#f7f6f2',
  warm_white_paint: '#f3ecdc',
  light_gray_paint: '#d3d4d2',
  greige_paint: '#c9bfae',
  charcoal_paint: '#44474a',
  sage_green_paint: '#a9b79a',
  navy_blue_paint: '#26385a',
  terracotta_paint: '#c66b4b',
  blush_pink_paint: '#e8c4c0',
  black_paint: '#1d1d1f',
  brick: 'repeating-linear-gradient(0deg, #9c4a32 0 10px, #d9cfc2 10px 12px)',
  white_brick: 'repeating-linear-gradient(0deg, #ece8e1 0 10px, #bdb6ab 10px 12px)',
  wood_panelling: 'repeating-linear-gradient(90deg, #a47449 0 12px, #8a5d37 12px 14px)',
  concrete: 'radial-gradient(circle at 30% 30%, #b9b8b3, #96958f)',
  plaster: 'radial-gradient(circle at 60% 40%, #efe6d6, #d8ccb7)',
  marble: 'linear-gradient(135deg, #f4f4f2 40%, #cfcfcf 45%, #f4f4f2 50%)',
  tiles: 'repeating-linear-gradient(0deg, #e3ecef 0 12px, #9fb1b8 12px 13px), #e3ecef',
  wallpaper_floral: 'radial-gradient(circle, #d7849a 3px, #f5eee6 4px) 0 0 / 14px 14px',
  wallpaper_geometric: 'repeating-linear-gradient(45deg, #2f5d62 0 6px, #e8e3d3 6px 12px)',
  wallpaper_stripes: 'repeating-linear-gradient(90deg, #cfd8c8 0 8px, #f6f3ea 8px 16px)',
};
