/**
 * The exact room model of a ray-cast synthetic room (`testing/synthetic-rooms.ts`): its true camera, walls and
 * labels, so that placement is tested without the estimator's errors. Tests and evaluation only.
 */
import { cameraPose, horizonLine, toCamera, type Vec3 } from '../room/camera.ts';
import { encodeLabels } from '../room/labels.ts';
import { ROOM_LABEL_NAMES, type Point2, type Point3, type RoomModel, type RoomWall } from '../room/types.ts';
import type { SyntheticCamera } from '../testing/synthetic-rooms.ts';

export interface KnownRoom {
  image: { width: number; height: number };
  labels: Uint8Array;
  camera: SyntheticCamera;
  room: { left: number; right: number; back: number; front: number; ceiling: number };
}

export function knownRoomModel(render: KnownRoom): RoomModel {
  const { width: W, height: H } = render.image;
  const { camera: c, room } = render;
  const pose = cameraPose(c.pitch, c.roll, c.yaw);
  const cx = W / 2;
  const cy = H / 2;
  const project = (p: Vec3): Point2 => {
    const q = toCamera(pose, p);
    return [cx + (c.focalPx * q[0]) / q[2], cy + (c.focalPx * q[1]) / q[2]];
  };
  const plane = (normal: Vec3, distance: number) => ({ normal: toCamera(pose, normal) as Point3, distance });
  const floorY = -c.heightM;
  const wall = (normal: Vec3, distance: number, axis: 'x' | 'z', run: [number, number], corners: Vec3[]): RoomWall => ({
    plane: plane(normal, distance),
    polygon: corners.every((p) => toCamera(pose, p)[2] > 0.05) ? corners.map(project) : [],
    area: 0.1,
    axis,
    run,
  });
  const top = room.ceiling - c.heightM;
  const walls: RoomWall[] = [
    wall(
      [-1, 0, 0],
      room.left,
      'x',
      [-room.back, room.front],
      [
        [-room.left, floorY, -room.back],
        [-room.left, floorY, room.front],
        [-room.left, top, room.front],
        [-room.left, top, -room.back],
      ],
    ),
    wall(
      [1, 0, 0],
      room.right,
      'x',
      [-room.back, room.front],
      [
        [room.right, floorY, -room.back],
        [room.right, floorY, room.front],
        [room.right, top, room.front],
        [room.right, top, -room.back],
      ],
    ),
    wall(
      [0, 0, 1],
      room.front,
      'z',
      [-room.left, room.right],
      [
        [-room.left, floorY, room.front],
        [room.right, floorY, room.front],
        [room.right, top, room.front],
        [-room.left, top, room.front],
      ],
    ),
  ];
  // The visible floor: the far wall's foot and the frame's bottom corners (enough for its centre).
  const floorPolygon: Point2[] = [
    [0, H],
    [W, H],
    project([room.right, floorY, room.front]),
    project([-room.left, floorY, room.front]),
  ];
  const [ha, hb, hc] = horizonLine(pose, c.focalPx, cx, cy);
  const ww = 160;
  const wh = Math.round((160 * H) / W);
  const labels = new Uint8Array(ww * wh);
  for (let y = 0; y < wh; y++) {
    for (let x = 0; x < ww; x++)
      labels[y * ww + x] = render.labels[Math.floor(((y + 0.5) * H) / wh) * W + Math.floor(((x + 0.5) * W) / ww)]!;
  }
  const D = 180 / Math.PI;
  return {
    version: 1,
    width: W,
    height: H,
    work: { width: ww, height: wh },
    camera: {
      focalPx: c.focalPx,
      focalSource: 'vanishing_points',
      principalPoint: [cx, cy],
      pitchDeg: c.pitch * D,
      rollDeg: c.roll * D,
      yawDeg: c.yaw * D,
      rotation: [...pose.right, ...pose.down, ...pose.forward],
      horizon: { line: [ha, hb, hc], yLeft: -hc / hb, yCentre: -(ha * cx + hc) / hb, yRight: -(ha * W + hc) / hb },
      heightM: c.heightM,
      heightSource: 'objects',
    },
    vanishingPoints: [],
    floor: { plane: plane([0, -1, 0], c.heightM), polygon: floorPolygon, area: 0.3 },
    ceiling: { plane: plane([0, 1, 0], top), polygon: [], area: 0.1 },
    walls,
    openings: [],
    labels: { width: ww, height: wh, encoding: 'base64-u8', legend: [...ROOM_LABEL_NAMES], data: encodeLabels(labels) },
    confidence: 1,
    timingMs: 0,
  };
}

/** A one-point room: level camera looking squarely at the far wall (yaw 0), a plain image of the given size. */
export function onePointRoom(options: { width?: number; height?: number; focalPx?: number; heightM?: number } = {}): KnownRoom {
  const width = options.width ?? 960;
  const height = options.height ?? 640;
  return {
    image: { width, height },
    labels: new Uint8Array(width * height),
    camera: { focalPx: options.focalPx ?? width * 0.75, pitch: 0, roll: 0, yaw: 0, heightM: options.heightM ?? 1.45 },
    room: { left: 2.5, right: 2.5, back: 1, front: 5, ceiling: 2.6 },
  };
}
