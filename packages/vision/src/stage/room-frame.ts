/**
 * The room model seen from the floor: the box's walls in the world frame (X, Z metres, see `place/pose.ts`), their
 * doors and windows, and a grid over the floor that says which cells the photo shows as bare floor. The planner
 * places footprints on this grid; nothing here touches pixels.
 */
import { decodeRoomLabels } from '../room/labels.ts';
import { ROOM_LABEL, type Point2, type RoomModel } from '../room/types.ts';

type Vec3 = [number, number, number];

/** Grid cell size on the floor, metres. */
export const CELL_M = 0.05;
/** Floor cells at least this close to the camera (horizontal metres) are not used: pieces there fill the frame. */
const NEAR_M = 0.6;

export const CELL = { outside: 0, floor: 1, blocked: 2 } as const;

export interface FrameOpening {
  kind: 'window' | 'door';
  /** Along the wall's run (world Z for an 'x' wall, world X for a 'z' wall) and above the floor, metres. */
  u0: number;
  u1: number;
  v0: number;
  v1: number;
}

export interface FrameWall {
  /** Index into `RoomModel.walls`. */
  index: number;
  /** The world axis the wall's normal lies along. */
  axis: 'x' | 'z';
  /** Which side of the camera: the wall is the plane (axis) = side * distance. */
  side: -1 | 1;
  /** World coordinate of the plane along `axis`. */
  at: number;
  /** Extent along the run, metres. */
  run: [number, number];
  /** Unit floor direction from the wall into the room, world [X, Z]. */
  inward: [number, number];
  openings: FrameOpening[];
}

export interface RoomFrame {
  width: number;
  height: number;
  focal: number;
  principal: Point2;
  /** World vectors of the camera's right, down and forward axes. */
  right: Vec3;
  down: Vec3;
  forward: Vec3;
  /** Eye height above the floor, metres (the floor is Y = -eyeM). */
  eyeM: number;
  /** The room's extents on the floor: walls where the model has them, the visible floor elsewhere. */
  bounds: { minX: number; maxX: number; minZ: number; maxZ: number };
  walls: FrameWall[];
  /** The visible floor polygon back-projected onto the floor, world [X, Z]. */
  floorPolygon: Point2[];
  grid: FloorGrid;
}

/** Cells of CELL_M over `bounds`: CELL.floor where the photo shows bare floor, CELL.blocked under objects. */
export interface FloorGrid {
  x0: number;
  z0: number;
  cols: number;
  rows: number;
  cells: Uint8Array;
}

/** A detected object in the photo (natural pixels of the photo the room model describes). */
export interface FrameObstacle {
  class_name: string;
  bbox: [number, number, number, number];
  confidence: number;
}

/** Detections weaker than this are not furniture to keep clear of. */
const OBSTACLE_CONFIDENCE = 0.3;
/** A detection wider than this share of the photo is the detector reading a bare floor as a bed (seen on empty renders). */
const OBSTACLE_MAX_WIDTH = 0.7;

/**
 * The room seen from the floor. `detections` are the furniture already in the photo: the floor under and behind
 * their boxes is blocked. The room model's own `object` labels are not used for that: in an empty room they are
 * the detector's false boxes (a bare plank floor read as a bed), and the layout calls those pixels floor.
 */
