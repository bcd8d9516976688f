/**
 * Footprints on the floor (oriented rectangles, world [X, Z]) and the rules a planned piece must keep: inside the
 * room, on floor the photo shows, in the frame, clear of other pieces, of doors, and of windows when tall.
 */
import type { Point2 } from '../room/types.ts';
import { CELL, CELL_M, cellAt, project, type RoomFrame } from './room-frame.ts';
import type { SizeCm } from './types.ts';

export interface Footprint {
  /** Centre on the floor, world [X, Z]. */
  x: number;
  z: number;
  /** PiecePose yaw: the piece's front (+Z of its mesh) faces world (sin yaw, cos yaw). */
  yawDeg: number;
  /** Half width (along the piece's own X) and half depth, metres, after scaling. */
  halfW: number;
  halfD: number;
  heightM: number;
  /** Rugs lie under other pieces; nothing else may overlap. */
  flat: boolean;
}

/** Space kept between two pieces that stand side by side, metres. */
const CLEARANCE_M = 0.04;
/** Depth kept clear in front of a door (its swing and the way in), metres, and beyond its frame on either side. */
const DOOR_DEPTH_M = 1.0;
const DOOR_SIDE_M = 0.15;
/** A piece taller than a window's sill keeps this far from the wall under it. */
const WINDOW_DEPTH_M = 0.5;

export function footprint(x: number, z: number, yawDeg: number, size: SizeCm, scale: number, flat = false): Footprint {
  return {
    x,
    z,
    yawDeg,
    halfW: (size.width / 200) * scale,
    halfD: (size.depth / 200) * scale,
    heightM: (size.height / 100) * scale,
    flat,
  };
}

/** Yaw (degrees) that turns a piece's front toward the floor direction [dx, dz]. */
export function yawToward(dx: number, dz: number): number {
  const deg = (Math.atan2(dx, dz) * 180) / Math.PI;
  return Math.round(deg * 1000) / 1000;
}

/** World point of a footprint-local [x, z] (x along the piece's width, z toward its front). */
export function localToWorld(f: Pick<Footprint, 'x' | 'z' | 'yawDeg'>, lx: number, lz: number): Point2 {
  const t = (f.yawDeg * Math.PI) / 180;
  const c = Math.cos(t);
  const s = Math.sin(t);
  return [f.x + lx * c + lz * s, f.z - lx * s + lz * c];
}

export function corners(f: Footprint, grow = 0): Point2[] {
  const w = f.halfW + grow;
  const d = f.halfD + grow;
  return [localToWorld(f, -w, -d), localToWorld(f, w, -d), localToWorld(f, w, d), localToWorld(f, -w, d)];
}

/** Whether two convex polygons overlap (separating axis test; touching counts as apart). */
export function polygonsOverlap(a: readonly Point2[], b: readonly Point2[]): boolean {
  for (const poly of [a, b]) {
    for (let i = 0; i < poly.length; i++) {
      const p = poly[i]!;
      const q = poly[(i + 1) % poly.length]!;
      const nx = q[1] - p[1];
      const nz = p[0] - q[0];
      let aMin = Infinity;
      let aMax = -Infinity;
      let bMin = Infinity;
      let bMax = -Infinity;
      for (const v of a) {
        const d = v[0] * nx + v[1] * nz;
        aMin = Math.min(aMin, d);
        aMax = Math.max(aMax, d);
      }
      for (const v of b) {
        const d = v[0] * nx + v[1] * nz;
        bMin = Math.min(bMin, d);
        bMax = Math.max(bMax, d);
      }
      if (aMax <= bMin + 1e-9 || bMax <= aMin + 1e-9) return false;
    }
  }
  return true;
}

/** Area of a simple polygon. */
export function polygonArea(poly: readonly Point2[]): number {
  let s = 0;
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i]!;
    const q = poly[(i + 1) % poly.length]!;
    s += p[0] * q[1] - q[0] * p[1];
  }
  return Math.abs(s) / 2;
}

/** The floor zones no standing piece may enter: in front of every door, and (for tall pieces) under windows. */
export interface KeepClear {
  doors: Point2[][];
  /** Each with the sill height (metres above the floor) a piece must stay under to stand there. */
  windows: { zone: Point2[]; sillM: number }[];
}

