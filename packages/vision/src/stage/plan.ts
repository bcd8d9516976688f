/**
 * A furniture plan for an empty room: which of the theme's pieces go where, posed in the room model's world frame.
 * Each room type is a small arrangement built around its main piece (sofa, bed, dining table, desk); the main
 * piece tries every free stretch of wall (or every free spot of floor) and the arrangement that keeps the most
 * pieces, facing the camera best, wins. Pieces stay inside the room on floor the photo shows, clear of doors (and
 * of windows when taller than the sill) and of each other (a rug lies under them). When the arrangement does not
 * fit, every piece is scaled down together, to 0.7 at least.
 */
import { TYPICAL_SIZE_CM } from '../place/sprite.ts';
import type { Point2, RoomModel } from '../room/types.ts';
import {
  corners as footprintCorners,
  footprint,
  keepClear,
  localToWorld,
  misfit,
  RUG_RULES,
  STANDING_RULES,
  yawToward,
  type FitRules,
  type Footprint,
  type KeepClear,
} from './footprint.ts';
import { CELL, CELL_M, roomFrame, type FrameWall, type RoomFrame } from './room-frame.ts';
import type { PlannedPiece, PlanOptions, RoomType, SizeCm, StageFurniture, StagingPlan } from './types.ts';

/** Scales tried for the whole arrangement, largest first (the spec's size_scale floor is 0.5; staging keeps 0.7). */
const SCALES = [1, 0.9, 0.8, 0.7] as const;
/** How far from its arrangement's centre a lamp or a plant may stand, metres. */
const ACCENT_REACH_M = 3.5;
/** Gap left between a wall and the back of a piece standing against it, metres. */
const WALL_GAP_M = 0.03;
/** Step along a wall when looking for free stretches, metres. */
const WALL_STEP_M = 0.05;

/** What stands in for a type the theme lacks, best first. */
const STAND_INS: Readonly<Record<string, readonly string[]>> = {
  nightstand: ['nightstand', 'side_table'],
  dresser: ['dresser', 'tv_stand', 'bookshelf'],
  bookshelf: ['bookshelf', 'dresser', 'tv_stand'],
  coffee_table: ['coffee_table', 'ottoman'],
  office_chair: ['dining_chair', 'armchair'],
};

interface Piece {
  type: string;
  size: SizeCm;
}

/** The pieces each room type is built from, and how many of them make the arrangement complete. */
const CORE_COUNT: Record<RoomType, number> = { living: 4, bedroom: 3, dining: 5, office: 2 };

/** A plan being built: pieces placed so far; cheap to fork while trying alternatives. */
class Draft {
  readonly pieces: PlannedPiece[] = [];
  readonly footprints: Footprint[] = [];
  /** Roles that found no place in the room. */
  readonly skipped: string[] = [];
  /** Roles the theme has no piece for. */
  readonly missing: string[] = [];
  constructor(
    readonly frame: RoomFrame,
    readonly clear: KeepClear,
    readonly scale: number,
  ) {}

  fork(): Draft {
    const d = new Draft(this.frame, this.clear, this.scale);
    d.pieces.push(...this.pieces);
    d.footprints.push(...this.footprints);
    d.skipped.push(...this.skipped);
    d.missing.push(...this.missing);
    return d;
  }

  fits(f: Footprint, rules: FitRules = f.flat ? RUG_RULES : STANDING_RULES): boolean {
    return misfit(this.frame, this.clear, this.footprints, f, rules) === null;
  }

  add(piece: Piece, f: Footprint, scale: number, wall: number | null): void {
    this.footprints.push(f);
    this.pieces.push({
      furnitureType: piece.type,
      pose: { position: [round(f.x), round(f.z)], yawDeg: normaliseYaw(f.yawDeg), scale: Math.round(scale * 1000) / 1000 },
      sizeCm: piece.size,
      wall,
    });
  }

