import type { StudioRoomModelResponse } from '@stagecraft/contracts';

/**
 * The client's view of a piece's pose in the photo's room (packages/vision `place/pose.ts`): enough geometry to
 * draw a piece's box over the photo while the user turns it, with no server call. Frame: the room model's world
 * (camera at the origin, Y up, floor at Y = -camera height, metres); a piece's front faces its own +Z.
 */
export type RoomModelJson = StudioRoomModelResponse['room_model'];
type Vec3 = [number, number, number];

export interface PiecePose {
  /** Footprint centre on the floor, world [X, Z]. */
  position: [number, number];
  /** Degrees about world +Y; 0: the front faces +Z (away from the camera), 180: toward it. */
  yawDeg: number;
  scale: number;
}

/** A piece's real size, metres. */
export interface PieceSize {
  width: number;
  depth: number;
  height: number;
}

/** The rotation step the studio offers (issue 15: 15 degrees, place/pose.ts POSE_YAW_STEP_DEG). */
export const YAW_STEP_DEG = 15;

/** Typical sizes (cm) of the library's types, for a piece whose own size the catalogue does not give. */
const TYPICAL_SIZE_CM: Record<string, { width: number; depth: number; height: number }> = {
  sofa: { width: 210, depth: 90, height: 85 },
  armchair: { width: 85, depth: 85, height: 85 },
  dining_chair: { width: 48, depth: 55, height: 88 },
  coffee_table: { width: 110, depth: 60, height: 42 },
  side_table: { width: 50, depth: 50, height: 55 },
  rug: { width: 200, depth: 300, height: 1 },
  floor_lamp: { width: 40, depth: 40, height: 165 },
  plant: { width: 55, depth: 55, height: 120 },
  bed: { width: 170, depth: 210, height: 100 },
  nightstand: { width: 50, depth: 40, height: 55 },
  dining_table: { width: 180, depth: 90, height: 75 },
  bookshelf: { width: 90, depth: 35, height: 190 },
  tv_stand: { width: 160, depth: 40, height: 50 },
  desk: { width: 130, depth: 65, height: 75 },
  dresser: { width: 120, depth: 50, height: 85 },
  ottoman: { width: 70, depth: 70, height: 42 },
};

/** The size of a type in metres: the catalogue's when given (cm), else the typical one. */
export function pieceSize(type: string, catalogueCm?: { width: number; depth: number; height: number }): PieceSize {
  const cm = catalogueCm ?? TYPICAL_SIZE_CM[type] ?? { width: 100, depth: 60, height: 90 };
  return { width: cm.width / 100, depth: cm.depth / 100, height: cm.height / 100 };
}

/** Pieces that stand with their back to a wall (the engine's default, place/default-pose.ts). */
const AGAINST_WALL = new Set(['sofa', 'bed', 'dresser', 'tv_stand', 'bookshelf', 'desk', 'nightstand']);
const FACING_CENTRE = new Set(['chair', 'armchair', 'dining_chair', 'ottoman']);
const WALL_ALIGNED = new Set(['rug', 'coffee_table', 'dining_table', 'side_table']);
const WALL_GAP = 0.01;
const FAR_LIMIT = 8;

const row = (room: RoomModelJson, index: number): Vec3 => [
  room.camera.rotation[index * 3] ?? 0,
  room.camera.rotation[index * 3 + 1] ?? 0,
  room.camera.rotation[index * 3 + 2] ?? 0,
];
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** World vector of camera coordinates (the rotation's rows are the camera's right, down, forward in the world). */
function toWorld(room: RoomModelJson, c: Vec3): Vec3 {
  const [r, d, f] = [row(room, 0), row(room, 1), row(room, 2)];
  return [
    c[0] * r[0] + c[1] * d[0] + c[2] * f[0],
    c[0] * r[1] + c[1] * d[1] + c[2] * f[1],
    c[0] * r[2] + c[1] * d[2] + c[2] * f[2],
  ];
}

