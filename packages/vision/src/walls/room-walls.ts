import { boxSilhouette } from '../cutout/box-silhouette.ts';
import type { Detection } from '../detect/detect.ts';
import { FLOOR_STANDING } from '../detect/classes.ts';
import type { RgbImage } from '../image.ts';
import type { Box, Mask } from '../mask.ts';
import { insideRow, rowCrossings } from '../inpaint/plane-guide.ts';
import { upsampleRoomLabels } from '../room/labels.ts';
import { ROOM_LABEL, type RoomModel } from '../room/types.ts';

export interface RoomWallOptions {
  /** Detected pieces: their boxes never take the material (a sofa against the wall, a television on it). */
  readonly detections?: readonly Detection[];
  /** Pixels that must keep their look whatever they are (the pieces the session placed): nonzero = keep. Any size of the photo. */
  readonly exclude?: Mask;
  /**
   * The objects' own silhouettes (objectSilhouettes), in the photo's pixels: a detection that has one is taken
   * off the wall by it, not by its whole box.
   */
  readonly silhouettes?: ReadonlyMap<Detection, ObjectSilhouette>;
}

/** Detections this confident are taken off the wall. */
const DETECTION_CONFIDENCE = 0.3;

/** How much each pixel of `box` (integer pixels of the photo) is the object, 0..1 row-major over the box. */
export interface ObjectSilhouette {
  readonly box: Box;
  readonly mask: Float32Array;
}

/**
 * The silhouette of each confident detection (GrabCut in its box, cutout/box-silhouette.ts), for the wall mask:
 * a box taken off whole left an unpainted rectangle of wall above a bed's pillows or beside a lamp's shade, in
 * the wall's old colour. A detection whose GrabCut cannot be trusted has none (its box is taken off).
 */
export async function objectSilhouettes(
  image: RgbImage,
  detections: readonly Detection[],
): Promise<Map<Detection, ObjectSilhouette>> {
  const out = new Map<Detection, ObjectSilhouette>();
  for (const d of detections) {
    if (d.confidence < DETECTION_CONFIDENCE) continue;
    const box: Box = [
      Math.max(0, Math.round(d.bbox[0])),
      Math.max(0, Math.round(d.bbox[1])),
      Math.min(image.width, Math.round(d.bbox[2])),
      Math.min(image.height, Math.round(d.bbox[3])),
    ];
    if (box[2] - box[0] < 8 || box[3] - box[1] < 8) continue;
    const mask = await boxSilhouette(image, box);
    if (mask) out.set(d, { box, mask: fillHoles(mask, box[2] - box[0], box[3] - box[1]) });
  }
  return out;
}

/**
 * The silhouette with its holes filled: background not reached from the box's border through background is the
 * object (GrabCut leaves specks inside a plain panel, which would take the paint).
 */
function fillHoles(mask: Float32Array, w: number, h: number): Float32Array {
  const reached = new Uint8Array(w * h);
  const stack: number[] = [];
  const visit = (i: number) => {
    if (reached[i] || mask[i]! >= 0.5) return;
    reached[i] = 1;
    stack.push(i);
  };
  for (let x = 0; x < w; x++) (visit(x), visit((h - 1) * w + x));
  for (let y = 0; y < h; y++) (visit(y * w), visit(y * w + w - 1));
  while (stack.length > 0) {
    const i = stack.pop()!;
    const x = i % w;
    if (x > 0) visit(i - 1);
    if (x < w - 1) visit(i + 1);
    if (i >= w) visit(i - w);
    if (i < (h - 1) * w) visit(i + w);
  }
  return mask.map((value, i) => (reached[i] || value >= 0.5 ? value : 1));
}

/**
 * The wall mask of a photo from its room model (255 = wall): the labels upsampled to the photo's size along its
 * edges, wall only (so never the ceiling, the floor, openings or objects), minus the detector's boxes and the
 * `exclude` mask.
 */
export function roomWallMask(image: RgbImage, room: RoomModel, options: RoomWallOptions = {}): Mask {
  const { width: w, height: h } = image;
  const labels = upsampleRoomLabels(room, image);
  const data = new Uint8Array(w * h);
  for (let i = 0; i < data.length; i++) if (labels[i] === ROOM_LABEL.wall) data[i] = 255;
  return subtractFromMask({ data, width: w, height: h }, { ...options, scaleX: w / room.width, scaleY: h / room.height });
}

/**
 * Takes the room model's framed panels off a wall mask: a door, a mirror, a pale window or a picture the classifier
 * took for wall (a white door on a beige wall reads as one more smooth wall; a mirror shows the wall). Their polygons
 * are scaled from the model's photo to the mask. The other openings are left to the classifier: they were found
 * where it saw no wall, and their rectangles take in wall around a window's or a cupboard's outline.
 */
export function framedPanelsOff(mask: Mask, room: RoomModel): Mask {
  const polygons = room.source?.framedPanels ?? [];
  if (polygons.length === 0) return mask;
  const data = Uint8Array.from(mask.data);
  for (const outline of polygons) clearPolygon(data, mask, room, outline, [0, 0, room.width, room.height]);
  return { data, width: mask.width, height: mask.height };
}

/**
 * Takes off a wall mask what lies both in the lower half of a floor-standing piece's box and in the layout's floor
 * (before objects): the piece stands in front of the wall, so below the floor's edge its box holds the piece or the
 * floor, never wall. The classifier took the white duvet of `sparse_houses_235_bedroom`'s bed for its white wall, and
 * GrabCut, outlining the bed in its box, left the duvet's corner out with the wall: the corner took the paint. The
 * upper half is left alone: where the layout's floor edge runs too high (`furnished_houses_152_bedroom`), the wall
 * behind a bed's headboard is inside both.
 */
