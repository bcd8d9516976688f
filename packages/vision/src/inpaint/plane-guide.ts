import { maskBBox, type Mask } from '../mask.ts';
import { decodeRoomLabels, decodeMaskBits } from '../room/labels.ts';
import { chebyshev } from './patchmatch.ts';
import { ANY } from './patch-kernels.ts';
import { ROOM_LABEL, type Point2, type RoomModel } from '../room/types.ts';
import { FOOT_SIDE } from './wall-foot.ts';

const FLOOR = 0;
const CEILING = 2;
/** Walls are told apart (wall i is WALL_BASE + i): a patch of the left wall must not continue the back wall. */
const WALL_BASE = 10;

/**
 * The surface each pixel of a crop lies on, so that the fill copies floor from floor and a wall from that same
 * wall (the plane grouping of Huang et al. 2014): hole pixels take the surface of the room model's layout
 * polygon they fall in (the layout runs straight through the removed object, so the floor-wall junction is
 * continued across the hole as a straight line); known pixels take their own label from the model's per-pixel
 * labels (an object or a window is never a source for floor or wall). Null when the model is of another picture
 * (a different aspect ratio) or has no layout.
 */
export function surfaceLabels(
  room: RoomModel,
  image: { width: number; height: number },
  crop: { x: number; y: number; w: number; h: number },
  hole: Uint8Array,
  footSide?: Uint8Array,
): Uint8Array | null {
  const sx = room.width / image.width;
  const sy = room.height / image.height;
  if (Math.abs(sx / sy - 1) > 0.01 || !room.floor) return null;
  const surfaces: { label: number; polygon: Point2[] }[] = [
    { label: FLOOR, polygon: room.floor.polygon },
    ...room.walls.map((wall, index) => ({ label: WALL_BASE + index, polygon: wall.polygon })),
    ...(room.ceiling ? [{ label: CEILING, polygon: room.ceiling.polygon }] : []),
  ].filter((surface) => surface.polygon.length >= 3);
  if (surfaces.length === 0) return null;
  const work = decodeRoomLabels(room);
  const { width: lw, height: lh } = room.labels;
  // The floor whose colour is not the floor's (the model's `oddFloor`: an undetected nightstand, a bedspread the
  // layout's floor runs under) is no floor source, as in the rectified floor fill: where that fill leaves a bed's
  // far floor to this one (floor-plane.ts's MIN_DROP), `furnished_houses_130`'s bed was filled with the dark wood of
  // its nightstands.
  const odd = room.source?.oddFloor ? decodeMaskBits(room.source.oddFloor, lw * lh) : null;
  const out = new Uint8Array(crop.w * crop.h).fill(ANY);
  // Hole pixels below the photo's own wall foot: floor, whatever freeUnseenSurfaces finds around them.
  const seenFloor = new Uint8Array(crop.w * crop.h);
  // Room-model x of each column's pixel centre, and its column in the labels (the same for every row).
  const mxOf = new Float64Array(crop.w);
  const lxOf = new Int32Array(crop.w);
  for (let col = 0; col < crop.w; col++) {
    mxOf[col] = (crop.x + col + 0.5) * sx;
    lxOf[col] = Math.min(lw - 1, Math.floor((mxOf[col]! / room.width) * lw));
  }
  for (let row = 0; row < crop.h; row++) {
    // Room-model coordinates of the pixel centre.
    const my = (crop.y + row + 0.5) * sy;
    const crossings = surfaces.map((candidate) => rowCrossings(candidate.polygon, my));
    const labelRow = Math.min(lh - 1, Math.floor((my / room.height) * lh)) * lw;
    for (let col = 0; col < crop.w; col++) {
      const i = row * crop.w + col;
      const label = hole[i] ? -1 : odd?.[labelRow + lxOf[col]!] ? ROOM_LABEL.object : work[labelRow + lxOf[col]!];
      // Known floor, ceiling, object and opening pixels take their label as it is: only hole pixels and wall
      // pixels need the layout's polygon (which surface, which wall).
      if (label === ROOM_LABEL.floor) {
        out[i] = FLOOR;
        continue;
      }
      if (label === ROOM_LABEL.ceiling) {
        out[i] = CEILING;
        continue;
      }
      // Objects and openings are sources for nothing with a surface: they keep a label no hole pixel has.
      if (label !== -1 && label !== ROOM_LABEL.wall) {
        out[i] = ANY - 2;
        continue;
      }
      const mx = mxOf[col]!;
      let surface = ANY;
      for (let k = 0; k < crossings.length; k++) {
        if (insideRow(crossings[k]!, mx)) {
          surface = surfaces[k]!.label;
          break;
        }
      }
      if (hole[i]) {
        // The photo's own foot (wall-foot.ts) overrules the layout: floor below it, and above it no floor.
        const side = footSide?.[(crop.y + row) * image.width + crop.x + col] ?? FOOT_SIDE.unknown;
        if (side === FOOT_SIDE.floor) {
          surface = FLOOR;
          seenFloor[i] = 1;
        } else if (side === FOOT_SIDE.wall && surface === FLOOR) surface = ANY;
        out[i] = surface;
        continue;
      }
      // A wall pixel belongs to the wall whose polygon holds it (the labels do not say which wall).
      out[i] = surface >= WALL_BASE ? surface : ANY - 1;
    }
  }
  freeUnseenSurfaces(out, hole, crop.w, crop.h, seenFloor);
  return out;
}