  /** Places the first footprint that fits and returns it; null (the role noted as skipped or missing) when none does. */
  addFirst(
    piece: Piece | null,
    role: string,
    options: readonly { f: Footprint; scale: number; wall?: number | null }[],
  ): Footprint | null {
    if (!piece) {
      this.missing.push(role);
      return null;
    }
    for (const o of options) {
      if (this.fits(o.f)) {
        this.add(piece, o.f, o.scale, o.wall ?? null);
        return o.f;
      }
    }
    this.skipped.push(role);
    return null;
  }
}

const round = (v: number): number => Math.round(v * 1000) / 1000;
const normaliseYaw = (deg: number): number => {
  const d = ((deg % 360) + 360) % 360;
  return round(d > 180 ? d - 360 : d);
};

/** A spot against a wall: the footprint, and the free stretch of wall it was found in. */
interface WallSpot {
  f: Footprint;
  wall: FrameWall;
  /** Length of the free stretch (metres of wall where the piece could slide) and how far the spot is from its middle. */
  stretch: number;
  offCentre: number;
  /** 1 when the piece faces the camera squarely, 0 side-on, negative when it turns its back. */
  facing: number;
}

/** Where along each wall the piece can stand with its back to it: a few spots per free stretch, its middle first. */
function wallSpots(draft: Draft, piece: Piece, scale: number, rules?: FitRules): WallSpot[] {
  const spots: WallSpot[] = [];
  const hw = (piece.size.width / 200) * scale;
  const hd = (piece.size.depth / 200) * scale;
  for (const wall of draft.frame.walls) {
    const yaw = yawToward(wall.inward[0], wall.inward[1]);
    const at = (u: number): Footprint => {
      const off = hd + WALL_GAP_M;
      const [x, z] = wall.axis === 'x' ? [wall.at + wall.inward[0] * off, u] : [u, wall.at + wall.inward[1] * off];
      return footprint(x, z, yaw, piece.size, scale);
    };
    const valid: number[] = [];
    for (let u = wall.run[0] + hw; u <= wall.run[1] - hw + 1e-9; u += WALL_STEP_M) {
      if (draft.fits(at(u), rules)) valid.push(u);
    }
    // Contiguous runs of valid positions are the free stretches.
    let start = 0;
    for (let i = 1; i <= valid.length; i++) {
      if (i < valid.length && valid[i]! - valid[i - 1]! < WALL_STEP_M * 1.5) continue;
      const a = valid[start]!;
      const b = valid[i - 1]!;
      const mid = (a + b) / 2;
      const stretch = b - a + 2 * hw;
      for (const off of [0, -0.3, 0.3, -0.6, 0.6, -1, 1]) {
        const u = mid + off;
        if (u < a - 1e-9 || u > b + 1e-9) continue;
        const f = at(u);
        spots.push({ f, wall, stretch, offCentre: Math.abs(off), facing: facingCamera(f) });
      }
      start = i;
    }
  }
  return spots;
}

/** Cosine between a piece's front and the direction from it to the camera (at the world origin), on the floor. */
function facingCamera(f: Pick<Footprint, 'x' | 'z' | 'yawDeg'>): number {
  const t = (f.yawDeg * Math.PI) / 180;
  const d = Math.hypot(f.x, f.z) || 1;
  return (Math.sin(t) * -f.x + Math.cos(t) * -f.z) / d;
}

/**
 * A main piece far from the camera is small in the photo, its arrangement a little island at the back of an empty
 * floor: beyond 4.5 m each metre counts against the spot (a deep room then furnishes a side wall).
 */
function tooFar(f: Pick<Footprint, 'x' | 'z'>): number {
  return 1.5 * Math.max(0, Math.hypot(f.x, f.z) - 4.5);
}

/** Footprints that stand in the room's corners (walls meeting), turned toward the room's middle. */
function cornerSpots(draft: Draft, piece: Piece, scale: number): Footprint[] {
  const { walls } = draft.frame;
  const out: Footprint[] = [];
  const hw = (piece.size.width / 200) * scale;
  const hd = (piece.size.depth / 200) * scale;
  const r = Math.max(hw, hd) + 0.06;
  for (const a of walls) {
    if (a.axis !== 'x') continue;
    for (const b of walls) {
      if (b.axis !== 'z') continue;
      const x = a.at + a.inward[0] * r;
      const z = b.at + b.inward[1] * r;
      out.push(footprint(x, z, yawToward(a.inward[0] + b.inward[0], a.inward[1] + b.inward[1]), piece.size, scale));
    }
  }
  // Where a wall runs out of the frame or into a wall the model did not find, its visible end acts as a corner.
  for (const w of walls) {
    for (const end of [w.run[0] + r, w.run[1] - r]) {
      const [x, z] = w.axis === 'x' ? [w.at + w.inward[0] * r, end] : [end, w.at + w.inward[1] * r];
      out.push(footprint(x, z, yawToward(-x, -z), piece.size, scale));
    }
  }
  return out;
}

