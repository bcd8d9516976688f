import type { Detection } from '../detect/detect.ts';

/**
 * The room model of one photo: plain numbers, arrays and strings only, so that it crosses threads and the
 * network as JSON unchanged. Coordinates: image pixels of the photo (origin top-left) unless said otherwise;
 * 3D in the camera's frame (x right, y down, z forward), metres.
 */

/** Per-pixel label codes of `RoomModel.labels`. */
export const ROOM_LABEL = { floor: 0, wall: 1, ceiling: 2, opening: 3, object: 4 } as const;
export type RoomLabelName = keyof typeof ROOM_LABEL;
export const ROOM_LABEL_NAMES: readonly RoomLabelName[] = ['floor', 'wall', 'ceiling', 'opening', 'object'];

export type Point2 = [number, number];
export type Point3 = [number, number, number];

/** A plane n . X = d in camera coordinates: `normal` is a unit vector from the camera toward the surface, d > 0 its distance (m). */
export interface RoomPlane {
  normal: Point3;
  distance: number;
}

export interface RoomCameraModel {
  /** Focal length in photo pixels. */
  focalPx: number;
  focalSource: 'vanishing_points' | 'prior' | 'exif';
  principalPoint: Point2;
  /** Degrees: pitch > 0 looks down, roll > 0 turns the picture clockwise, yaw about the vertical against the room's first axis. */
  pitchDeg: number;
  rollDeg: number;
  yawDeg: number;
  /** World (room axes X, Y up, Z) to camera, row-major 3x3: rows are the camera's right, down and forward axes in the world. */
  rotation: number[];
  /** The horizon as a x + b y + c = 0 (photo pixels), and its row at the left edge, centre and right edge. */
  horizon: { line: Point3; yLeft: number; yCentre: number; yRight: number };
  /** Eye height above the floor, metres: 1.45 unless objects of known size measured it. */
  heightM: number;
  heightSource: 'default' | 'objects';
}

export interface RoomVanishingPoint {
  /** Which room axis vanishes here. */
  axis: 'x' | 'z' | 'vertical';
  /** Photo pixels; null when the point is at infinity (lines of that axis stay parallel in the photo). */
  point: Point2 | null;
  /** Image direction of the lines toward it (unit vector), useful when `point` is null. */
  direction: Point2;
  /** Total length (photo pixels) of the line segments that point at it. */
  support: number;
}

export interface RoomSurface {
  plane: RoomPlane;
  /** The visible part in the photo (convex; empty when out of view). */
  polygon: Point2[];
  /** Share of the photo it covers in the layout (before objects and openings). */
  area: number;
}

export interface RoomWall extends RoomSurface {
  /** The room axis the wall's normal lies along. */
  axis: 'x' | 'z';
  /** World extent of the wall along its run, metres, in the room frame (for laying textures at real size). */
  run: [number, number];
}

export interface RoomOpening {
  kind: 'window' | 'door';
  /** Index into `walls`. */
  wall: number;
  polygon: Point2[];
  /** Along the wall's run and above the floor, metres: [u0, u1, v0, v1]. */
  rect: [number, number, number, number];
}

export interface RoomModel {
  version: 1;
  /** The photo's size. */
  width: number;
  height: number;
  /** The working size the analysis and `labels` use. */
  work: { width: number; height: number };
  camera: RoomCameraModel;
  vanishingPoints: RoomVanishingPoint[];
  floor: RoomSurface;
  ceiling: RoomSurface | null;
  walls: RoomWall[];
  openings: RoomOpening[];
  /** Work-size label bytes (ROOM_LABEL codes), row-major, base64. Decode with `decodeRoomLabels`. */
  labels: { width: number; height: number; encoding: 'base64-u8'; legend: RoomLabelName[]; data: string };
  /** How well the layout explains the photo (0..1: share of line support and agreement with the surface map). */
  confidence: number;
  /** Milliseconds spent, for the logs. */
  timingMs: number;
  /**
   * The photo the model was made from (its pixels' fingerprint, `imageFingerprint`) and the detector's boxes on it:
   * an operation handed that same photo reuses them instead of running the detector again (two network passes,
   * ~0.7 s of a wall change). The boxes are those the model took for pieces: a box the wall classifier calls mostly
   * wall is left out (room-model.ts, MAX_WALL_IN_PIECE). Absent from models stored before session 9. Not part of the
   * API's JSON.
   */
  source?: {
    fingerprint: string;
    detections: Detection[];
    /**
     * Work-size mask (the labels' size, as bits: read with `oddFloorAtSize`), 1 where a floor-labelled pixel's
     * colour is not the floor's: an undetected nightstand or cabinet, a sunlit patch. A removal does not copy the
     * floor from them. Absent when the floor's colour could not be sampled, and from models stored before session 18.
     */
    oddFloor?: string;
    /**
     * Doors and framed panels hanging on the walls that the wall classifier took for wall (a white door, a mirror,
     * a pale window, a picture), in the photo's pixels: each an upright rectangle on its wall's plane, found by its
     * frame. Never wall. The doors are in `openings` too; a hanging panel is not an opening (a picture lets in no
     * light). Absent when none was found, and from models stored before session 20.
     */
    framedPanels?: Point2[][];
  };
}