export function roomFrame(
  room: RoomModel,
  detections: readonly FrameObstacle[] = [],
  brightSpots: readonly (readonly [number, number, number])[] = [],
): RoomFrame {
  const r = room.camera.rotation;
  const right: Vec3 = [r[0]!, r[1]!, r[2]!];
  const down: Vec3 = [r[3]!, r[4]!, r[5]!];
  const forward: Vec3 = [r[6]!, r[7]!, r[8]!];
  const toWorld = (c: readonly number[]): Vec3 => [
    c[0]! * right[0] + c[1]! * down[0] + c[2]! * forward[0],
    c[0]! * right[1] + c[1]! * down[1] + c[2]! * forward[1],
    c[0]! * right[2] + c[1]! * down[2] + c[2]! * forward[2],
  ];
  const eyeM = room.camera.heightM;
  const focal = room.camera.focalPx;
  const principal = room.camera.principalPoint;

  const walls: FrameWall[] = room.walls.map((w, index) => {
    const n = toWorld(w.plane.normal);
    const k = w.axis === 'x' ? 0 : 2;
    const side = n[k]! >= 0 ? 1 : -1;
    return {
      index,
      axis: w.axis,
      side,
      at: side * w.plane.distance,
      run: [w.run[0], w.run[1]],
      inward: w.axis === 'x' ? [-side, 0] : [0, -side],
      openings: room.openings
        .filter((o) => o.wall === index)
        .map((o) => ({ kind: o.kind, u0: o.rect[0], u1: o.rect[1], v0: o.rect[2], v1: o.rect[3] })),
    };
  });

  for (const w of walls) w.openings.push(...missedWindows(w, brightSpots, eyeM));

  const toFloor = (p: Point2): Point2 | null => {
    const d = toWorld([p[0] - principal[0], p[1] - principal[1], focal]);
    if (d[1] > -1e-6) return null;
    const t = eyeM / -d[1];
    return [d[0] * t, d[2] * t];
  };
  const floorPolygon = room.floor.polygon.map(toFloor).filter((p): p is Point2 => p !== null);

  // Extents: a wall fixes its own side, and the run of a wall across it fixes the two sides it spans.
  const known = { minX: NaN, maxX: NaN, minZ: NaN, maxZ: NaN };
  for (const w of walls) {
    if (w.axis === 'x') {
      if (w.side < 0) known.minX = w.at;
      else known.maxX = w.at;
      known.minZ = Number.isNaN(known.minZ) ? w.run[0] : known.minZ;
      known.maxZ = Number.isNaN(known.maxZ) ? w.run[1] : known.maxZ;
    } else {
      if (w.side < 0) known.minZ = w.at;
      else known.maxZ = w.at;
      known.minX = Number.isNaN(known.minX) ? w.run[0] : known.minX;
      known.maxX = Number.isNaN(known.maxX) ? w.run[1] : known.maxX;
    }
  }
  const xs = floorPolygon.map((p) => p[0]);
  const zs = floorPolygon.map((p) => p[1]);
  const clampM = (v: number) => Math.max(-15, Math.min(15, v));
  const bounds = {
    minX: clampM(Number.isNaN(known.minX) ? Math.min(0, ...xs) : known.minX),
    maxX: clampM(Number.isNaN(known.maxX) ? Math.max(0, ...xs) : known.maxX),
    minZ: clampM(Number.isNaN(known.minZ) ? Math.min(0, ...zs) : known.minZ),
    maxZ: clampM(Number.isNaN(known.maxZ) ? Math.max(0, ...zs) : known.maxZ),
  };

  const frame: RoomFrame = {
    width: room.width,
    height: room.height,
    focal,
    principal,
    right,
    down,
    forward,
    eyeM,
    bounds,
    walls,
    floorPolygon,
    grid: { x0: bounds.minX, z0: bounds.minZ, cols: 0, rows: 0, cells: new Uint8Array(0) },
  };
  const obstacles = detections
    .filter((d) => d.confidence >= OBSTACLE_CONFIDENCE && d.bbox[2] - d.bbox[0] <= OBSTACLE_MAX_WIDTH * room.width)
    .map((d) => d.bbox);
  frame.grid = floorGrid(frame, room, obstacles);
  return frame;
}

/** Half the width given to a window guessed from a bright spot, and how far below the spot its sill is, metres. */
const GUESSED_WINDOW_HALF_WIDTH_M = 0.75;
const GUESSED_SILL_BELOW_M = 0.6;

/**
 * Windows the room model did not find, guessed from bright spots on this wall at a window's height (0.8 to 2.4 m):
 * a span around each, its sill 0.6 m below the spot, unless a known window already covers it.
 */
