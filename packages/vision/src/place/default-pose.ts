import { VisionError } from '../errors.ts';
import type { RoomModel } from '../room/types.ts';
import { TYPICAL_SIZE_CM } from './sprite.ts';
import { poseToWorld, type PiecePose } from './pose.ts';

/** Pieces that stand with their back to a wall, parallel to it. */
export const AGAINST_WALL = new Set(['sofa', 'bed', 'dresser', 'tv_stand', 'bookshelf', 'desk', 'nightstand']);
/** Pieces that turn to face the room's centre (or the seating group's table). */
const FACING_CENTRE = new Set(['chair', 'armchair', 'dining_chair', 'ottoman']);
/** Pieces that lie square to the nearest wall. */
const WALL_ALIGNED = new Set(['rug', 'coffee_table', 'dining_table', 'side_table']);
/** What seating turns toward when the session placed one. */
const GATHERING = ['coffee_table', 'rug', 'dining_table', 'sofa'];

/** A piece's footprint in its own frame (metres, before the pose's scale): [minX, minZ, maxX, maxZ]. */
export type Footprint = [number, number, number, number];

/** Clearance kept between a piece and a wall (m). */
const WALL_GAP = 0.01;
/** Farthest a piece is put from the camera when the click gives no floor point (m). */
const FAR_LIMIT = 8;

/** The footprint of a type from its typical size, when no mesh is at hand. */
export function typicalFootprint(furnitureType: string): Footprint {
  const size = TYPICAL_SIZE_CM[furnitureType] ?? { width: 100, depth: 60 };
  const w = size.width / 200;
  const d = size.depth / 200;
  return [-w, -d, w, d];
}

interface WorldWall {
  /** Horizontal world normal pointing from the room toward the wall, and n . P = distance on the wall. */
  normal: [number, number];
  distance: number;
}

/** The room model's walls in the world frame. */
export function worldWalls(room: RoomModel): WorldWall[] {
  return room.walls.map((wall) => {
    const n = toWorld(room, wall.plane.normal);
    const l = Math.hypot(n[0], n[2]) || 1;
    return { normal: [n[0] / l, n[2] / l], distance: wall.plane.distance };
  });
}

/** World vector of camera coordinates (the room model's rotation: rows are right, down, forward in the world). */
export function toWorld(room: RoomModel, c: readonly [number, number, number]): [number, number, number] {
  const r = room.camera.rotation;
  return [
    c[0] * r[0]! + c[1] * r[3]! + c[2] * r[6]!,
    c[0] * r[1]! + c[1] * r[4]! + c[2] * r[7]!,
    c[0] * r[2]! + c[1] * r[5]! + c[2] * r[8]!,
  ];
}

/** World direction of the ray through a photo pixel. */
export function pixelRay(room: RoomModel, x: number, y: number): [number, number, number] {
  const { focalPx, principalPoint } = room.camera;
  return toWorld(room, [(x - principalPoint[0]) / focalPx, (y - principalPoint[1]) / focalPx, 1]);
}

/**
 * The floor point (world [X, Z]) under a photo pixel. At or above the horizon the ray never meets the floor: the
 * piece goes along the ray's horizontal direction to the first wall (or FAR_LIMIT), where a click high on the back
 * wall means "against that wall".
 */
export function floorPoint(room: RoomModel, x: number, y: number): [number, number] {
  const d = pixelRay(room, x, y);
  const h = room.camera.heightM;
  const horizontal = Math.hypot(d[0], d[2]);
  if (horizontal < 1e-9) return [0, 0];
  const ux = d[0] / horizontal;
  const uz = d[2] / horizontal;
  let reach = FAR_LIMIT;
  for (const wall of worldWalls(room)) {
    const along = wall.normal[0] * ux + wall.normal[1] * uz;
    if (along > 1e-6) reach = Math.min(reach, wall.distance / along);
  }
  // Slope of the ray below the horizon, per metre walked.
  const drop = -d[1] / horizontal;
  const distance = drop > 1e-6 ? Math.min(h / drop, reach) : reach;
  return [ux * distance, uz * distance];
}

function footprintCorners(pose: PiecePose, footprint: Footprint): [number, number][] {
  const [x1, z1, x2, z2] = footprint;
  return [poseToWorld(pose, [x1, z1]), poseToWorld(pose, [x2, z1]), poseToWorld(pose, [x2, z2]), poseToWorld(pose, [x1, z2])];
}

/** Moves the piece back into the room wherever its footprint crosses a wall (each wall's overshoot plus a gap). */
export function keepInsideWalls(room: RoomModel, pose: PiecePose, footprint: Footprint): PiecePose {
  let position: [number, number] = [...pose.position];
  for (const wall of worldWalls(room)) {
    const corners = footprintCorners({ ...pose, position }, footprint);
    const reach = Math.max(...corners.map(([x, z]) => wall.normal[0] * x + wall.normal[1] * z));
    const over = reach - (wall.distance - WALL_GAP);
    if (over > 0) position = [position[0] - wall.normal[0] * over, position[1] - wall.normal[1] * over];
  }
  return { ...pose, position };
}

