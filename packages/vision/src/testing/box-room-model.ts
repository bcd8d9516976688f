/**
 * The exact room model of a box room seen by a known camera (the model `roomModel` would ideally find): for tests
 * and evaluation of what consumes a room model (staging, placement), apart from the estimator's errors. Same
 * conventions as `room/camera.ts` and `synthetic-rooms.ts`. Tests, eval and bench only.
 */
import { cameraPose, horizonLine, toCamera, toWorld, type Vec3 } from '../room/camera.ts';
import { encodeLabels } from '../room/labels.ts';
import {
  ROOM_LABEL,
  ROOM_LABEL_NAMES,
  type Point2,
  type Point3,
  type RoomModel,
  type RoomOpening,
  type RoomWall,
} from '../room/types.ts';
import type { SyntheticRoomRender } from './synthetic-rooms.ts';

export type BoxWallName = 'left' | 'right' | 'back' | 'front';

export interface BoxRoomSpec {
  width: number;
  height: number;
  focalPx: number;
  /** Radians, as `cameraPose` takes them. */
  pitch: number;
  roll: number;
  yaw: number;
  heightM: number;
  /** Room extents around the camera, metres: -x, +x, -z, +z, and the ceiling above the floor. */
  room: { left: number; right: number; back: number; front: number; ceiling: number };
  /** Along the wall's run (world Z for left/right, world X for back/front) and above the floor, metres. */
  openings?: { wall: BoxWallName; kind: 'window' | 'door'; u0: number; u1: number; v0: number; v1: number }[];
  /** Work size of the labels (long side); 160 by default. */
  workLongSide?: number;
}

const WALLS: BoxWallName[] = ['left', 'right', 'back', 'front'];

/** A one-point room: the camera level, square to the back wall, in the middle of the room. */
export function onePointRoom(overrides: Partial<BoxRoomSpec> = {}): BoxRoomSpec {
  return {
    width: 1200,
    height: 800,
    focalPx: 700,
    pitch: (4 * Math.PI) / 180,
    roll: 0,
    yaw: 0,
    heightM: 1.45,
    room: { left: 2.4, right: 2.4, back: 0.5, front: 5.2, ceiling: 2.6 },
    ...overrides,
  };
}

/** The room model of a ray-cast synthetic room (its windows and doors are not reported by the renderer). */
export function syntheticRoomModel(render: SyntheticRoomRender): RoomModel {
  const { camera, room, image } = render;
  return boxRoomModel({
    width: image.width,
    height: image.height,
    focalPx: camera.focalPx,
    pitch: camera.pitch,
    roll: camera.roll,
    yaw: camera.yaw,
    heightM: camera.heightM,
    room,
  });
}