function missedWindows(wall: FrameWall, spots: readonly (readonly [number, number, number])[], eyeM: number): FrameOpening[] {
  const out: FrameOpening[] = [];
  for (const [x, y, z] of spots) {
    const across = wall.axis === 'x' ? x : z;
    const u = wall.axis === 'x' ? z : x;
    const v = y + eyeM;
    if (Math.abs(across - wall.at) > 0.15 || v < 0.8 || v > 2.4) continue;
    if (wall.openings.some((o) => o.kind === 'window' && u >= o.u0 && u <= o.u1)) continue;
    out.push({
      kind: 'window',
      u0: u - GUESSED_WINDOW_HALF_WIDTH_M,
      u1: u + GUESSED_WINDOW_HALF_WIDTH_M,
      v0: Math.max(0.4, v - GUESSED_SILL_BELOW_M),
      v1: v + GUESSED_SILL_BELOW_M,
    });
  }
  return out;
}

/** Photo pixel of a world point, and its depth along the camera's axis (null behind or at the camera). */
export function project(frame: RoomFrame, p: readonly [number, number, number]): { x: number; y: number; depth: number } | null {
  const c0 = p[0] * frame.right[0] + p[1] * frame.right[1] + p[2] * frame.right[2];
  const c1 = p[0] * frame.down[0] + p[1] * frame.down[1] + p[2] * frame.down[2];
  const c2 = p[0] * frame.forward[0] + p[1] * frame.forward[1] + p[2] * frame.forward[2];
  if (c2 < 0.05) return null;
  return { x: frame.principal[0] + (frame.focal * c0) / c2, y: frame.principal[1] + (frame.focal * c1) / c2, depth: c2 };
}

/** Photo pixel of a floor point [X, Z]. */
export function projectFloor(frame: RoomFrame, p: Point2): { x: number; y: number; depth: number } | null {
  return project(frame, [p[0], -frame.eyeM, p[1]]);
}

function floorGrid(frame: RoomFrame, room: RoomModel, obstacles: readonly [number, number, number, number][]): FloorGrid {
  const { bounds } = frame;
  const cols = Math.max(1, Math.ceil((bounds.maxX - bounds.minX) / CELL_M));
  const rows = Math.max(1, Math.ceil((bounds.maxZ - bounds.minZ) / CELL_M));
  const cells = new Uint8Array(cols * rows);
  const labels = decodeRoomLabels(room);
  const lw = room.labels.width;
  const lh = room.labels.height;
  const sx = lw / room.width;
  const sy = lh / room.height;
  for (let j = 0; j < rows; j++) {
    const z = bounds.minZ + (j + 0.5) * CELL_M;
    for (let i = 0; i < cols; i++) {
      const x = bounds.minX + (i + 0.5) * CELL_M;
      if (Math.hypot(x, z) < NEAR_M) continue;
      const q = projectFloor(frame, [x, z]);
      if (!q || q.x < 0 || q.y < 0 || q.x >= room.width || q.y >= room.height) continue;
      const label = labels[Math.min(lh - 1, Math.floor(q.y * sy)) * lw + Math.min(lw - 1, Math.floor(q.x * sx))];
      if (label !== ROOM_LABEL.floor && label !== ROOM_LABEL.object) continue;
      const covered = obstacles.some(([x1, y1, x2, y2]) => q.x >= x1 && q.x <= x2 && q.y >= y1 && q.y <= y2);
      cells[j * cols + i] = covered ? CELL.blocked : CELL.floor;
    }
  }
  return { x0: bounds.minX, z0: bounds.minZ, cols, rows, cells };
}

/** The grid's state at a floor point (CELL.outside beyond the grid). */
export function cellAt(grid: FloorGrid, x: number, z: number): number {
  const i = Math.floor((x - grid.x0) / CELL_M);
  const j = Math.floor((z - grid.z0) / CELL_M);
  if (i < 0 || j < 0 || i >= grid.cols || j >= grid.rows) return CELL.outside;
  return grid.cells[j * grid.cols + i]!;
}

/** Area (m²) of bare floor the photo shows. */
export function visibleFloorArea(grid: FloorGrid): number {
  let n = 0;
  for (const c of grid.cells) if (c === CELL.floor) n++;
  return n * CELL_M * CELL_M;
}