function pieceOf(furniture: readonly StageFurniture[], role: string): Piece | null {
  for (const type of STAND_INS[role] ?? [role]) {
    const found = furniture.find((f) => f.type === type);
    if (found) return { type, size: found.sizeCm ?? TYPICAL_SIZE_CM[type] ?? { width: 60, depth: 60, height: 80 } };
  }
  return null;
}

const distance = (a: Pick<Footprint, 'x' | 'z'>, b: Pick<Footprint, 'x' | 'z'>): number => Math.hypot(a.x - b.x, a.z - b.z);

/** The centre of the floor the photo shows (the mean of its bare cells). */
function floorCentre(frame: RoomFrame): Point2 {
  const { grid } = frame;
  let sx = 0;
  let sz = 0;
  let n = 0;
  for (let j = 0; j < grid.rows; j++) {
    for (let i = 0; i < grid.cols; i++) {
      if (grid.cells[j * grid.cols + i] !== CELL.floor) continue;
      sx += grid.x0 + (i + 0.5) * CELL_M;
      sz += grid.z0 + (j + 0.5) * CELL_M;
      n++;
    }
  }
  return n ? [sx / n, sz / n] : [0, 3];
}

/** The accents (floor lamp, plant): room corners first, near `near` (the arrangement's centre) for the lamp. */
function addAccent(
  draft: Draft,
  piece: Piece | null,
  role: string,
  near: Point2,
  extra: readonly Footprint[] = [],
): Footprint | null {
  if (!piece) return draft.addFirst(null, role, []);
  const s = draft.scale;
  const windows = draft.frame.walls.flatMap((w) =>
    w.openings
      .filter((o) => o.kind === 'window')
      .map((o): Point2 => {
        const u = (o.u0 + o.u1) / 2;
        return w.axis === 'x' ? [w.at, u] : [u, w.at];
      }),
  );
  const others = draft.footprints.filter((f) => !f.flat);
  const score = (f: Footprint): number => {
    const fromOthers = Math.min(3, ...others.map((o) => distance(f, o)));
    const toNear = Math.hypot(f.x - near[0], f.z - near[1]);
    const toWindow = Math.min(4, ...windows.map((w) => Math.hypot(f.x - w[0], f.z - w[1])));
    // An accent is there to be seen, and must not hide the arrangement: a plant in the corner behind the sofa
    // showed only its leaf tips, and one before a sofa hid it.
    const hidden = 3 * Math.max(hiddenFromCamera(f, others), ...others.map((o) => hiddenFromCamera(o, [f])));
    return (role === 'plant' ? fromOthers - 0.4 * toWindow - 0.1 * toNear : -toNear + 0.3 * fromOthers) - hidden;
  };
  // Corners first; where none is free (or in view), any free spot along a wall, the best placed first.
  const corners = [...cornerSpots(draft, piece, s), ...extra].sort((a, b) => score(b) - score(a));
  const alongWalls = wallSpots(draft, piece, s)
    .map((w) => w.f)
    .sort((a, b) => score(b) - score(a));
  // An accent belongs to the arrangement: not across the room from it (nor where a poor layout runs the floor far off).
  const candidates = [...corners, ...alongWalls].filter((f) => Math.hypot(f.x - near[0], f.z - near[1]) <= ACCENT_REACH_M);
  return draft.addFirst(
    piece,
    role,
    candidates.map((f) => ({ f, scale: s })),
  );
}

/**
 * How much of a piece the camera (at the world origin) sees through nearer standing pieces, 0..1: the share of its
 * angular width that a nearer piece spans, weighted by how much of its height that piece covers.
 */
