import type { RgbImage } from '../image.ts';
import { decodeRoomLabels } from '../room/labels.ts';
import { ROOM_LABEL, type RoomModel } from '../room/types.ts';
import { toWorld } from './default-pose.ts';
import { SRGB_TO_LINEAR } from './match.ts';

/**
 * The room's dominant light: where it comes from (world points, e.g. spread over a window, so that a piece's
 * shadow is soft as an area light's is), and how much of the light on a piece it gives (the rest is the room's
 * diffuse bounce).
 */
export interface RoomLight {
  /** World points of the light (metres), each with a weight; weights sum to 1. */
  points: { at: [number, number, number]; weight: number }[];
  /** 0..1: share of the light that is the key (directional); the rest is ambient. */
  key: number;
  source: 'window' | 'bright-region' | 'default';
}

/** Shadows and shading directions keep between these elevations (degrees): a window's low angle would lay shadows across the room. */
const MIN_ELEVATION = 28;
const MAX_ELEVATION = 75;

/**
 * Estimates the dominant light: a window the room model found, lit (brighter than its wall), weighted by its
 * area and brightness; else the brightest patch of wall or ceiling when it clearly stands out (a window the model
 * missed, a lamp), laid on the surface it is on; else a soft light from above and behind the camera, as in most
 * listing photos.
 */
export function estimateRoomLight(image: RgbImage, room: RoomModel): RoomLight {
  // One light per room model (kept by its labels and camera): the session's model is of the original photo, and the
  // light is measured once, before any placed piece could pass for a bright region.
  const key = `${room.width}x${room.height}:${room.camera.focalPx}:${room.camera.rotation.join(',')}:${room.labels.data}`;
  const known = lights.get(key);
  if (known) return known;
  const light = measureLight(image, room);
  lights.set(key, light);
  if (lights.size > 16) lights.delete(lights.keys().next().value!);
  return light;
}

const lights = new Map<string, RoomLight>();

function measureLight(image: RgbImage, room: RoomModel): RoomLight {
  const all = decodeRoomLabels(room);
  // On a grid of at most ~40k cells: the light is a broad measure.
  const step = Math.max(1, Math.round(Math.sqrt((room.labels.width * room.labels.height) / 40_000)));
  const lw = Math.floor(room.labels.width / step);
  const lh = Math.floor(room.labels.height / step);
  const labels = new Uint8Array(lw * lh);
  const luma = new Float32Array(lw * lh);
  for (let y = 0; y < lh; y++) {
    const py = Math.min(image.height - 1, Math.floor(((y + 0.5) * image.height) / lh));
    for (let x = 0; x < lw; x++) {
      labels[y * lw + x] = all[y * step * room.labels.width + x * step]!;
      const px = Math.min(image.width - 1, Math.floor(((x + 0.5) * image.width) / lw));
      const i = (py * image.width + px) * 3;
      luma[y * lw + x] =
        0.2126 * SRGB_TO_LINEAR[image.data[i]!]! +
        0.7152 * SRGB_TO_LINEAR[image.data[i + 1]!]! +
        0.0722 * SRGB_TO_LINEAR[image.data[i + 2]!]!;
    }
  }
  const wallMedian = quantile(luma, labels, (label) => label === ROOM_LABEL.wall, 0.5) ?? 0.2;

  const h = room.camera.heightM;
  const windows = room.openings
    .filter((o) => o.kind === 'window')
    .map((o) => {
      const wall = room.walls[o.wall];
      if (!wall) return null;
      const brightness = polygonMean(luma, lw, lh, o.polygon, room.width, room.height);
      if (brightness < wallMedian * 1.15) return null; // a dark window (night, blinds) lights nothing
      const n = toWorld(room, wall.plane.normal);
      const [u0, u1, v0, v1] = o.rect;
      const at = (u: number, v: number): [number, number, number] =>
        wall.axis === 'x' ? [Math.sign(n[0]) * wall.plane.distance, v - h, u] : [u, v - h, Math.sign(n[2]) * wall.plane.distance];
      const points = [0.25, 0.75].flatMap((fu) => [0.3, 0.7].map((fv) => at(u0 + fu * (u1 - u0), v0 + fv * (v1 - v0))));
      return { points, strength: (u1 - u0) * (v1 - v0) * brightness };
    })
    .filter((w): w is NonNullable<typeof w> => w !== null)
    .sort((a, b) => b.strength - a.strength);
  if (windows.length > 0) {
    const best = windows.slice(0, 2);
    const total = best.reduce((s, w) => s + w.strength, 0);
    return {
      points: best.flatMap((w) => w.points.map((at) => ({ at, weight: w.strength / total / w.points.length }))),
      key: 0.5,
      source: 'window',
    };
  }

  // The brightest 1.5% of wall, ceiling and opening cells, when they outshine the wall's median by half again.
  const isLit = (label: number): boolean => label !== ROOM_LABEL.floor && label !== ROOM_LABEL.object;
  const threshold = quantile(luma, labels, isLit, 0.985);
  if (threshold !== null && threshold > wallMedian * 1.5) {
    let sx = 0;
    let sy = 0;
    let count = 0;
    for (let i = 0; i < labels.length; i++) {
      if (!isLit(labels[i]!) || luma[i]! < threshold) continue;
      sx += ((i % lw) + 0.5) / lw;
      sy += (Math.floor(i / lw) + 0.5) / lh;
      count++;
    }
    const point = surfacePoint(room, (sx / count) * room.width, (sy / count) * room.height);
    if (point && point[1] > -h + 0.5) return { points: [{ at: point, weight: 1 }], key: 0.4, source: 'bright-region' };
  }

  // Default: above and behind the camera, a little to the brighter side of the photo.
  const r = room.camera.rotation;
  const back: [number, number, number] = [-r[6]!, 0, -r[8]!];
  return {
    points: [{ at: [back[0] * 2 + r[0]! * 0.5, 1.2, back[2] * 2 + r[2]! * 0.5], weight: 1 }],
    key: 0.3,
    source: 'default',
  };
}

