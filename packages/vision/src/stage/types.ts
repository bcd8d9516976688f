import type { PiecePose } from '../place/pose.ts';

export const ROOM_TYPES = ['living', 'bedroom', 'dining', 'office'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];

export interface SizeCm {
  width: number;
  depth: number;
  height: number;
}

/** A piece the theme offers: its type and, when known, its real size (else a typical size for the type is used). */
export interface StageFurniture {
  type: string;
  sizeCm?: SizeCm;
}

export interface PlanOptions {
  /** The photo's detections: furniture already there is kept clear of, and it guides the room-type guess. */
  detections?: readonly { class_name: string; bbox: [number, number, number, number]; confidence: number }[];
  /**
   * Bright spots on the walls, world [X, Y, Z] (`estimateRoomLight(...).points` when it found a bright region):
   * most often a window the room model missed; tall pieces keep from under them as from a window's.
   */
  brightSpots?: readonly (readonly [number, number, number])[];
  /** The pieces the theme has (types with sizes). */
  furniture: readonly StageFurniture[];
}

/** One piece of a staging plan: what to draw and where (the pose's `scale` is the spec's size_scale). */
export interface PlannedPiece {
  furnitureType: string;
  pose: PiecePose;
  /** The real size the plan used (before `pose.scale`). */
  sizeCm: SizeCm;
  /** The wall (index into `RoomModel.walls`) the piece's back stands against, or null. */
  wall: number | null;
}

export interface StagingPlan {
  roomType: RoomType;
  theme: string;
  /** In order of importance (the main piece first). */
  pieces: PlannedPiece[];
  /** The size_scale every piece but the rug was planned at (1 in a roomy room, down to 0.7). */
  scale: number;
  /** Pieces the room type calls for that the theme lacks or the room had no place for. */
  skipped: string[];
}