export function hiddenFromCamera(f: Footprint, others: readonly Footprint[]): number {
  const span = (g: Footprint): [number, number] => {
    const bearings = footprintCorners(g).map(([x, z]) => Math.atan2(x, z));
    return [Math.min(...bearings), Math.max(...bearings)];
  };
  const [a0, a1] = span(f);
  const own = Math.hypot(f.x, f.z);
  let hidden = 0;
  for (const o of others) {
    if (o === f || o.flat || Math.hypot(o.x, o.z) >= own) continue;
    const [b0, b1] = span(o);
    const covered = Math.max(0, Math.min(a1, b1) - Math.max(a0, b0)) / Math.max(1e-6, a1 - a0);
    hidden = Math.max(hidden, covered * Math.min(1, o.heightM / Math.max(0.01, f.heightM)));
  }
  return hidden;
}

/** Scales a rug is tried at: the arrangement's, then smaller, never under 0.7. */
function rugScales(s: number): number[] {
  return [s, 0.9 * s, 0.8 * s, 0.7].filter((k, i, a) => k >= 0.7 - 1e-9 && a.indexOf(k) === i);
}

/** Against-wall spots for a piece, best first by `score`. */
function bestWallSpots(
  d: Draft,
  piece: Piece | null,
  score: (w: WallSpot) => number,
): { f: Footprint; scale: number; wall: number }[] {
  if (!piece) return [];
  return wallSpots(d, piece, d.scale)
    .map((w) => ({ w, score: score(w) }))
    .sort((a, b) => b.score - a.score)
    .map(({ w }) => ({ f: w.f, scale: d.scale, wall: w.wall.index }));
}

/** Tries the main piece at every spot `spots` gives, arranges the rest around it, keeps the best arrangement. */
function bestArrangement<T>(
  draft: Draft,
  roomType: RoomType,
  spots: readonly T[],
  arrange: (d: Draft, spot: T) => number,
): Draft | null {
  let best: { draft: Draft; score: number } | null = null;
  for (const spot of spots) {
    const d = draft.fork();
    const bonus = arrange(d, spot);
    const score = 10 * Math.min(CORE_COUNT[roomType], d.pieces.length) + 4 * d.pieces.length + bonus;
    if (!best || score > best.score) best = { draft: d, score };
  }
  return best?.draft ?? null;
}

