import { iou } from '../../src/detect/boxes.ts';
import { productClassOf, ROOM_CLASSES } from '../../src/detect/classes.ts';
import type { Box } from '../../src/mask.ts';

export interface GroundTruth {
  class_name: string;
  bbox: Box;
}

export interface ClassCount {
  tp: number;
  fp: number;
  gt: number;
}

/** Objects covering less than this share of the photo neither count nor count against. */
export const MIN_GT_AREA = 0.01;

/**
 * Greedy matching at IoU 0.5, highest confidence first. A detection that matches only a small (ignored)
 * object of its class is neither a true nor a false positive.
 */
export function scoreImage(
  detections: readonly { class_name: string; bbox: Box; confidence: number }[],
  truth: readonly GroundTruth[],
  width: number,
  height: number,
  counts: Map<string, ClassCount>,
): void {
  const gts = truth
    .map((g) => ({ name: productClassOf(g.class_name), bbox: g.bbox, used: false }))
    .filter((g): g is { name: string; bbox: Box; used: boolean } => g.name !== null)
    .map((g) => ({ ...g, small: ((g.bbox[2] - g.bbox[0]) * (g.bbox[3] - g.bbox[1])) / (width * height) < MIN_GT_AREA }));
  const get = (name: string): ClassCount => {
    let c = counts.get(name);
    if (!c) counts.set(name, (c = { tp: 0, fp: 0, gt: 0 }));
    return c;
  };
  for (const g of gts) if (!g.small) get(g.name).gt++;
  for (const d of [...detections].sort((a, b) => b.confidence - a.confidence)) {
    let best: (typeof gts)[number] | null = null;
    let bestIou = 0.5;
    for (const g of gts) {
      if (g.name !== d.class_name || g.used) continue;
      const o = iou(g.bbox, d.bbox);
      if (o >= bestIou) {
        bestIou = o;
        best = g;
      }
    }
    if (best) {
      best.used = true;
      if (!best.small) get(d.class_name).tp++;
    } else get(d.class_name).fp++;
  }
}

export function summarize(counts: Map<string, ClassCount>, classes: readonly string[] = ROOM_CLASSES): ClassCount {
  const total = { tp: 0, fp: 0, gt: 0 };
  for (const name of classes) {
    const c = counts.get(name);
    if (!c) continue;
    total.tp += c.tp;
    total.fp += c.fp;
    total.gt += c.gt;
  }
  return total;
}

export function precision(c: ClassCount): number {
  return c.tp + c.fp === 0 ? 1 : c.tp / (c.tp + c.fp);
}

export function recall(c: ClassCount): number {
  return c.gt === 0 ? 1 : c.tp / c.gt;
}