/** Unit world directions from a point toward the light's points (elevation kept in MIN..MAX), with their weights. */
export function lightDirections(
  light: RoomLight,
  from: [number, number, number],
): { dir: [number, number, number]; weight: number }[] {
  const minT = Math.tan((MIN_ELEVATION * Math.PI) / 180);
  const maxT = Math.tan((MAX_ELEVATION * Math.PI) / 180);
  return light.points.map(({ at, weight }) => {
    let dx = at[0] - from[0];
    let dz = at[2] - from[2];
    const horizontal = Math.hypot(dx, dz);
    if (horizontal < 1e-6) [dx, dz] = [0, 1e-6];
    const rise = Math.min(maxT, Math.max(minT, (at[1] - from[1]) / Math.max(horizontal, 1e-6)));
    const hl = Math.hypot(dx, dz);
    const l = Math.hypot(1, rise);
    return { dir: [dx / hl / l, rise / l, dz / hl / l], weight };
  });
}

/** The first wall or ceiling point (world) seen through a photo pixel; null when the ray meets none. */
function surfacePoint(room: RoomModel, x: number, y: number): [number, number, number] | null {
  const { focalPx, principalPoint } = room.camera;
  const ray: [number, number, number] = [(x - principalPoint[0]) / focalPx, (y - principalPoint[1]) / focalPx, 1];
  let best = Infinity;
  for (const surface of [...room.walls, ...(room.ceiling ? [room.ceiling] : [])]) {
    const along = surface.plane.normal[0] * ray[0] + surface.plane.normal[1] * ray[1] + surface.plane.normal[2] * ray[2];
    if (along > 1e-6) best = Math.min(best, surface.plane.distance / along);
  }
  if (!Number.isFinite(best)) return null;
  return toWorld(room, [ray[0] * best, ray[1] * best, ray[2] * best]);
}

