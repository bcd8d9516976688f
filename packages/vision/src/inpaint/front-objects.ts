import { boxSilhouette } from '../cutout/box-silhouette.ts';
import type { Detection } from '../detect/detect.ts';
import type { RgbImage } from '../image.ts';
import { clipBox, createMask, type Box, type Mask } from '../mask.ts';

/** A detection keeps out of the removed box's hole when at least this share of its own box lies inside that box, */
const MIN_OVERLAP = 0.15;
/** and its bottom stands at least this share of the photo's height lower than the box's (nearer the camera). */
const IN_FRONT = 0.03;
/** A detection whose box covers the removed box this well (intersection over union) is the removed object itself. */
const SAME_BOX_IOU = 0.7;
/** A silhouette pixel at least this sure is the object's. */
const SURE = 0.5;

/**
 * The pieces standing in front of a removed object that its box takes in part, as their own silhouettes (GrabCut in
 * their detection boxes): a coffee table before a sofa, a bench at a bed's foot. The hole was the whole box, so
 * removing `sunrgbd_implicit3d_demo1`'s sofa cut its coffee table in two along the box's edge; a removal takes only
 * the object asked for, and what stands in front of it stays whole. What stands behind it (a nightstand, the sofa
 * behind a removed table) is no concern here: the object hides it, and the fill makes it wall or floor.
 */
export async function objectsInFront(image: RgbImage, target: Box, detections: readonly Detection[]): Promise<Mask> {
  const kept = createMask(image.width, image.height);
  const [tx1, ty1, tx2, ty2] = target;
  const targetArea = (tx2 - tx1) * (ty2 - ty1);
  for (const detection of detections) {
    const [x1, y1, x2, y2] = clipBox(detection.bbox, image.width, image.height);
    const area = (x2 - x1) * (y2 - y1);
    if (area <= 0) continue;
    const overlap = Math.max(0, Math.min(x2, tx2) - Math.max(x1, tx1)) * Math.max(0, Math.min(y2, ty2) - Math.max(y1, ty1));
    if (overlap / (area + targetArea - overlap) >= SAME_BOX_IOU) continue;
    if (overlap < MIN_OVERLAP * area || y2 < ty2 + IN_FRONT * image.height) continue;
    const silhouette = await boxSilhouette(image, [x1, y1, x2, y2]);
    if (!silhouette) continue;
    const w = x2 - x1;
    for (let y = y1; y < y2; y++)
      for (let x = x1; x < x2; x++) if (silhouette[(y - y1) * w + (x - x1)]! >= SURE) kept.data[y * image.width + x] = 255;
  }
  return kept;
}
