import type { Detection } from '../detect/detect.ts';
import type { Box } from '../mask.ts';

/**
 * The fields of @stagecraft/furniture's `FurnitureSprite` that placement reads. Declared here (structurally) so
 * the engine does not depend on the furniture package: the server loads the manifest and hands sprites over.
 */
export interface FurnitureSpriteInfo {
  id: string;
  type: string;
  view: 'three-quarter' | 'front';
  /** Paths relative to the furniture package directory: RGBA WebP, and the shadow pass of the same frame. */
  image: string;
  shadow: string;
  width: number;
  height: number;
  sizeCm: { width: number; depth: number; height: number };
  /** Sprite pixel of the footprint centre on the floor. */
  contact: { x: number; y: number };
  /** Sprite pixels per cm at the contact point's depth. */
  pxPerCm: number;
  cameraHeightCm: number;
  /** Degrees the render camera looked down (0 = level, as in the photos; placement levels the others). */
  cameraPitchDeg: number;
  /** Horizontal distance from the render camera to the piece's footprint centre. */
  cameraDistanceCm: number;
}

/** A sprite with its pixels decoded, ready to place (plain data: it crosses worker threads by structured clone). */
export interface PlaceableSprite {
  id: string;
  type: string;
  view: 'three-quarter' | 'front';
  width: number;
  height: number;
  /** Straight (not premultiplied) RGBA, width * height * 4. */
  rgba: Uint8Array;
  /** Shadow strength per pixel (0 none .. 255 black), same frame as rgba; null when the sprite has no shadow pass. */
  shadow: Uint8Array | null;
  contact: { x: number; y: number };
  /** 'centre': contact is the footprint's centre (rendered sprites); 'front': the bottom of the silhouette (cut-outs). */
  contactAt: 'centre' | 'front';
  pxPerCm: number;
  sizeCm: { width: number; depth: number; height: number };
  /** Bounding box of the clearly opaque pixels (alpha >= 128), x2/y2 exclusive. */
  opaqueBox: Box;
  /**
   * The same piece seen straight on, when the library has that view: placement uses it for a piece that stands
   * facing the camera (see chooseView), the three-quarter view everywhere else.
   */
  front?: PlaceableSprite;
}

/**
 * Where a piece's pixels come from, as plain data the server can hand to a worker without decoding anything: a
 * rendered piece of the library (its manifest entries and the furniture package directory), or a user's
 * cut-out (an RGBA PNG). The worker decodes it (`resolveSprite`), caching library pieces.
 */
export type SpriteSource =
  | { library: FurnitureSpriteInfo; front: FurnitureSpriteInfo | null; dir: string }
  | { cutoutPng: Uint8Array; type?: string };

/** What placement needs to know about the photographed room; estimated once per photo (see estimateRoomGeometry). */
export interface RoomGeometry {
  width: number;
  height: number;
  /** Image row of the horizon (where the floor plane vanishes); may lie outside the image. */
  horizonY: number;
  /** Column of the main vanishing point on the horizon (the image centre when unknown). */
  vanishingX: number;
  cameraHeightCm: number;
  /** Focal length in pixels (guessed from a typical real-estate field of view when unknown). */
  focalPx: number;
  /** Horizontal direction the light comes from: -1 from the left .. 1 from the right, 0 from the front/above. */
  lightFromX: number;
  /** How the horizon was found. */
  horizonSource: 'lines' | 'objects' | 'default';
  /** How the camera height was found. */
  cameraSource: 'objects' | 'default';
}

export interface PlaceRequest {
  /** Natural pixels: where the piece stands on the floor. */
  x: number;
  y: number;
  sprite: PlaceableSprite;
  /** 0.5..2, times the piece's real size. Ignored with `area` (the area's width decides). */
  sizeScale: number;
  /** Objects in the photo: the ones standing in front of the piece occlude it; known sizes refine the camera height. */
  detections?: readonly Detection[];
  /** A drawn area: the piece fills its width, standing on its bottom edge. */
  area?: Box;
  /** A geometry estimated earlier for this photo (the server may place several pieces on one photo). */
  geometry?: RoomGeometry;
}

/** Where the piece went, for callers that want to report or test it. */
export interface Placement {
  /** Opaque box of the placed piece in image pixels, x2/y2 exclusive. */
  pieceBox: Box;
  /** Every pixel the placement may change (piece and shadow) lies in this box; all others are byte-identical. */
  changedBox: Box;
  /** Image pixel the sprite's contact point landed on. */
  contact: { x: number; y: number };
  /** Sprite scale applied (output px per sprite px). */
  scale: number;
  /** Which of the sprite's views was placed. */
  view: 'three-quarter' | 'front';
  mirrored: boolean;
  geometry: RoomGeometry;
}
