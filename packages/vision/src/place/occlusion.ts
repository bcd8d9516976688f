import type { Detection } from '../detect/detect.ts';
import type { RgbImage } from '../image.ts';
import type { Box } from '../mask.ts';
import { boxSilhouette, shrunkBoxSilhouette } from '../cutout/box-silhouette.ts';

/** An object standing in front of the placed piece: how much each pixel of its box is the object (0..1). */
export interface Occluder {
  box: Box;
  mask: Float32Array;
}

/**
 * Objects that stand in front of the piece: their box reaches lower in the frame than the piece's contact line
 * (nearer the camera) and overlaps the piece. Each is segmented in its box by GrabCut on a small copy (a box is a
 * poor silhouette: a sofa's back is lower at one end, a chair has air between its legs); when GrabCut keeps too
 * little or too much of the box, the box shrunk by 6% per side stands in.
 */
export async function findOccluders(
  image: RgbImage,
  detections: readonly Detection[],
  contactY: number,
  pieceBox: Box,
): Promise<Occluder[]> {
  const out: Occluder[] = [];
  for (const d of detections) {
    const x1 = Math.max(0, Math.round(d.bbox[0]));
    const y1 = Math.max(0, Math.round(d.bbox[1]));
    const x2 = Math.min(image.width, Math.round(d.bbox[2]));
    const y2 = Math.min(image.height, Math.round(d.bbox[3]));
    if (x2 - x1 < 4 || y2 - y1 < 4) continue;
    if (y2 <= contactY + image.height * 0.02) continue;
    if (x2 <= pieceBox[0] || x1 >= pieceBox[2] || y2 <= pieceBox[1] || y1 >= pieceBox[3]) continue;
    const box: Box = [x1, y1, x2, y2];
    out.push({ box, mask: (await boxSilhouette(image, box)) ?? shrunkBoxSilhouette(box) });
  }
  return out;
}