function planLiving(draft: Draft, furniture: readonly StageFurniture[]): Draft {
  const s = draft.scale;
  const sofa = pieceOf(furniture, 'sofa');
  const rug = pieceOf(furniture, 'rug');
  const table = pieceOf(furniture, 'coffee_table');
  const armchair = pieceOf(furniture, 'armchair');
  const lamp = pieceOf(furniture, 'floor_lamp');
  const plant = pieceOf(furniture, 'plant');
  const spots = sofa ? wallSpots(draft, sofa, s) : [];
  const best = bestArrangement(draft, 'living', spots, (d, spot) => {
    const S = spot.f;
    d.add(sofa!, S, s, spot.wall.index);
    // The rug centred before the sofa, its near edge under the sofa's front legs; the coffee table on it.
    const rugFrom = S.halfD - 0.2 * s;
    const R = d.addFirst(
      rug,
      'rug',
      (rug ? rugScales(s) : []).map((k) => {
        const [x, z] = localToWorld(S, 0, rugFrom + (rug!.size.depth / 200) * k);
        return { f: footprint(x, z, S.yawDeg, rug!.size, k, true), scale: k };
      }),
    );
    const tableHalfD = table ? (table.size.depth / 200) * s : 0.3 * s;
    const tableZ = Math.max(S.halfD + 0.42 * s + tableHalfD, R ? rugFrom + R.halfD : 0);
    const T = d.addFirst(
      table,
      'coffee_table',
      [0, 0.1, -0.05, 0.2].map((dz) => {
        const [x, z] = localToWorld(S, 0, tableZ + dz);
        return { f: footprint(x, z, S.yawDeg, table?.size ?? { width: 100, depth: 60, height: 40 }, s), scale: s };
      }),
    );
    // The armchair beside the table, turned toward it; the side and spot that show its front best.
    const [tx, tz] = T ? [T.x, T.z] : localToWorld(S, 0, tableZ);
    const tableHalfW = T ? T.halfW : 0.5 * s;
    const chairs: { f: Footprint; scale: number; score: number }[] = [];
    if (armchair) {
      const hw = (armchair.size.width / 200) * s;
      const hd = (armchair.size.depth / 200) * s;
      const at = (lx: number, lz: number, penalty: number): void => {
        const [x, z] = localToWorld(S, lx, lz);
        const f = footprint(x, z, yawToward(tx - x, tz - z), armchair.size, s);
        // A chair that turns its back on the camera shows little of itself.
        chairs.push({ f, scale: s, score: facingCamera(f) - penalty });
      };
      for (const side of [-1, 1]) {
        // Beside the table, turned toward it.
        for (const [dx, dz] of [
          [0, 0.3],
          [0, 0.05],
          [0.15, 0.5],
          [-0.1, 0.7],
        ] as const) {
          at(side * (tableHalfW + 0.35 * s + hw + dx), tableZ + dz * s, 0.3 * Math.hypot(dx, dz));
        }
        // Across the table from the sofa, a little to one side.
        at(side * 0.45 * tableHalfW, tableZ + tableHalfD + 0.45 * s + hd, 0.25);
      }
      chairs.sort((a, b) => b.score - a.score);
    }
    d.addFirst(armchair, 'armchair', chairs);
    const besideSofa = (piece: Piece | null): Footprint[] =>
      piece
        ? [-1, 1].map((side) => {
            const [x, z] = localToWorld(
              S,
              side * (S.halfW + 0.1 + (piece.size.width / 200) * s),
              -S.halfD + (piece.size.depth / 200) * s,
            );
            return footprint(x, z, S.yawDeg, piece.size, s);
          })
        : [];
    addAccent(d, lamp, 'floor_lamp', [S.x, S.z], besideSofa(lamp));
    addAccent(d, plant, 'plant', [tx, tz], besideSofa(plant));
    return spot.stretch * (0.6 + 0.4 * Math.max(0, spot.facing)) - 0.5 * spot.offCentre - tooFar(spot.f);
  });
  if (best) return best;
  for (const role of ['sofa', 'rug', 'coffee_table', 'armchair', 'floor_lamp', 'plant'])
    draft.addFirst(pieceOf(furniture, role), role, []);
  return draft;
}

function planBedroom(draft: Draft, furniture: readonly StageFurniture[]): Draft {
  const s = draft.scale;
  const bed = pieceOf(furniture, 'bed');
  const nightstand = pieceOf(furniture, 'nightstand');
  const rug = pieceOf(furniture, 'rug');
  const dresser = pieceOf(furniture, 'dresser');
  const plant = pieceOf(furniture, 'plant');
  const lamp = pieceOf(furniture, 'floor_lamp');
  // The bed's head against the wall opposite a door (same axis, other side) when the photo shows one.
  const doorWalls = draft.frame.walls.filter((w) => w.openings.some((o) => o.kind === 'door'));
  const oppositeDoor = (w: FrameWall): boolean => doorWalls.some((d) => d.axis === w.axis && d.side !== w.side);
  const spots = bed ? wallSpots(draft, bed, s) : [];
  const best = bestArrangement(draft, 'bedroom', spots, (d, spot) => {
    const B = spot.f;
    d.add(bed!, B, s, spot.wall.index);
    let stands = 0;
    for (const side of [-1, 1]) {
      const options = nightstand
        ? [0.06, 0.12].map((gap) => {
            const [x, z] = localToWorld(
              B,
              side * (B.halfW + gap + (nightstand.size.width / 200) * s),
              -B.halfD + (nightstand.size.depth / 200) * s,
            );
            return { f: footprint(x, z, B.yawDeg, nightstand.size, s), scale: s, wall: spot.wall.index };
          })
        : [];
      if (d.addFirst(nightstand, 'nightstand', options)) stands++;
    }
    // The rug across the lower part of the bed, reaching past its foot.
    d.addFirst(
      rug,
      'rug',
      (rug ? rugScales(s) : []).map((k) => {
        const [x, z] = localToWorld(B, 0, B.halfD - (rug!.size.depth / 200) * k + 0.45 * k);
        return { f: footprint(x, z, B.yawDeg, rug!.size, k, true), scale: k };
      }),
    );
    d.addFirst(
      dresser,
      'dresser',
      bestWallSpots(d, dresser, (w) => w.facing + 0.3 * Math.min(3, distance(w.f, B)) - 0.3 * w.offCentre),
    );
    addAccent(d, plant, 'plant', [B.x, B.z]);
    if (d.pieces.length < 6) addAccent(d, lamp, 'floor_lamp', [B.x, B.z]);
    return (
      stands -
      tooFar(spot.f) +
      (oppositeDoor(spot.wall) ? 4 : 0) +
      1.5 * Math.max(0, spot.facing) +
      0.3 * spot.stretch -
      0.5 * spot.offCentre
    );
  });
  if (best) return best;
  for (const role of ['bed', 'nightstand', 'rug', 'dresser', 'plant']) draft.addFirst(pieceOf(furniture, role), role, []);
  return draft;
}

