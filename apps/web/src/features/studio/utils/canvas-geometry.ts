/** 001 section 9: the canvas shows at most 900 px wide (the container minus 40) and 600 px high. */
export const CANVAS_MAX_WIDTH = 900;
export const CANVAS_MAX_HEIGHT = 600;
export const CANVAS_CONTAINER_MARGIN = 40;

export interface CanvasFit {
  width: number;
  height: number;
  /** Display pixels per natural image pixel. */
  scale: number;
}

/**
 * The display size of an image on the canvas: as large as fits the container, the 900 x 600 box and its own
 * size (a small photo is not blown up), keeping its aspect ratio.
 */
export function fitCanvas(natural: { width: number; height: number }, containerWidth: number): CanvasFit {
  const maxWidth = Math.max(1, Math.min(CANVAS_MAX_WIDTH, containerWidth - CANVAS_CONTAINER_MARGIN));
  const scale = Math.min(maxWidth / natural.width, CANVAS_MAX_HEIGHT / natural.height, 1);
  return { width: Math.round(natural.width * scale), height: Math.round(natural.height * scale), scale };
}

/**
 * A point on the canvas in natural image pixels: what the server's coordinates mean (001 section 3). The
 * scale is taken per axis from the rounded display size, so the far edge maps to the last pixel exactly.
 */
export function canvasToNatural(
  point: { x: number; y: number },
  display: { width: number; height: number },
  natural: { width: number; height: number },
): { x: number; y: number } {
  const x = (point.x * natural.width) / display.width;
  const y = (point.y * natural.height) / display.height;
  return {
    x: Math.min(natural.width - 1, Math.max(0, Math.round(x))),
    y: Math.min(natural.height - 1, Math.max(0, Math.round(y))),
  };
}

export function naturalToCanvas(
  point: { x: number; y: number },
  display: { width: number; height: number },
  natural: { width: number; height: number },
): { x: number; y: number } {
  return { x: (point.x * display.width) / natural.width, y: (point.y * display.height) / natural.height };
}

/** The detection under a point (natural pixels): the smallest box that contains it, so nested objects win. */
export function detectionAt<T extends { bbox: readonly [number, number, number, number] }>(
  detections: T[],
  point: { x: number; y: number },
): T | null {
  let best: T | null = null;
  let bestArea = Infinity;
  for (const item of detections) {
    const [x1, y1, x2, y2] = item.bbox;
    if (point.x < x1 || point.x > x2 || point.y < y1 || point.y > y2) continue;
    const area = (x2 - x1) * (y2 - y1);
    if (area < bestArea) {
      best = item;
      bestArea = area;
    }
  }
  return best;
}