export function floorUnderPiecesOff(mask: Mask, room: RoomModel, detections: readonly Detection[]): Mask {
  const pieces = detections.filter((d) => d.confidence >= DETECTION_CONFIDENCE && FLOOR_STANDING.has(d.class_name));
  if (pieces.length === 0 || room.floor.polygon.length < 3) return mask;
  const data = Uint8Array.from(mask.data);
  for (const { bbox } of pieces) {
    const lowerHalf = [bbox[0], (bbox[1] + bbox[3]) / 2, bbox[2], bbox[3]] as const;
    clearPolygon(data, mask, room, room.floor.polygon, lowerHalf);
  }
  return { data, width: mask.width, height: mask.height };
}

/** Clears the pixels of `data` (the mask's size) inside a polygon and a box, both in the room model's photo pixels. */
function clearPolygon(
  data: Uint8Array,
  { width: w, height: h }: Mask,
  room: RoomModel,
  outline: readonly (readonly [number, number])[],
  box: readonly [number, number, number, number],
): void {
  const sx = w / room.width;
  const sy = h / room.height;
  const polygon = outline.map(([x, y]) => [x * sx, y * sy] as [number, number]);
  const ys = polygon.map((p) => p[1]);
  const y0 = Math.max(0, Math.floor(box[1] * sy), Math.floor(Math.min(...ys)));
  const y1 = Math.min(h - 1, Math.ceil(box[3] * sy), Math.ceil(Math.max(...ys)));
  for (let y = y0; y <= y1; y++) {
    const crossings = rowCrossings(polygon, y + 0.5);
    if (crossings.length < 2) continue;
    const x0 = Math.max(0, Math.floor(box[0] * sx), Math.floor(Math.min(...crossings)));
    const x1 = Math.min(w - 1, Math.ceil(box[2] * sx), Math.ceil(Math.max(...crossings)));
    for (let x = x0; x <= x1; x++) if (insideRow(crossings, x + 0.5)) data[y * w + x] = 0;
  }
}

/** Takes the detector's boxes (scaled by scaleX/Y from the detections' pixels) and an `exclude` mask off a wall mask. */
export function subtractFromMask(mask: Mask, options: RoomWallOptions & { scaleX: number; scaleY: number }): Mask {
  const { width: w, height: h } = mask;
  const data = Uint8Array.from(mask.data);
  const sx = options.scaleX;
  const sy = options.scaleY;
  for (const d of options.detections ?? []) {
    if (d.confidence < DETECTION_CONFIDENCE) continue;
    const silhouette = options.silhouettes?.get(d);
    if (silhouette) {
      takeSilhouette(data, w, h, silhouette, sx, sy);
      continue;
    }
    const x0 = Math.max(0, Math.floor(d.bbox[0] * sx));
    const x1 = Math.min(w, Math.ceil(d.bbox[2] * sx));
    const y0 = Math.max(0, Math.floor(d.bbox[1] * sy));
    const y1 = Math.min(h, Math.ceil(d.bbox[3] * sy));
    for (let y = y0; y < y1; y++) data.fill(0, y * w + x0, y * w + x1);
  }
  const ex = options.exclude;
  if (ex) {
    for (let y = 0; y < h; y++) {
      const ey = Math.min(ex.height - 1, Math.floor(((y + 0.5) * ex.height) / h));
      for (let x = 0; x < w; x++) {
        const ei = ey * ex.width + Math.min(ex.width - 1, Math.floor(((x + 0.5) * ex.width) / w));
        if (ex.data[ei]) data[y * w + x] = 0;
      }
    }
  }
  return { data, width: w, height: h };
}

/** Clears the mask where the silhouette (sampled at each mask pixel's centre) is at least half object. */
function takeSilhouette(data: Uint8Array, w: number, h: number, silhouette: ObjectSilhouette, sx: number, sy: number): void {
  const [bx1, by1, bx2, by2] = silhouette.box;
  const bw = bx2 - bx1;
  const bh = by2 - by1;
  const x0 = Math.max(0, Math.floor(bx1 * sx));
  const x1 = Math.min(w, Math.ceil(bx2 * sx));
  const y0 = Math.max(0, Math.floor(by1 * sy));
  const y1 = Math.min(h, Math.ceil(by2 * sy));
  for (let y = y0; y < y1; y++) {
    const py = Math.min(bh - 1, Math.max(0, Math.floor((y + 0.5) / sy - by1)));
    for (let x = x0; x < x1; x++) {
      const px = Math.min(bw - 1, Math.max(0, Math.floor((x + 0.5) / sx - bx1)));
      if (silhouette.mask[py * bw + px]! >= 0.5) data[y * w + x] = 0;
    }
  }
}

/** Per wall of the model: the plane's in-plane axes in camera coordinates (run along the wall, up). */
export interface WallFrame {
  readonly normal: readonly [number, number, number];
  readonly distance: number;
  readonly run: readonly [number, number, number];
  readonly up: readonly [number, number, number];
}

export function wallFrames(room: RoomModel): WallFrame[] {
  const f = room.floor.plane.normal;
  const up: [number, number, number] = [-f[0], -f[1], -f[2]];
  return room.walls.map((wall) => {
    const n = wall.plane.normal;
    const run: [number, number, number] = [up[1] * n[2] - up[2] * n[1], up[2] * n[0] - up[0] * n[2], up[0] * n[1] - up[1] * n[0]];
    const len = Math.hypot(...run) || 1;
    return { normal: n, distance: wall.plane.distance, run: [run[0] / len, run[1] / len, run[2] / len], up };
  });
}