function planDining(draft: Draft, furniture: readonly StageFurniture[]): Draft {
  const s = draft.scale;
  const table = pieceOf(furniture, 'dining_table');
  const chair = pieceOf(furniture, 'dining_chair');
  const plant = pieceOf(furniture, 'plant');
  const sideboard = pieceOf(furniture, 'dresser');
  const centre = floorCentre(draft.frame);
  const { grid } = draft.frame;
  // The table on a 20 cm lattice over the floor, along either room axis, where it fits.
  const spots: Footprint[] = [];
  const step = 0.2;
  if (table) {
    for (let z = grid.z0 + step / 2; z < grid.z0 + grid.rows * CELL_M; z += step) {
      for (let x = grid.x0 + step / 2; x < grid.x0 + grid.cols * CELL_M; x += step) {
        for (const yaw of [0, 90]) {
          const T = footprint(x, z, yaw, table.size, s);
          if (draft.fits(T)) spots.push(T);
        }
      }
    }
  }
  const best = bestArrangement(draft, 'dining', spots, (d, T) => {
    d.add(table!, T, s, null);
    let chairs = 0;
    if (chair) {
      const hd = (chair.size.depth / 200) * s;
      const long = T.halfW >= 0.75;
      // Two to a long side (one on a short table) and one at each end, square to the table's edge.
      const seats: [number, number, number][] = [];
      for (const side of [-1, 1])
        for (const lx of long ? [-T.halfW / 2, T.halfW / 2] : [0])
          seats.push([lx, side * (T.halfD + hd + 0.06), side > 0 ? 180 : 0]);
      if (long) for (const side of [-1, 1]) seats.push([side * (T.halfW + hd + 0.06), 0, side > 0 ? -90 : 90]);
      for (const [lx, lz, turn] of seats) {
        const [cx, cz] = localToWorld(T, lx, lz);
        const f = footprint(cx, cz, T.yawDeg + turn, chair.size, s);
        if (d.fits(f)) {
          d.add(chair, f, s, null);
          chairs++;
        }
      }
    }
    if (chairs === 0) d.addFirst(chair, 'dining_chair', []);
    // Toward the middle of the floor; the table's long side across the view shows its length.
    return chairs - 2 * Math.hypot(T.x - centre[0], T.z - centre[1]) + (Math.abs(facingCamera(T)) > 0.7 ? 0.3 : 0);
  });
  if (!best) {
    for (const role of ['dining_table', 'dining_chair']) draft.addFirst(pieceOf(furniture, role), role, []);
    return draft;
  }
  const T = best.footprints[0]!;
  best.addFirst(
    sideboard,
    'dresser',
    bestWallSpots(best, sideboard, (w) => w.facing - 0.3 * w.offCentre - 0.2 * distance(w.f, T)),
  );
  addAccent(best, plant, 'plant', [T.x, T.z]);
  return best;
}

