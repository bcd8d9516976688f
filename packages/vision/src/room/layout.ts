import type { Segment } from '../walls/lines.ts';
import { toWorld, type CameraPose, type Vec3 } from './camera.ts';

/**
 * A box room around the camera, in the room frame (camera at the origin, Y up): walls at x = -left, x = +right,
 * z = -back, z = +front; the floor `eye` below the camera and the ceiling `ceiling` above it (metres).
 */
export interface BoxLayout {
  left: number;
  right: number;
  back: number;
  front: number;
  ceiling: number;
  eye: number;
}

/** Face codes of a rendered layout. */
export const FACE = { floor: 0, ceiling: 1, left: 2, right: 3, back: 4, front: 5 } as const;
export const FACE_COUNT = 6;

/** Per-pixel world ray directions for one camera at one resolution (pixel centres of a `width` x `height` grid). */
export interface RayGrid {
  readonly width: number;
  readonly height: number;
  readonly dx: Float32Array;
  readonly dy: Float32Array;
  readonly dz: Float32Array;
}

/** Rays of a grid that covers the photo (`scale` = grid size / photo size); the principal row defaults to the middle. */
export function rayGrid(
  pose: CameraPose,
  focal: number,
  photoW: number,
  photoH: number,
  width: number,
  height: number,
  principalY = photoH / 2,
): RayGrid {
  const n = width * height;
  const dx = new Float32Array(n);
  const dy = new Float32Array(n);
  const dz = new Float32Array(n);
  const sx = photoW / width;
  const sy = photoH / height;
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      const d = toWorld(pose, [(x + 0.5) * sx - photoW / 2, (y + 0.5) * sy - principalY, focal]);
      dx[i] = d[0];
      dy[i] = d[1];
      dz[i] = d[2];
    }
  }
  return { width, height, dx, dy, dz };
}

/** The face a ray of world direction (x, y, z) leaves the box through (the room seen from inside: the nearest exit). */
export function exitFace(x: number, y: number, z: number, box: BoxLayout): number {
  let t = Infinity;
  let face = 0;
  if (y < 0) ((t = -box.eye / y), (face = FACE.floor));
  else if (y > 0) ((t = box.ceiling / y), (face = FACE.ceiling));
  const tx = x > 0 ? box.right / x : x < 0 ? -box.left / x : Infinity;
  if (tx < t) ((t = tx), (face = x > 0 ? FACE.right : FACE.left));
  const tz = z > 0 ? box.front / z : z < 0 ? -box.back / z : Infinity;
  if (tz < t) face = z > 0 ? FACE.front : FACE.back;
  return face;
}

/** The face each ray of the grid leaves the box through. */
export function renderFaces(grid: RayGrid, box: BoxLayout, out = new Uint8Array(grid.width * grid.height)): Uint8Array {
  const { dx, dy, dz } = grid;
  for (let i = 0; i < out.length; i++) out[i] = exitFace(dx[i]!, dy[i]!, dz[i]!, box);
  return out;
}

/** Evidence the layout is fitted to, at the grid's resolution. */
export interface LayoutEvidence {
  /** Per face, per pixel: the log-likelihood of that face's surface class there (floor, ceiling, wall of each orientation). */
  readonly unary: Float32Array[];
  /** Per family (0: lines along X, 1: along Z, 2: vertical), 1 where a segment of that family passes (dilated 1 px). */
  readonly lines: Uint8Array[];
  /** Reward per boundary pixel that lies on a line of the right family. */
  readonly lineWeight: number;
}

/** Which line family the boundary between two faces runs along (-1: none). */
function boundaryFamily(a: number, b: number): number {
  if (a === b) return -1;
  const isXWall = (f: number): boolean => f === FACE.left || f === FACE.right;
  const isZWall = (f: number): boolean => f === FACE.back || f === FACE.front;
  const flat = (f: number): boolean => f === FACE.floor || f === FACE.ceiling;
  if ((flat(a) && isXWall(b)) || (flat(b) && isXWall(a))) return 1; // x = const wall meets floor/ceiling along Z
  if ((flat(a) && isZWall(b)) || (flat(b) && isZWall(a))) return 0;
  if ((isXWall(a) && isZWall(b)) || (isZWall(a) && isXWall(b))) return 2;
  return -1;
}

/** boundaryFamily of every pair of faces (index a * FACE_COUNT + b): scoreLayout asks twice per pixel per layout. */
const BOUNDARY_FAMILY = Int8Array.from({ length: FACE_COUNT * FACE_COUNT }, (_, k) =>
  boundaryFamily(Math.floor(k / FACE_COUNT), k % FACE_COUNT),
);

