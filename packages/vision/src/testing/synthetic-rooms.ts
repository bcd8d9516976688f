/**
 * Box rooms ray-cast with a known camera, for tests and evaluation of the room model (exact answers: focal length,
 * pitch, roll, yaw, camera height, and a label map). Textured floors (boards, tiles, carpet), painted or papered
 * walls with baseboards, a ceiling with or without a cornice, windows and doors on the walls, a few boxes as
 * furniture, soft shading from a ceiling light and light falling off toward the corners. Deterministic per seed.
 * Tests, eval and bench only: no product module imports it.
 */
import type { RgbImage } from '../image.ts';
import { cameraPose, horizonLine, toWorld, type Vec3 } from '../room/camera.ts';
import { ROOM_LABEL } from '../room/types.ts';

export interface SyntheticCamera {
  readonly focalPx: number;
  readonly pitch: number;
  readonly roll: number;
  readonly yaw: number;
  readonly heightM: number;
}

export interface SyntheticRoomRender {
  readonly image: RgbImage;
  /** ROOM_LABEL codes per pixel (floor, wall, ceiling, opening, object). */
  readonly labels: Uint8Array;
  readonly camera: SyntheticCamera;
  /** Image row of the horizon at the centre column. */
  readonly horizonY: number;
  /** Room extents around the camera along the world axes, metres: -x, +x, -z, +z, and the ceiling height. */
  readonly room: {
    readonly left: number;
    readonly right: number;
    readonly back: number;
    readonly front: number;
    readonly ceiling: number;
  };
  /** What the floor is laid with, and a tile's side (m) when tiles. */
  readonly floor: { readonly kind: 'boards' | 'tiles' | 'carpet'; readonly tileSizeM: number };
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Integer-lattice hash noise in 0..1 (for plank tones, carpet and plaster grain). */
function hash2(x: number, y: number, seed: number): number {
  let h = (Math.imul(x | 0, 374761393) + Math.imul(y | 0, 668265263) + Math.imul(seed, 2147483647)) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

function valueNoise(x: number, y: number, seed: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const tx = x - x0;
  const ty = y - y0;
  const sx = tx * tx * (3 - 2 * tx);
  const sy = ty * ty * (3 - 2 * ty);
  const a = hash2(x0, y0, seed) * (1 - sx) + hash2(x0 + 1, y0, seed) * sx;
  const b = hash2(x0, y0 + 1, seed) * (1 - sx) + hash2(x0 + 1, y0 + 1, seed) * sx;
  return a * (1 - sy) + b * sy;
}

type Rgb = [number, number, number];

interface Opening {
  /** 0: wall x = -left, 1: x = +right, 2: z = -back, 3: z = +front. */
  readonly wall: number;
  /** Along the wall (world z for walls 0/1, world x for 2/3), metres. */
  readonly u0: number;
  readonly u1: number;
  /** Height above the floor, metres. */
  readonly v0: number;
  readonly v1: number;
  readonly kind: 'window' | 'door';
}

interface Furniture {
  readonly min: Vec3;
  readonly max: Vec3;
  readonly colour: Rgb;
}

export interface SyntheticRoomOptions {
  readonly width?: number;
  readonly height?: number;
  /** Samples per pixel side (2 = 4 rays per pixel, antialiased edges). */
  readonly supersample?: number;
  /** The doors' panels in this colour (default: brown wood). */
  readonly doorColour?: readonly [number, number, number];
}

/** One random room: the same seed gives the same room, camera and pixels. */
export function renderSyntheticRoom(seed: number, options: SyntheticRoomOptions = {}): SyntheticRoomRender {
  const W = options.width ?? 480;
  const H = options.height ?? 320;
  const ss = options.supersample ?? 2;
  const rnd = mulberry32(seed * 7919 + 13);
  const between = (a: number, b: number): number => a + (b - a) * rnd();
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;

  const hfov = (between(55, 85) * Math.PI) / 180;
  const focal = W / 2 / Math.tan(hfov / 2);
  const pitch = (between(-4, 14) * Math.PI) / 180;
  const roll = (between(-1.2, 1.2) * Math.PI) / 180;
  // Yaw: most listing photos look into a corner; some face a wall squarely.
  const yaw = ((rnd() < 0.25 ? between(-8, 8) : between(18, 55)) * Math.PI) / 180;
  const camH = between(1.2, 1.7);
  const ceilingH = between(2.4, 3.0);
  const room = {
    left: between(1.2, 3.5),
    right: between(1.2, 3.5),
    back: between(0.4, 1.5),
    front: between(3, 6.5),
    ceiling: ceilingH,
  };
  const pose = cameraPose(pitch, roll, yaw);

  const floorKind = pick(['boards', 'tiles', 'carpet'] as const);
  const floorBase: Rgb =
    floorKind === 'boards'
      ? pick<Rgb>([
          [150, 105, 70],
          [190, 150, 110],
          [110, 80, 55],
        ])
      : floorKind === 'tiles'
        ? pick<Rgb>([
            [200, 195, 185],
            [150, 150, 150],
            [215, 205, 190],
          ])
        : pick<Rgb>([
            [120, 115, 110],
            [160, 140, 120],
            [90, 95, 110],
          ]);
  const plankAlongX = rnd() < 0.5;
  const tileSize = between(0.3, 0.6);
  const wallKind = rnd() < 0.7 ? 'paint' : 'wallpaper';
  const wallBase: Rgb = pick<Rgb>([
    [225, 220, 210],
    [200, 205, 195],
    [215, 200, 180],
    [180, 190, 200],
    [235, 232, 225],
    [170, 160, 150],
  ]);
  const ceilingBase: Rgb = [240, 240, 236];
  const cornice = rnd() < 0.5 ? between(0.06, 0.14) : 0;
  const baseboard = between(0.06, 0.14);
  const noiseSeed = seed * 31 + 7;

  const openings: Opening[] = [];
  const wallSpan = (wall: number): [number, number] => (wall < 2 ? [-room.back, room.front] : [-room.left, room.right]);
  const windows = 1 + Math.floor(rnd() * 2);
  for (let i = 0; i < windows + 1; i++) {
    const kind = i < windows ? 'window' : 'door';
    const wall = Math.floor(rnd() * 4);
    const [a, b] = wallSpan(wall);
    const width = kind === 'door' ? between(0.8, 0.95) : between(0.8, 1.8);
    if (b - a < width + 0.4) continue;
    const u0 = between(a + 0.2, b - 0.2 - width);
    const v0 = kind === 'door' ? 0 : between(0.8, 1.0);
    const v1 = kind === 'door' ? between(2.0, 2.15) : Math.min(ceilingH - 0.25, v0 + between(1.1, 1.5));
    const candidate: Opening = { wall, u0, u1: u0 + width, v0, v1, kind };
    if (openings.some((o) => o.wall === wall && o.u0 < candidate.u1 + 0.2 && candidate.u0 < o.u1 + 0.2)) continue;
    openings.push(candidate);
  }

  const furniture: Furniture[] = [];
  const pieces = Math.floor(rnd() * 4);
  for (let i = 0; i < pieces; i++) {
    const sx = between(0.4, 2);
    const sz = between(0.4, 1);
    const sy = between(0.4, 1.0);
    // Against a wall or free-standing, always in front of the camera.
    const x0 = between(-room.left, room.right - sx);
    const z0 = rnd() < 0.5 ? room.front - sz : between(1.2, Math.max(1.3, room.front - sz));
    furniture.push({
      min: [x0, -camH, z0],
      max: [x0 + sx, -camH + sy, z0 + sz],
      colour: pick<Rgb>([
        [80, 80, 90],
        [140, 100, 70],
        [60, 90, 80],
        [180, 170, 150],
        [110, 60, 50],
      ]),
    });
  }
  const light: Vec3 = [(room.right - room.left) / 2, ceilingH - camH - 0.1, (room.front - room.back) / 2];

  const colourOf = (p: Vec3, face: number, out: Rgb): number => {
    // face: 0 floor, 1 ceiling, 2..5 walls (x-, x+, z-, z+), 6 furniture (then out is set by caller)
    const floorY = -camH;
    let label: number = ROOM_LABEL.wall;
    let normal: Vec3;
    if (face === 0) {
      label = ROOM_LABEL.floor;
      normal = [0, 1, 0];
      let c: Rgb = [...floorBase];
      if (floorKind === 'boards') {
        const along = plankAlongX ? p[0] : p[2];
        const across = plankAlongX ? p[2] : p[0];
        const row = Math.floor(across / 0.14);
        const seam = Math.floor((along + hash2(row, 0, noiseSeed) * 3) / 1.2);
        const tone = 0.82 + 0.3 * hash2(row, seam, noiseSeed) + 0.08 * valueNoise(along * 12, across * 60, noiseSeed);
        const gap = Math.abs(across / 0.14 - Math.round(across / 0.14)) < 0.04 ? 0.6 : 1;
        c = [c[0] * tone * gap, c[1] * tone * gap, c[2] * tone * gap];
      } else if (floorKind === 'tiles') {
        const gx = Math.abs(p[0] / tileSize - Math.round(p[0] / tileSize));
        const gz = Math.abs(p[2] / tileSize - Math.round(p[2] / tileSize));
        const grout = Math.min(gx, gz) * tileSize < 0.004 ? 0.7 : 1;
        const tone = 0.95 + 0.1 * valueNoise(p[0] * 8, p[2] * 8, noiseSeed);
        c = [c[0] * tone * grout, c[1] * tone * grout, c[2] * tone * grout];
      } else {
        const tone = 0.85 + 0.3 * valueNoise(p[0] * 40, p[2] * 40, noiseSeed);
        c = [c[0] * tone, c[1] * tone, c[2] * tone];
      }
      out[0] = c[0];
      out[1] = c[1];
      out[2] = c[2];
    } else if (face === 1) {
      label = ROOM_LABEL.ceiling;
      normal = [0, -1, 0];
      out[0] = ceilingBase[0];
      out[1] = ceilingBase[1];
      out[2] = ceilingBase[2];
    } else {
      const wall = face - 2;
      normal = wall === 0 ? [1, 0, 0] : wall === 1 ? [-1, 0, 0] : wall === 2 ? [0, 0, 1] : [0, 0, -1];
      const u = wall < 2 ? p[2] : p[0];
      const v = p[1] - floorY;
      let c: Rgb = [...wallBase];
      if (wallKind === 'wallpaper') {
        const stripe = Math.floor(u / 0.08) % 2 === 0 ? 1 : 0.92;
        c = [c[0] * stripe, c[1] * stripe, c[2] * stripe];
      }
      const grain = 0.98 + 0.04 * valueNoise(u * 30, v * 30, noiseSeed + wall);
      c = [c[0] * grain, c[1] * grain, c[2] * grain];
      if (v < baseboard) c = v > baseboard - 0.012 ? [200, 200, 196] : [236, 236, 232];
      if (cornice > 0 && v > ceilingH - cornice) {
        const t = (ceilingH - v) / cornice;
        c = t < 0.45 ? [232, 232, 228] : [244, 244, 240];
      }
      for (const o of openings) {
        if (o.wall !== wall) continue;
        const frame = 0.05;
        if (u < o.u0 - frame || u > o.u1 + frame || v < o.v0 - (o.kind === 'door' ? 0 : frame) || v > o.v1 + frame) continue;
        label = ROOM_LABEL.opening;
        const inside = u > o.u0 && u < o.u1 && v > o.v0 && v < o.v1;
        if (!inside) c = [238, 238, 234];
        else if (o.kind === 'window') {
          const sky = 0.85 + 0.15 * ((v - o.v0) / (o.v1 - o.v0));
          const mullion = Math.abs(u - (o.u0 + o.u1) / 2) < 0.02;
          c = mullion ? [235, 235, 230] : [200 * sky + 40, 220 * sky + 30, 245];
          out[0] = c[0];
          out[1] = c[1];
          out[2] = c[2];
          return label; // glass: lit by the sky, not by the room
        } else {
          const panel = Math.abs(u - (o.u0 + o.u1) / 2) > (o.u1 - o.u0) * 0.38 || Math.abs(v - 1.05) < 0.02 ? 0.85 : 1;
          const [r, g, b] = options.doorColour ?? [150, 110, 80];
          c = [r * panel, g * panel, b * panel];
        }
      }
      out[0] = c[0];
      out[1] = c[1];
      out[2] = c[2];
    }
    shade(p, normal, out);
    return label;
  };

  const shade = (p: Vec3, n: Vec3, out: Rgb): void => {
    const lx = light[0] - p[0];
    const ly = light[1] - p[1];
    const lz = light[2] - p[2];
    const d = Math.hypot(lx, ly, lz) + 1e-6;
    const lambert = Math.max(0, (lx * n[0] + ly * n[1] + lz * n[2]) / d);
    // Light falls off into the corners and along the junctions (a cheap ambient occlusion): the two nearest surfaces.
    let e0 = Infinity;
    let e1 = Infinity;
    for (const e of [
      p[0] + room.left,
      room.right - p[0],
      p[2] + room.back,
      room.front - p[2],
      p[1] + camH,
      ceilingH - camH - p[1],
    ]) {
      if (e <= 1e-3) continue;
      if (e < e0) ((e1 = e0), (e0 = e));
      else if (e < e1) e1 = e;
    }
    const occlusion = 1 - 0.18 * Math.exp(-e0 / 0.25) - 0.12 * Math.exp(-e1 / 0.4);
    const k = (0.55 + 0.55 * lambert * (2.2 / (1 + 0.15 * d * d))) * occlusion;
    out[0] *= k;
    out[1] *= k;
    out[2] *= k;
  };

  const data = new Uint8Array(W * H * 3);
  const labels = new Uint8Array(W * H);
  const cx = W / 2;
  const cy = H / 2;
  const colour: Rgb = [0, 0, 0];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const px = x + (sx + 0.5) / ss;
          const py = y + (sy + 0.5) / ss;
          const dir = toWorld(pose, [px - cx, py - cy, focal]);
          // The box from inside: the nearest exit face.
          let t = Infinity;
          let face = -1;
          const test = (tt: number, f: number): void => {
            if (tt > 0 && tt < t) ((t = tt), (face = f));
          };
          if (dir[1] < 0) test(-camH / dir[1], 0);
          if (dir[1] > 0) test((ceilingH - camH) / dir[1], 1);
          if (dir[0] < 0) test(-room.left / dir[0], 2);
          if (dir[0] > 0) test(room.right / dir[0], 3);
          if (dir[2] < 0) test(-room.back / dir[2], 4);
          if (dir[2] > 0) test(room.front / dir[2], 5);
          let piece: Furniture | null = null;
          let pieceNormal: Vec3 = [0, 1, 0];
          for (const f of furniture) {
            let t0 = 0;
            let t1 = t;
            let axis = -1;
            let sign = 1;
            for (let k = 0; k < 3; k++) {
              const inv = 1 / dir[k]!;
              let ta = (f.min[k]! - 0) * inv;
              let tb = (f.max[k]! - 0) * inv;
              let s = -1;
              if (ta > tb) (([ta, tb] = [tb, ta]), (s = 1));
              if (ta > t0) ((t0 = ta), (axis = k), (sign = s));
              t1 = Math.min(t1, tb);
              if (t0 > t1) break;
            }
            if (t0 <= t1 && axis >= 0 && t0 < t) {
              t = t0;
              piece = f;
              pieceNormal = [axis === 0 ? sign : 0, axis === 1 ? sign : 0, axis === 2 ? sign : 0];
            }
          }
          const p: Vec3 = [dir[0] * t, dir[1] * t, dir[2] * t];
          let label: number;
          if (piece) {
            colour[0] = piece.colour[0];
            colour[1] = piece.colour[1];
            colour[2] = piece.colour[2];
            shade(p, pieceNormal, colour);
            label = ROOM_LABEL.object;
          } else label = colourOf(p, face, colour);
          if (sx === ss >> 1 && sy === ss >> 1) labels[y * W + x] = label;
          r += colour[0];
          g += colour[1];
          b += colour[2];
        }
      }
      const n = ss * ss;
      const jitter = (hash2(x, y, noiseSeed) - 0.5) * 5;
      const i = (y * W + x) * 3;
      data[i] = Math.max(0, Math.min(255, Math.round(r / n + jitter)));
      data[i + 1] = Math.max(0, Math.min(255, Math.round(g / n + jitter)));
      data[i + 2] = Math.max(0, Math.min(255, Math.round(b / n + jitter)));
    }
  }
  const [ha, hb, hc] = horizonLine(pose, focal, cx, cy);
  return {
    image: { data, width: W, height: H },
    labels,
    camera: { focalPx: focal, pitch, roll, yaw, heightM: camH },
    horizonY: -(ha * cx + hc) / hb,
    room,
    floor: { kind: floorKind, tileSizeM: tileSize },
  };
}