function planOffice(draft: Draft, furniture: readonly StageFurniture[]): Draft {
  const s = draft.scale;
  const desk = pieceOf(furniture, 'desk');
  const chair = pieceOf(furniture, 'office_chair');
  const shelf = pieceOf(furniture, 'bookshelf');
  const rug = pieceOf(furniture, 'rug');
  const lamp = pieceOf(furniture, 'floor_lamp');
  const plant = pieceOf(furniture, 'plant');
  const underWindow = (spot: WallSpot): boolean =>
    spot.wall.openings.some((o) => {
      const u = spot.wall.axis === 'x' ? spot.f.z : spot.f.x;
      return o.kind === 'window' && u > o.u0 && u < o.u1;
    });
  const spots = desk ? wallSpots(draft, desk, s) : [];
  const best = bestArrangement(draft, 'office', spots, (d, spot) => {
    const D = spot.f;
    d.add(desk!, D, s, spot.wall.index);
    // The chair in front of the desk, facing it.
    d.addFirst(
      chair,
      'office_chair',
      chair
        ? [0.06, 0.15].map((gap) => {
            const [x, z] = localToWorld(D, 0, D.halfD + (chair.size.depth / 200) * s + gap);
            return { f: footprint(x, z, D.yawDeg + 180, chair.size, s), scale: s };
          })
        : [],
    );
    d.addFirst(
      shelf,
      'bookshelf',
      bestWallSpots(d, shelf, (w) => w.facing + 0.3 * Math.min(3, distance(w.f, D)) - 0.3 * w.offCentre),
    );
    d.addFirst(
      rug,
      'rug',
      (rug ? rugScales(0.8 * s) : []).map((k) => {
        const [x, z] = localToWorld(D, 0, D.halfD + (rug!.size.depth / 200) * k - 0.1);
        return { f: footprint(x, z, D.yawDeg, rug!.size, k, true), scale: k };
      }),
    );
    addAccent(d, plant, 'plant', [D.x, D.z]);
    addAccent(d, lamp, 'floor_lamp', [D.x, D.z]);
    return (underWindow(spot) ? 1 : 0) - tooFar(spot.f) + Math.max(0, spot.facing) + 0.2 * spot.stretch - 0.5 * spot.offCentre;
  });
  if (best) return best;
  for (const role of ['desk', 'office_chair', 'bookshelf']) draft.addFirst(pieceOf(furniture, role), role, []);
  return draft;
}

const PLANNERS: Record<RoomType, (draft: Draft, furniture: readonly StageFurniture[]) => Draft> = {
  living: planLiving,
  bedroom: planBedroom,
  dining: planDining,
  office: planOffice,
};

/** The roles that make each arrangement: all of them placed (or lacking in the theme) means the scale can stay. */
const ESSENTIALS: Record<RoomType, readonly string[]> = {
  living: ['sofa', 'rug', 'coffee_table', 'armchair'],
  bedroom: ['bed', 'nightstand', 'rug'],
  dining: ['dining_table', 'dining_chair'],
  office: ['desk', 'office_chair'],
};

/**
 * The furniture plan for a room of this type in this theme: each piece's type and pose, in order of importance.
 * `options.furniture` lists what the theme has (a type it lacks is stood in for where that makes sense, e.g. a
 * side table for a nightstand, else left out and named in `skipped`). The whole arrangement is planned at
 * size_scale 1, then 0.9, 0.8, 0.7 until its essentials fit; failing that, the scale that placed most pieces.
 */
export function planStaging(room: RoomModel, roomType: RoomType, theme: string, options: PlanOptions): StagingPlan {
  const frame = roomFrame(room, options.detections, options.brightSpots);
  const clear = keepClear(frame);
  let chosen: Draft | null = null;
  for (const scale of SCALES) {
    const d = PLANNERS[roomType](new Draft(frame, clear, scale), options.furniture);
    if (!chosen || d.pieces.length > chosen.pieces.length) chosen = d;
    if (ESSENTIALS[roomType].every((role) => !d.skipped.includes(role))) {
      chosen = d;
      break;
    }
  }
  const d = chosen!;
  return { roomType, theme, pieces: d.pieces, scale: d.scale, skipped: [...new Set([...d.missing, ...d.skipped])] };
}