export function scoreLayout(faces: Uint8Array, grid: RayGrid, evidence: LayoutEvidence): { unary: number; lines: number } {
  const { width: w, height: h } = grid;
  let unary = 0;
  for (let i = 0; i < faces.length; i++) unary += evidence.unary[faces[i]!]![i]!;
  let lines = 0;
  for (let y = 0, i = 0; y < h; y++) {
    for (let x = 0; x < w; x++, i++) {
      const f = faces[i]!;
      if (x + 1 < w) {
        const fam = BOUNDARY_FAMILY[f * FACE_COUNT + faces[i + 1]!]!;
        if (fam >= 0 && (evidence.lines[fam]![i] || evidence.lines[fam]![i + 1])) lines++;
      }
      if (y + 1 < h) {
        const fam = BOUNDARY_FAMILY[f * FACE_COUNT + faces[i + w]!]!;
        if (fam >= 0 && (evidence.lines[fam]![i] || evidence.lines[fam]![i + w])) lines++;
      }
    }
  }
  return { unary, lines: lines * evidence.lineWeight };
}

const DISTANCES = Array.from({ length: 24 }, (_, k) => 0.4 * Math.pow(20 / 0.4, k / 23));
const CEILINGS = Array.from({ length: 16 }, (_, k) => 0.6 + k * 0.12);

/**
 * The box that best explains the evidence: coordinate descent over the four wall distances and the ceiling
 * height (the floor's depth below the eye fixes the scale), from a few starting rooms; each candidate is rendered
 * and scored (surface agreement + line support along its edges), in the manner of Hedau et al. 2009's box
 * hypotheses generated by rays from the vanishing points.
 */
export function fitBoxLayout(grid: RayGrid, evidence: LayoutEvidence, eye: number): { box: BoxLayout; score: number } {
  const faces = new Uint8Array(grid.width * grid.height);
  // Priors: rooms are rarely under 1.2 m from the lens to a wall, ceilings 2.3-3.3 m high (worth a few % of the frame).
  const n = grid.width * grid.height;
  const prior = (box: BoxLayout): number => {
    let p = 0;
    for (const d of [box.left, box.right, box.back, box.front]) p += Math.max(0, Math.log(1.2 / d));
    const ceilingHeight = box.ceiling + box.eye;
    p += Math.max(0, Math.log(2.3 / ceilingHeight)) + Math.max(0, Math.log(ceilingHeight / 3.3));
    return 0.3 * n * p;
  };
  const total = (box: BoxLayout): number => {
    const s = scoreLayout(renderFaces(grid, box, faces), grid, evidence);
    return s.unary + s.lines - prior(box);
  };
  let best: { box: BoxLayout; score: number } | null = null;
  for (const start of [2.5, 6]) {
    const box: BoxLayout = { left: start, right: start, back: start, front: start, ceiling: 1.1, eye };
    let score = total(box);
    for (let round = 0; round < 3; round++) {
      let moved = false;
      for (const key of ['front', 'left', 'right', 'back', 'ceiling'] as const) {
        const values = key === 'ceiling' ? CEILINGS : DISTANCES;
        let bestValue = box[key];
        for (const v of values) {
          box[key] = v;
          const s = total(box);
          if (s > score + 1e-6) ((score = s), (bestValue = v), (moved = true));
        }
        box[key] = bestValue;
      }
      if (!moved) break;
    }
    if (!best || score > best.score) best = { box: { ...box }, score };
  }
  return best!;
}

/** Rasterises segments of each family into 1-px-dilated maps at the grid's resolution. */
export function lineMaps(segments: readonly Segment[], family: Int8Array, scale: number, w: number, h: number): Uint8Array[] {
  const maps = [new Uint8Array(w * h), new Uint8Array(w * h), new Uint8Array(w * h)];
  segments.forEach((s, i) => {
    const f = family[i]!;
    if (f < 0) return;
    const map = maps[f]!;
    const steps = Math.max(1, Math.ceil(s.length * scale * 2));
    for (let k = 0; k <= steps; k++) {
      const x = Math.round((s.x1 + ((s.x2 - s.x1) * k) / steps) * scale - 0.5);
      const y = Math.round((s.y1 + ((s.y2 - s.y1) * k) / steps) * scale - 0.5);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx >= 0 && xx < w && yy >= 0 && yy < h) map[yy * w + xx] = 1;
        }
      }
    }
  });
  return maps;
}

/** A face of the box as a plane: its outward normal and its distance from the camera (metres). */
export function faceWorld(box: BoxLayout, face: number): { normal: Vec3; distance: number } {
  switch (face) {
    case FACE.floor:
      return { normal: [0, -1, 0], distance: box.eye };
    case FACE.ceiling:
      return { normal: [0, 1, 0], distance: box.ceiling };
    case FACE.left:
      return { normal: [-1, 0, 0], distance: box.left };
    case FACE.right:
      return { normal: [1, 0, 0], distance: box.right };
    case FACE.back:
      return { normal: [0, 0, -1], distance: box.back };
    default:
      return { normal: [0, 0, 1], distance: box.front };
  }
}