function toCamera(room: RoomModelJson, w: Vec3): Vec3 {
  return [dot(w, row(room, 0)), dot(w, row(room, 1)), dot(w, row(room, 2))];
}

interface WorldWall {
  normal: [number, number];
  distance: number;
}

function worldWalls(room: RoomModelJson): WorldWall[] {
  return room.walls.map((wall) => {
    const n = toWorld(room, wall.plane.normal);
    const length = Math.hypot(n[0], n[2]) || 1;
    return { normal: [n[0] / length, n[2] / length], distance: wall.plane.distance };
  });
}

/** The floor point (world [X, Z]) under a pixel of the room model's photo; above the horizon, the first wall. */
export function floorPoint(room: RoomModelJson, x: number, y: number): [number, number] {
  const { focalPx, principalPoint } = room.camera;
  const d = toWorld(room, [(x - principalPoint[0]) / focalPx, (y - principalPoint[1]) / focalPx, 1]);
  const horizontal = Math.hypot(d[0], d[2]);
  if (horizontal < 1e-9) return [0, 0];
  const ux = d[0] / horizontal;
  const uz = d[2] / horizontal;
  let reach = FAR_LIMIT;
  for (const wall of worldWalls(room)) {
    const along = wall.normal[0] * ux + wall.normal[1] * uz;
    if (along > 1e-6) reach = Math.min(reach, wall.distance / along);
  }
  const drop = -d[1] / horizontal;
  const distance = drop > 1e-6 ? Math.min(room.camera.heightM / drop, reach) : reach;
  return [ux * distance, uz * distance];
}

/** A local [x, z] of the piece in the world, as place/pose.ts poseToWorld. */
export function poseToWorld(pose: PiecePose, local: readonly [number, number]): [number, number] {
  const t = (pose.yawDeg * Math.PI) / 180;
  const [x, z] = [local[0] * pose.scale, local[1] * pose.scale];
  return [pose.position[0] + x * Math.cos(t) + z * Math.sin(t), pose.position[1] - x * Math.sin(t) + z * Math.cos(t)];
}

/** Degrees in (-180, 180]. */
export function normaliseYaw(yaw: number): number {
  const y = ((yaw % 360) + 360) % 360;
  return y > 180 ? y - 360 : y;
}

/** A yaw turned by whole steps and snapped to the step grid. */
export function turnYaw(yaw: number, steps: number): number {
  return normaliseYaw(Math.round(yaw / YAW_STEP_DEG) * YAW_STEP_DEG + steps * YAW_STEP_DEG);
}

const yawFacing = (from: [number, number], to: [number, number]) =>
  (Math.atan2(to[0] - from[0], to[1] - from[1]) * 180) / Math.PI;
const angleBetween = (a: number, b: number) => {
  const d = Math.abs(normaliseYaw(a) - normaliseYaw(b));
  return Math.min(d, 360 - d);
};

function corners(pose: PiecePose, size: PieceSize): [number, number][] {
  const [w, d] = [size.width / 2, size.depth / 2];
  return [poseToWorld(pose, [-w, -d]), poseToWorld(pose, [w, -d]), poseToWorld(pose, [w, d]), poseToWorld(pose, [-w, d])];
}

/** The piece moved back into the room wherever its footprint crosses a wall. */
export function keepInsideWalls(room: RoomModelJson, pose: PiecePose, size: PieceSize): PiecePose {
  let position: [number, number] = [...pose.position];
  for (const wall of worldWalls(room)) {
    const reach = Math.max(...corners({ ...pose, position }, size).map(([x, z]) => wall.normal[0] * x + wall.normal[1] * z));
    const over = reach - (wall.distance - WALL_GAP);
    if (over > 0) position = [position[0] - wall.normal[0] * over, position[1] - wall.normal[1] * over];
  }
  return { ...pose, position };
}