/** The centre of the visible floor (world [X, Z]): its polygon in the photo laid on the floor plane. */
export function floorCentre(room: RoomModel): [number, number] {
  const points = room.floor.polygon.map(([x, y]) => floorPoint(room, x, y));
  if (points.length < 3) return floorPoint(room, room.width / 2, room.height * 0.8);
  let area = 0;
  let cx = 0;
  let cz = 0;
  for (let i = 0; i < points.length; i++) {
    const [x0, z0] = points[i]!;
    const [x1, z1] = points[(i + 1) % points.length]!;
    const cross = x0 * z1 - x1 * z0;
    area += cross;
    cx += (x0 + x1) * cross;
    cz += (z0 + z1) * cross;
  }
  if (Math.abs(area) < 1e-9)
    return points.reduce<[number, number]>((s, p) => [s[0] + p[0] / points.length, s[1] + p[1] / points.length], [0, 0]);
  return [cx / (3 * area), cz / (3 * area)];
}

const yawFacing = (from: [number, number], to: [number, number]): number =>
  (Math.atan2(to[0] - from[0], to[1] - from[1]) * 180) / Math.PI;

/**
 * The pose a piece gets where the user clicked: on the floor under the click, at its real size times sizeScale,
 * turned per its kind (see the sets above; the rest face the camera), and never into a wall. A piece that stands
 * against a wall is moved onto it: back touching, parallel.
 */
export function defaultPose(
  room: RoomModel,
  click: { x: number; y: number },
  furnitureType: string,
  sizeScale: number,
  placed: readonly { furnitureType: string; pose: PiecePose }[] = [],
  footprint: Footprint = typicalFootprint(furnitureType),
): PiecePose {
  if (![click.x, click.y, sizeScale].every(Number.isFinite))
    throw new VisionError('invalid_argument', 'x, y and size_scale must be numbers');
  const scale = Math.min(2, Math.max(0.5, sizeScale));
  const at = floorPoint(room, Math.min(room.width, Math.max(0, click.x)), Math.min(room.height, Math.max(0, click.y)));
  const walls = worldWalls(room);
  // Distance from the point to each wall, inside the room positive.
  const nearest = walls
    .map((wall) => ({ wall, gap: wall.distance - (wall.normal[0] * at[0] + wall.normal[1] * at[1]) }))
    .sort((a, b) => a.gap - b.gap)[0];
  // The yaw whose front faces away from a wall: front (sin, cos) = -normal.
  const awayFrom = (wall: WorldWall): number => (Math.atan2(-wall.normal[0], -wall.normal[1]) * 180) / Math.PI;
  const towardCamera = yawFacing(at, [0, 0]);
  let yawDeg = towardCamera;
  let position = at;
  if (AGAINST_WALL.has(furnitureType) && nearest) {
    yawDeg = awayFrom(nearest.wall);
    // Back (the footprint's -Z side) onto the wall.
    const back = -footprint[1] * scale;
    const shift = nearest.gap - back - WALL_GAP;
    position = [at[0] + nearest.wall.normal[0] * shift, at[1] + nearest.wall.normal[1] * shift];
  } else if (WALL_ALIGNED.has(furnitureType) && nearest) {
    // Square to the wall, the long side along it; of those yaws, the one nearest to facing the camera.
    const base = awayFrom(nearest.wall);
    const long = footprint[2] - footprint[0] > footprint[3] - footprint[1];
    const turns = long ? [0, 180] : [0, 90, 180, 270];
    yawDeg = turns.map((turn) => base + turn).sort((p, q) => angleBetween(p, towardCamera) - angleBetween(q, towardCamera))[0]!;
  } else if (FACING_CENTRE.has(furnitureType)) {
    const gathering = GATHERING.map((type) => placed.find((p) => p.furnitureType === type)).find(Boolean);
    yawDeg = yawFacing(at, gathering ? gathering.pose.position : floorCentre(room));
  }
  const pose = keepInsideWalls(room, { position, yawDeg: normaliseYaw(yawDeg), scale }, footprint);
  return { ...pose, position: [round(pose.position[0]), round(pose.position[1])], yawDeg: round(pose.yawDeg) };
}

function angleBetween(a: number, b: number): number {
  const d = Math.abs(normaliseYaw(a) - normaliseYaw(b));
  return Math.round(Math.min(d, 360 - d) * 1e6) / 1e6;
}

function normaliseYaw(yaw: number): number {
  const y = ((yaw % 360) + 360) % 360;
  return y > 180 ? y - 360 : y;
}

const round = (v: number): number => Math.round(v * 1e4) / 1e4;