export function boxRoomModel(spec: BoxRoomSpec): RoomModel {
  const { width: W, height: H, focalPx: f, heightM: eye } = spec;
  const { left: L, right: R, back: B, front: F } = spec.room;
  const C = spec.room.ceiling - eye;
  const pose = cameraPose(spec.pitch, spec.roll, spec.yaw);
  const cx = W / 2;
  const cy = H / 2;
  const project = (c: Vec3): Point2 => [cx + (f * c[0]) / c[2], cy + (f * c[1]) / c[2]];
  const faces: Record<'floor' | 'ceiling' | BoxWallName, { normal: Vec3; distance: number; corners: Vec3[] }> = {
    floor: {
      normal: [0, -1, 0],
      distance: eye,
      corners: [
        [-L, -eye, -B],
        [R, -eye, -B],
        [R, -eye, F],
        [-L, -eye, F],
      ],
    },
    ceiling: {
      normal: [0, 1, 0],
      distance: C,
      corners: [
        [-L, C, -B],
        [R, C, -B],
        [R, C, F],
        [-L, C, F],
      ],
    },
    left: {
      normal: [-1, 0, 0],
      distance: L,
      corners: [
        [-L, -eye, -B],
        [-L, -eye, F],
        [-L, C, F],
        [-L, C, -B],
      ],
    },
    right: {
      normal: [1, 0, 0],
      distance: R,
      corners: [
        [R, -eye, -B],
        [R, -eye, F],
        [R, C, F],
        [R, C, -B],
      ],
    },
    back: {
      normal: [0, 0, -1],
      distance: B,
      corners: [
        [-L, -eye, -B],
        [R, -eye, -B],
        [R, C, -B],
        [-L, C, -B],
      ],
    },
    front: {
      normal: [0, 0, 1],
      distance: F,
      corners: [
        [-L, -eye, F],
        [R, -eye, F],
        [R, C, F],
        [-L, C, F],
      ],
    },
  };
  const polygon = (corners: Vec3[]): Point2[] => clipToFrame(clipNear(corners.map((p) => toCamera(pose, p))).map(project), W, H);
  const plane = (normal: Vec3, distance: number) => ({ normal: toCamera(pose, normal) as Point3, distance });

  // Labels at the work size: the face each pixel's ray leaves the box through, openings marked on their walls.
  const scale = (spec.workLongSide ?? 160) / Math.max(W, H);
  const ww = Math.round(W * scale);
  const wh = Math.round(H * scale);
  const labels = new Uint8Array(ww * wh);
  const area: Record<string, number> = { floor: 0, ceiling: 0, left: 0, right: 0, back: 0, front: 0 };
  const openings = spec.openings ?? [];
  for (let y = 0; y < wh; y++) {
    for (let x = 0; x < ww; x++) {
      const d = toWorld(pose, [(x + 0.5) / scale - cx, (y + 0.5) / scale - cy, f]);
      let t = Infinity;
      let face = 'floor';
      const hit = (tt: number, name: string): void => {
        if (tt > 0 && tt < t) ((t = tt), (face = name));
      };
      if (d[1] < 0) hit(-eye / d[1], 'floor');
      if (d[1] > 0) hit(C / d[1], 'ceiling');
      if (d[0] < 0) hit(-L / d[0], 'left');
      if (d[0] > 0) hit(R / d[0], 'right');
      if (d[2] < 0) hit(-B / d[2], 'back');
      if (d[2] > 0) hit(F / d[2], 'front');
      area[face] = area[face]! + 1 / (ww * wh);
      let label: number = face === 'floor' ? ROOM_LABEL.floor : face === 'ceiling' ? ROOM_LABEL.ceiling : ROOM_LABEL.wall;
      for (const o of openings) {
        if (o.wall !== face) continue;
        const u = face === 'left' || face === 'right' ? d[2] * t : d[0] * t;
        const v = d[1] * t + eye;
        if (u >= o.u0 && u <= o.u1 && v >= o.v0 && v <= o.v1) label = ROOM_LABEL.opening;
      }
      labels[y * ww + x] = label;
    }
  }
  const visible = WALLS.filter((w) => area[w]! > 0.005);
  const walls: RoomWall[] = visible.map((w) => ({
    plane: plane(faces[w].normal, faces[w].distance),
    polygon: polygon(faces[w].corners),
    area: area[w]!,
    axis: w === 'left' || w === 'right' ? 'x' : 'z',
    run: w === 'left' || w === 'right' ? [-B, F] : [-L, R],
  }));
  const roomOpenings: RoomOpening[] = openings
    .filter((o) => visible.includes(o.wall))
    .map((o) => {
      const along = o.wall === 'left' || o.wall === 'right';
      const { normal: n, distance } = faces[o.wall];
      const at: Vec3 = [n[0] * distance, n[1] * distance, n[2] * distance];
      const corner = (u: number, v: number): Vec3 => (along ? [at[0], v - eye, u] : [u, v - eye, at[2]]);
      return {
        kind: o.kind,
        wall: visible.indexOf(o.wall),
        polygon: polygon([corner(o.u0, o.v0), corner(o.u1, o.v0), corner(o.u1, o.v1), corner(o.u0, o.v1)]),
        rect: [o.u0, o.u1, o.v0, o.v1],
      };
    });
  const [ha, hb, hc] = horizonLine(pose, f, cx, cy);
  const rowAt = (x: number): number => -(ha * x + hc) / hb;
  const D = 180 / Math.PI;
  return {
    version: 1,
    width: W,
    height: H,
    work: { width: ww, height: wh },
    camera: {
      focalPx: f,
      focalSource: 'vanishing_points',
      principalPoint: [cx, cy],
      pitchDeg: spec.pitch * D,
      rollDeg: spec.roll * D,
      yawDeg: spec.yaw * D,
      rotation: [...pose.right, ...pose.down, ...pose.forward],
      horizon: { line: [ha, hb, hc], yLeft: rowAt(0), yCentre: rowAt(cx), yRight: rowAt(W) },
      heightM: eye,
      heightSource: 'default',
    },
    vanishingPoints: [],
    floor: { plane: plane(faces.floor.normal, eye), polygon: polygon(faces.floor.corners), area: area.floor! },
    ceiling:
      area.ceiling! > 0
        ? { plane: plane(faces.ceiling.normal, C), polygon: polygon(faces.ceiling.corners), area: area.ceiling! }
        : null,
    walls,
    openings: roomOpenings,
    labels: { width: ww, height: wh, encoding: 'base64-u8', legend: [...ROOM_LABEL_NAMES], data: encodeLabels(labels) },
    confidence: 1,
    timingMs: 0,
  };
}

function clipNear(cam: Vec3[], near = 0.02): Vec3[] {
  const out: Vec3[] = [];
  for (let i = 0; i < cam.length; i++) {
    const a = cam[i]!;
    const b = cam[(i + 1) % cam.length]!;
    if (a[2] >= near) out.push(a);
    if (a[2] >= near !== b[2] >= near) {
      const t = (near - a[2]) / (b[2] - a[2]);
      out.push([a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]), near]);
    }
  }
  return out;
}

function clipToFrame(poly: Point2[], W: number, H: number): Point2[] {
  const clip = (p: Point2[], inside: (q: Point2) => boolean, cut: (a: Point2, b: Point2) => Point2): Point2[] => {
    const out: Point2[] = [];
    for (let i = 0; i < p.length; i++) {
      const a = p[i]!;
      const b = p[(i + 1) % p.length]!;
      if (inside(a)) out.push(a);
      if (inside(a) !== inside(b)) out.push(cut(a, b));
    }
    return out;
  };
  const atX =
    (x: number) =>
    (a: Point2, b: Point2): Point2 => [x, a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0])];
  const atY =
    (y: number) =>
    (a: Point2, b: Point2): Point2 => [a[0] + ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]), y];
  let p = clip(poly, (q) => q[0] >= 0, atX(0));
  p = clip(p, (q) => q[0] <= W, atX(W));
  p = clip(p, (q) => q[1] >= 0, atY(0));
  return clip(p, (q) => q[1] <= H, atY(H));
}