/** The centre of the visible floor, world [X, Z] (the mean of its outline's floor points). */
function floorCentre(room: RoomModelJson): [number, number] {
  const points = room.floor.polygon.map(([x, y]) => floorPoint(room, x, y));
  if (points.length === 0) return floorPoint(room, room.width / 2, room.height * 0.8);
  return points.reduce<[number, number]>((s, p) => [s[0] + p[0] / points.length, s[1] + p[1] / points.length], [0, 0]);
}

/**
 * The pose the engine gives a piece at a click (place/default-pose.ts, in short): on the floor under the click,
 * wall pieces backed onto the nearest wall, rugs and tables square to it, seats toward the room's centre, the rest
 * facing the camera. `click` is in the room model's photo pixels.
 */
export function defaultPose(
  room: RoomModelJson,
  click: { x: number; y: number },
  type: string,
  scale: number,
  size: PieceSize,
): PiecePose {
  const at = floorPoint(room, Math.min(room.width, Math.max(0, click.x)), Math.min(room.height, Math.max(0, click.y)));
  const nearest = worldWalls(room)
    .map((wall) => ({ wall, gap: wall.distance - (wall.normal[0] * at[0] + wall.normal[1] * at[1]) }))
    .sort((a, b) => a.gap - b.gap)[0];
  const awayFrom = (wall: WorldWall) => (Math.atan2(-wall.normal[0], -wall.normal[1]) * 180) / Math.PI;
  const towardCamera = yawFacing(at, [0, 0]);
  let yawDeg = towardCamera;
  let position = at;
  if (AGAINST_WALL.has(type) && nearest) {
    yawDeg = awayFrom(nearest.wall);
    const shift = nearest.gap - (size.depth / 2) * scale - WALL_GAP;
    position = [at[0] + nearest.wall.normal[0] * shift, at[1] + nearest.wall.normal[1] * shift];
  } else if (WALL_ALIGNED.has(type) && nearest) {
    const base = awayFrom(nearest.wall);
    const turns = size.width > size.depth ? [0, 180] : [0, 90, 180, 270];
    yawDeg =
      turns.map((turn) => base + turn).sort((p, q) => angleBetween(p, towardCamera) - angleBetween(q, towardCamera))[0] ?? base;
  } else if (FACING_CENTRE.has(type)) {
    yawDeg = yawFacing(at, floorCentre(room));
  }
  return keepInsideWalls(room, { position, yawDeg: normaliseYaw(yawDeg), scale }, size);
}

/** A world point in the pixels of an image of `imageWidth` (the room model's photo at any size); null behind the camera. */
export function projectWorld(room: RoomModelJson, point: Vec3, imageWidth: number): [number, number] | null {
  const c = toCamera(room, point);
  if (c[2] <= 0.05) return null;
  const k = imageWidth / room.width;
  const { focalPx, principalPoint } = room.camera;
  return [(focalPx * (c[0] / c[2]) + principalPoint[0]) * k, (focalPx * (c[1] / c[2]) + principalPoint[1]) * k];
}

/** The piece's box as the photo sees it: footprint and top outlines, and its front edge's midpoint at the floor. */
export interface PieceOutline {
  floor: [number, number][];
  top: [number, number][];
  front: [number, number];
  /** Where the rotation handle goes: a little in front of the piece, on the floor. */
  handle: [number, number];
}

export function pieceOutline(room: RoomModelJson, pose: PiecePose, size: PieceSize, imageWidth: number): PieceOutline | null {
  const floorY = -room.camera.heightM;
  const topY = floorY + size.height * pose.scale;
  const footprint = corners(pose, size);
  const project = (xz: [number, number], y: number) => projectWorld(room, [xz[0], y, xz[1]], imageWidth);
  const floor = footprint.map((xz) => project(xz, floorY));
  const top = footprint.map((xz) => project(xz, topY));
  const front = project(poseToWorld(pose, [0, size.depth / 2]), floorY);
  const handle = project(poseToWorld(pose, [0, size.depth / 2 + 0.35 / pose.scale]), floorY);
  if (!front || !handle || floor.some((p) => p === null) || top.some((p) => p === null)) return null;
  return { floor: floor as [number, number][], top: top as [number, number][], front, handle };
}
