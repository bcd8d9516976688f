import type { Detection } from '../detect/detect.ts';
import type { RgbImage } from '../image.ts';
import type { Mask } from '../mask.ts';
import { upsampleRoomLabels } from '../room/labels.ts';
import { ROOM_LABEL, type RoomModel } from '../room/types.ts';

export interface RoomWallOptions {
  /** Detected pieces: their boxes never take the material (a sofa against the wall, a television on it). */
  readonly detections?: readonly Detection[];
  /** Pixels that must keep their look whatever they are (the pieces the session placed): nonzero = keep. Any size of the photo. */
  readonly exclude?: Mask;
}

/** Detections this confident are taken off the wall (their whole box). */
const DETECTION_CONFIDENCE = 0.3;

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

/** Takes the detector's boxes (scaled by scaleX/Y from the detections' pixels) and an `exclude` mask off a wall mask. */
export function subtractFromMask(mask: Mask, options: RoomWallOptions & { scaleX: number; scaleY: number }): Mask {
  const { width: w, height: h } = mask;
  const data = Uint8Array.from(mask.data);
  const sx = options.scaleX;
  const sy = options.scaleY;
  for (const d of options.detections ?? []) {
    if (d.confidence < DETECTION_CONFIDENCE) continue;
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
