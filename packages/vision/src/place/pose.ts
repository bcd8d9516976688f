/**
 * Where a placed piece stands in the photo's room: the contract shared by placement, auto-staging, the server
 * (which keeps every placed piece's pose with the design session) and the studio client (rotation).
 *
 * Frame: the room model's world frame (see `room/camera.ts`): the camera at the origin, Y up, X and Z horizontal
 * along the room's walls, metres. The floor is the plane Y = -camera.heightM.
 *
 * Piece meshes (`@stagecraft/furniture` meshes, glTF) follow glTF's convention: metres, Y up, the piece's front
 * facing its own +Z, its origin at the centre of its footprint on the floor.
 */
export interface PiecePose {
  /** The footprint centre on the floor, world [X, Z] in metres. */
  position: [number, number];
  /**
   * Degrees about world +Y (right-handed: a mesh point (x, z) goes to (x cos + z sin, -x sin + z cos)) that turn
   * the mesh from its own frame into the room's. 0: the front faces world +Z (away from a camera looking along
   * +Z); 180: the front faces that camera.
   */
  yawDeg: number;
  /** Multiplies the piece's real size: the spec's size_scale (0.5..2). */
  scale: number;
}

/** One piece the design session has placed: enough to draw it again (depth tests, wall masks). */
export interface PlacedPiece {
  furnitureType: string;
  /** The theme whose library piece it is; null for a preset piece of no theme. */
  theme: string | null;
  pose: PiecePose;
}

/** Rotation steps the client offers before committing a piece. */
export const POSE_YAW_STEP_DEG = 15;

/** World [X, Z] of a mesh point [x, z] under a yaw (degrees) and a position. */
export function poseToWorld(pose: PiecePose, local: readonly [number, number]): [number, number] {
  const t = (pose.yawDeg * Math.PI) / 180;
  const c = Math.cos(t);
  const s = Math.sin(t);
  const [x, z] = [local[0] * pose.scale, local[1] * pose.scale];
  return [pose.position[0] + x * c + z * s, pose.position[1] - x * s + z * c];
}