export function keepClear(frame: RoomFrame): KeepClear {
  const doors: Point2[][] = [];
  const windows: { zone: Point2[]; sillM: number }[] = [];
  for (const w of frame.walls) {
    for (const o of w.openings) {
      const [a, b, depth] =
        o.kind === 'door' ? [o.u0 - DOOR_SIDE_M, o.u1 + DOOR_SIDE_M, DOOR_DEPTH_M] : [o.u0 + 0.1, o.u1 - 0.1, WINDOW_DEPTH_M];
      if (b <= a) continue;
      const at = (u: number, d: number): Point2 => (w.axis === 'x' ? [w.at + w.inward[0] * d, u] : [u, w.at + w.inward[1] * d]);
      const zone = [at(a, 0), at(b, 0), at(b, depth), at(a, depth)];
      if (o.kind === 'door') doors.push(zone);
      else windows.push({ zone, sillM: o.v0 });
    }
  }
  return { doors, windows };
}

export interface FitRules {
  /** Share of the footprint that must lie on floor the photo shows (bare, in the frame). */
  minVisible: number;
  /** Share of the piece's box on screen that must lie inside the frame. */
  minInFrame: number;
}

export const STANDING_RULES: FitRules = { minVisible: 0.85, minInFrame: 0.95 };
export const RUG_RULES: FitRules = { minVisible: 0.7, minInFrame: 0.6 };

/** Why a footprint cannot stand where it is, or null when it can. */
export function misfit(
  frame: RoomFrame,
  clear: KeepClear,
  placed: readonly Footprint[],
  f: Footprint,
  rules: FitRules,
): string | null {
  const poly = corners(f);
  const { bounds } = frame;
  const eps = 0.005;
  for (const [x, z] of poly) {
    if (x < bounds.minX - eps || x > bounds.maxX + eps || z < bounds.minZ - eps || z > bounds.maxZ + eps)
      return 'outside the room';
  }
  // On the floor the photo shows, clear of objects in it.
  const nx = Math.max(2, Math.ceil((2 * f.halfW) / CELL_M));
  const nz = Math.max(2, Math.ceil((2 * f.halfD) / CELL_M));
  let shown = 0;
  let blocked = 0;
  for (let j = 0; j < nz; j++) {
    for (let i = 0; i < nx; i++) {
      const [x, z] = localToWorld(f, -f.halfW + ((i + 0.5) * 2 * f.halfW) / nx, -f.halfD + ((j + 0.5) * 2 * f.halfD) / nz);
      const c = cellAt(frame.grid, x, z);
      if (c === CELL.floor) shown++;
      else if (c === CELL.blocked) blocked++;
    }
  }
  const n = nx * nz;
  if (blocked > 0.03 * n) return 'on furniture already in the photo';
  if (shown < rules.minVisible * n) return 'out of view';
  if (inFrameShare(frame, f) < rules.minInFrame) return 'cut by the frame';
  for (const other of placed) {
    if (f.flat !== other.flat) continue;
    if (polygonsOverlap(corners(f, CLEARANCE_M / 2), corners(other, CLEARANCE_M / 2))) return 'on another piece';
  }
  if (f.flat) return null;
  for (const door of clear.doors) if (polygonsOverlap(poly, door)) return 'in front of a door';
  for (const w of clear.windows) if (f.heightM > w.sillM && polygonsOverlap(poly, w.zone)) return 'in front of a window';
  return null;
}

/** Share of the piece's on-screen box (its 3D box's corners projected) that lies inside the frame. */
export function inFrameShare(frame: RoomFrame, f: Footprint): number {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, z] of corners(f)) {
    for (const y of [-frame.eyeM, -frame.eyeM + Math.max(0.01, f.heightM)]) {
      const q = project(frame, [x, y, z]);
      if (!q || q.depth < 0.3) return 0;
      x0 = Math.min(x0, q.x);
      y0 = Math.min(y0, q.y);
      x1 = Math.max(x1, q.x);
      y1 = Math.max(y1, q.y);
    }
  }
  const area = Math.max(1e-6, (x1 - x0) * (y1 - y0));
  const iw = Math.max(0, Math.min(frame.width, x1) - Math.max(0, x0));
  const ih = Math.max(0, Math.min(frame.height, y1) - Math.max(0, y0));
  return (iw * ih) / area;
}