/** Mean of a label-grid layer inside a photo-pixel polygon (its bounding box, for a window: a rectangle in perspective). */
function polygonMean(layer: Float32Array, lw: number, lh: number, polygon: [number, number][], W: number, H: number): number {
  if (polygon.length === 0) return 0;
  const xs = polygon.map((p) => p[0]);
  const ys = polygon.map((p) => p[1]);
  const x1 = Math.max(0, Math.floor((Math.min(...xs) / W) * lw));
  const x2 = Math.min(lw, Math.ceil((Math.max(...xs) / W) * lw));
  const y1 = Math.max(0, Math.floor((Math.min(...ys) / H) * lh));
  const y2 = Math.min(lh, Math.ceil((Math.max(...ys) / H) * lh));
  let sum = 0;
  let n = 0;
  for (let y = y1; y < y2; y++) for (let x = x1; x < x2; x++) ((sum += layer[y * lw + x]!), n++);
  return n ? sum / n : 0;
}

/** The q-quantile of a layer over the cells whose label passes; null when none does. */
function quantile(layer: Float32Array, labels: Uint8Array, keep: (label: number) => boolean, q: number): number | null {
  let n = 0;
  for (let i = 0; i < labels.length; i++) if (keep(labels[i]!)) n++;
  if (n === 0) return null;
  const values = new Float32Array(n);
  for (let i = 0, j = 0; i < labels.length; i++) if (keep(labels[i]!)) values[j++] = layer[i]!;
  values.sort();
  return values[Math.min(n - 1, Math.floor(q * n))]!;
}

/** Linear reflectance assumed for walls (light paint): what the photo's wall brightness is divided by. */
const WALL_ALBEDO = 0.65;

/**
 * How brightly the room is lit around a spot, as a gain on a piece's albedo: the upper-quartile linear luminance of
 * the wall around the box (else of every wall) over a light paint's reflectance. A dim room darkens a piece, a bright
 * one keeps it; clamped to 0.3..1.15.
 */
export function roomExposure(image: RgbImage, room: RoomModel, box: readonly [number, number, number, number]): number {
  const labels = decodeRoomLabels(room);
  const lw = room.labels.width;
  const lh = room.labels.height;
  const luma = (x: number, y: number): number => {
    const px = Math.min(image.width - 1, Math.floor(((x + 0.5) * image.width) / lw));
    const py = Math.min(image.height - 1, Math.floor(((y + 0.5) * image.height) / lh));
    const i = (py * image.width + px) * 3;
    return (
      0.2126 * SRGB_TO_LINEAR[image.data[i]!]! +
      0.7152 * SRGB_TO_LINEAR[image.data[i + 1]!]! +
      0.0722 * SRGB_TO_LINEAR[image.data[i + 2]!]!
    );
  };
  const collect = (x1: number, y1: number, x2: number, y2: number): Float32Array => {
    const step = Math.max(1, Math.round(Math.sqrt(((x2 - x1) * (y2 - y1)) / 20_000)));
    const values: number[] = [];
    for (let y = y1; y < y2; y += step)
      for (let x = x1; x < x2; x += step) if (labels[y * lw + x] === ROOM_LABEL.wall) values.push(luma(x, y));
    return Float32Array.from(values).sort();
  };
  // The box grown by its own size, on the label grid.
  const [bx1, by1, bx2, by2] = box;
  const gx = (bx2 - bx1) * 1;
  const gy = (by2 - by1) * 1;
  const kx = lw / image.width;
  const ky = lh / image.height;
  let walls = collect(
    Math.max(0, Math.floor((bx1 - gx) * kx)),
    Math.max(0, Math.floor((by1 - gy) * ky)),
    Math.min(lw, Math.ceil((bx2 + gx) * kx)),
    Math.min(lh, Math.ceil((by2 + gy) * ky)),
  );
  if (walls.length < 50) walls = collect(0, 0, lw, lh);
  if (walls.length < 50) return 0.8;
  // The upper quartile: the lit part of the walls tells the light better than walls in shade or dark paint.
  return Math.min(1.15, Math.max(0.3, walls[Math.floor(walls.length * 0.75)]! / WALL_ALBEDO));
}
