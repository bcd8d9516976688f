import type { BrandingPosition } from '@stagecraft/contracts';

/**
 * Where the engine puts each element (packages/vision brand.ts), so the builder's preview shows what the
 * export will look like: sizes from the photo's short side, 3% margins, elements sharing a corner stacked
 * away from it (logo, signature, then label) with a 1.2% gap.
 */
const MARGIN_SHARE = 0.03;
const GAP_SHARE = 0.012;

export interface PreviewElement {
  key: 'logo' | 'signature' | 'label';
  position: BrandingPosition;
  /** Natural pixel size of the element at the photo's scale. */
  width: number;
  height: number;
}

export interface PlacedElement extends PreviewElement {
  left: number;
  top: number;
}

/** A mark's box: its longer side is `size` percent of the short side, its aspect kept. */
export function markBox(size: number, short: number, aspect: number): { width: number; height: number } {
  const side = (size / 100) * short;
  return aspect >= 1 ? { width: side, height: side / aspect } : { width: side * aspect, height: side };
}

export function placeElements(elements: PreviewElement[], width: number, height: number): PlacedElement[] {
  const short = Math.min(width, height);
  const margin = short * MARGIN_SHARE;
  const gap = short * GAP_SHARE;
  const stacked: Record<BrandingPosition, number> = { 'top-left': 0, 'top-right': 0, 'bottom-left': 0, 'bottom-right': 0 };
  return elements.map((element) => {
    const right = element.position.endsWith('right');
    const bottom = element.position.startsWith('bottom');
    const left = right ? width - margin - element.width : margin;
    const top = bottom ? height - margin - stacked[element.position] - element.height : margin + stacked[element.position];
    stacked[element.position] += element.height + gap;
    return { ...element, left, top };
  });
}