/** Known pixels within this many px of a hole part say which surface the photo shows around it. */
const SURFACE_RING_PX = 4;
/** A hole part keeps its layout surface only when at least this share of its ring is labelled that surface. */
const MIN_SURFACE_RING = 0.5;

/**
 * Hole parts whose surrounding pixels are mostly not the surface the layout gives them take patches from anywhere
 * (`ANY`): the layout's floor runs under a bed, so a chair or a cushion removed from a bedspread lay on
 * "floor" and was filled with the carpet a metre away, a floor-coloured blob on the bed (the pasted-object scenes
 * of `eval:vision`'s `removal-large`). The known pixels within SURFACE_RING_PX of a part are its ring. Floor the
 * photo's own wall foot was seen beside (`seenFloor`, wall-foot.ts) stays floor: a bunk bed's box is ringed by its
 * bedding and the wall, and freed, the carpet behind it was stamped with the toys on the top bunk
 * (`nyu_densedepth_140`).
 */
function freeUnseenSurfaces(labels: Uint8Array, hole: Uint8Array, w: number, h: number, seenFloor: Uint8Array): void {
  const parts = new Set<number>();
  for (let i = 0; i < hole.length; i++) if (hole[i] && labels[i] !== ANY) parts.add(labels[i]!);
  // Only the hole's bounding box and its ring are read.
  const box = maskBBox({ data: hole, width: w, height: h });
  if (!parts.size || !box) return;
  const x0 = Math.max(0, box[0] - SURFACE_RING_PX);
  const y0 = Math.max(0, box[1] - SURFACE_RING_PX);
  const bw = Math.min(w, box[2] + SURFACE_RING_PX) - x0;
  const bh = Math.min(h, box[3] + SURFACE_RING_PX) - y0;
  const unseen = new Set<number>();
  const ofPart = new Uint8Array(bw * bh);
  for (const part of parts) {
    for (let row = 0; row < bh; row++)
      for (let col = 0; col < bw; col++) {
        const i = (y0 + row) * w + x0 + col;
        ofPart[row * bw + col] = hole[i] && labels[i] === part ? 1 : 0;
      }
    const toPart = chebyshev(ofPart, bw, bh, 1);
    let ring = 0;
    let alike = 0;
    for (let row = 0; row < bh; row++)
      for (let col = 0; col < bw; col++) {
        const d = toPart[row * bw + col]!;
        const i = (y0 + row) * w + x0 + col;
        if (d === 0 || d > SURFACE_RING_PX || hole[i]) continue;
        ring++;
        if (labels[i] === part) alike++;
      }
    if (alike < MIN_SURFACE_RING * ring) unseen.add(part);
  }
  if (!unseen.size) return;
  for (let i = 0; i < labels.length; i++) if (hole[i] && unseen.has(labels[i]!) && !seenFloor[i]) labels[i] = ANY;
}

/**
 * Where row y crosses the polygon's edges, in the order of `insidePolygon`'s test (x values, unsorted): a point
 * (x, y) is inside when an odd number of them lie right of x. Computed once per row, it spares the per-pixel walk
 * over the edges (the surface labels of a 15% removal at 1920x1280 took 0.4 s that way).
 */
export function rowCrossings(polygon: readonly Point2[], y: number): number[] {
  const crossings: number[] = [];
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y) crossings.push(((xj - xi) * (y - yi)) / (yj - yi) + xi);
  }
  return crossings;
}

/** `insidePolygon` for a point of the row whose `rowCrossings` are given (the same test, the same answer). */
export function insideRow(crossings: readonly number[], x: number): boolean {
  let result = false;
  for (const crossing of crossings) if (x < crossing) result = !result;
  return result;
}

/** Even-odd point in polygon. */
export function insidePolygon(polygon: readonly Point2[], x: number, y: number): boolean {
  let result = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) result = !result;
  }
  return result;
}

/** A window of the photo: its top-left pixel and its size. */
export interface PhotoWindow {
  readonly x0: number;
  readonly y0: number;
  readonly w: number;
  readonly h: number;
}

/**
 * Whether the photo shows a surface around part of a hole: the share of the known pixels within `ring` px of the
 * part (`toPart`: Chebyshev distance to it over `window`) that lie on the surface's layout polygon (`onSurface`, photo
 * pixels) and carry its label in the room model (`labelled`, photo size). The layout runs under furniture: a chair in
 * front of a bed is ringed by bed, and the bed must continue, not the floor or the wall behind it.
 */
export function labelledRingShare(
  toPart: Int32Array,
  window: PhotoWindow,
  hole: Mask,
  ring: number,
  onSurface: (x: number, y: number) => boolean,
  labelled: Uint8Array,
): number {
  const { x0, y0, w: ww, h: wh } = window;
  let around = 0;
  let alike = 0;
  for (let row = 0; row < wh; row++)
    for (let col = 0; col < ww; col++) {
      const d = toPart[row * ww + col]!;
      const i = (y0 + row) * hole.width + x0 + col;
      if (d === 0 || d > ring || hole.data[i] || !onSurface(x0 + col + 0.5, y0 + row + 0.5)) continue;
      around++;
      if (labelled[i]) alike++;
    }
  return around ? alike / around : 0;
}
