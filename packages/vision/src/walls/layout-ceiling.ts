import { roomLabelMask } from '../room/labels.ts';
import { ROOM_LABEL, type RoomModel } from '../room/types.ts';
import type { WallAnalysis } from './analyse.ts';

/** The layout's ceiling edge must stay this far above the horizon everywhere (degrees) for the veto to apply. */
const MIN_EDGE_ELEVATION_DEG = 5;
/** ...and the ceiling it outlines must be evenly lit: the spread of its lightness (CIE L*, 0..100) at most this. */
const MAX_CEILING_LIGHTNESS_SPREAD = 12;

/**
 * The wall map at the analysis size with the room model's ceiling taken off, when the model's ceiling can be
 * trusted; null when it cannot (the map is then used as it is).
 *
 * The classifier paints ceilings, mostly the bright, bare ones of listing photos (18.4% of the ceiling of held-out
 * ray-cast rooms). Taking the layout's ceiling off wholesale cut that to 2.8% but cost the 26 annotated COCO photos
 * 0.469 -> 0.301 of wall IoU leave-one-image-out: on cluttered photos the layout's ceiling edge often sinks to the
 * horizon (40-47% of the frame), or a thin strip of ceiling is invented. So the veto applies only to a plausible
 * ceiling: its edge at least 5 degrees above the horizon in every column, and evenly lit (a real ceiling is one
 * painted surface; a layout that swallowed cabinets, windows or a wall's pictures is not). Measured with that gate:
 * ceiling leak 18.4% -> 4.4% on the ray-cast rooms, wall IoU 0.469 -> 0.459 on the COCO fixtures (the loss is two
 * photos: ADE 1519, whose cornice sits above the layout's edge, and COCO 9483's invented strip), and by eye the
 * ceilings of 9 of 13 listing photos freed with no wall lost (kitchens and bathrooms fail the gate and stay as they
 * were). The two thresholds were chosen looking at the fixtures: the IoU figure is not a held-out one.
 */
export function vetoLayoutCeiling(
  analysis: Pick<WallAnalysis, 'work' | 'lab'>,
  workWall: Uint8Array,
  room: RoomModel,
): Uint8Array | null {
  const { width: ww, height: wh } = analysis.work;
  const ceiling = roomLabelMask(room, ROOM_LABEL.ceiling, ww, wh);
  const elevation = elevationAtWorkSize(room, ww, wh);
  const lightness = analysis.lab.l;
  let lowestEdge = 90;
  let count = 0;
  let sum = 0;
  let squares = 0;
  for (let x = 0; x < ww; x++) {
    let last = -1;
    for (let y = 0; y < wh; y++) {
      const i = y * ww + x;
      if (!ceiling[i]) continue;
      last = y;
      count++;
      sum += lightness[i]!;
      squares += lightness[i]! * lightness[i]!;
    }
    if (last >= 0 && last < wh - 1) lowestEdge = Math.min(lowestEdge, elevation(x, last));
  }
  if (count === 0) return null;
  const spread = Math.sqrt(Math.max(0, squares / count - (sum / count) ** 2));
  if (lowestEdge < MIN_EDGE_ELEVATION_DEG || spread > MAX_CEILING_LIGHTNESS_SPREAD) return null;
  return workWall.map((value, i) => (ceiling[i] ? 0 : value));
}

/** A pixel's angle above the horizon (degrees) in the room model's camera, at the analysis size. */
function elevationAtWorkSize(room: RoomModel, ww: number, wh: number): (x: number, y: number) => number {
  const r = room.camera.rotation;
  // The world's up in camera coordinates (x right, y down, z forward): the rotation's second column.
  const up = [r[1]!, r[4]!, r[7]!] as const;
  const s = ww / room.width;
  const focal = room.camera.focalPx * s;
  const cx = room.camera.principalPoint[0] * s;
  const cy = room.camera.principalPoint[1] * (wh / room.height);
  return (x, y) => {
    const dx = x + 0.5 - cx;
    const dy = y + 0.5 - cy;
    return (Math.asin((dx * up[0] + dy * up[1] + focal * up[2]) / Math.hypot(dx, dy, focal)) * 180) / Math.PI;
  };
}
