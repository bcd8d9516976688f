import type { RgbImage } from '../image.ts';
import { forEachPatch, type Mask } from '../mask.ts';
import { roomLabelsAtSize } from '../room/labels.ts';
import { ROOM_LABEL, type Point2, type RoomModel } from '../room/types.ts';
import { membrane } from './diffusion.ts';
import { chebyshev } from './patchmatch.ts';
import { insidePolygon, insideRow, labelledRingShare, rowCrossings, type PhotoWindow } from './plane-guide.ts';
import { FOOT_SIDE } from './wall-foot.ts';

/** Fewest hole pixels on one wall for the plain-wall fill to take that wall's part. */
const MIN_WALL_HOLE = 200;
/** The wall around the hole it learns from, as a share of the hole's own extent (and at least MIN_MARGIN px). */
const MARGIN_SHARE = 0.25;
const MIN_MARGIN = 32;
/** A luminance change (sum of the two central differences, 0..255) above this is an edge: a frame, a switch, a shadow line. */
export const EDGE = 10;
/** Known pixels this close (px) to an edge are not plain wall (the edge's own blur). */
export const EDGE_CLEARANCE = 2;
/** Flat wall pixels this close (px) to the hole's wall part start the plain wall's flood. */
const SEED_REACH = 8;
/** A patch of plain wall this bright on average (luma) is blown-out glass, not the wall's light (dropBlownPatches). */
const BLOWN_PLAIN_LUMA = 245;
/** Fewest plain wall pixels to learn the wall's light from. */
const MIN_PLAIN = 400;
/** The wall's texture is judged on its known pixels this close (px) to the hole. */
const TEXTURE_REACH = 32;
/**
 * Share of the wall's known pixels around the hole that must be flat for the wall to count as painted (brick,
 * tiles, wallpaper and panelling have edges everywhere: those go to the exemplar fill, which copies their pattern).
 */
const MIN_PLAIN_SHARE = 0.55;
/** The known pixels ringing the wall's part of the hole must be mostly that wall (not the rest of a bed). */
const MIN_WALL_RING = 0.5;
const RING = 4;

export interface WallFill {
  readonly image: RgbImage;
  /** What is left of the hole for the exemplar fill (other surfaces, and textured walls). */
  readonly rest: Mask;
}

/**
 * The part of a hole that lies on a painted wall, filled with that wall's own light: a membrane interpolation
 * (Laplace) from the plain wall pixels around the hole only, with the wall's grain added back. Behind a removed
 * bed or wardrobe a painted wall is a smooth gradient of light, and it is what a stager expects to see; the
 * exemplar fill copied patches of other shades and picture-frame edges into it (a blotchy block, seen on listing
 * bedrooms), and a plain diffusion took its rim's colours from the floor and furniture around the hole. Pictures,
 * switches, the skirting and anything with an edge are left out of what the wall is learnt from. Null when no wall
 * part of the hole qualifies; a textured wall is left to the exemplar fill.
 *
 * The layout's ceiling counts as one more wall here. Where the layout runs its ceiling down over a wall (a photo
 * of walls without their ceiling, `furnished_houses_163`: the headboard's wall was filled in two bands, the upper
 * one by the exemplar fill as grey blotches), the wall is filled whole; where a tall piece (a refrigerator) hid the
 * real junction, the membrane carries the wall's light softly into the ceiling's instead of the exemplar fill's
 * blotchy block (`_147_kitchen`). Flat ceiling pixels qualify as the wall's do: plain, and reached from the rim.
 */
export function fillPlainWalls(
  image: RgbImage,
  hole: Mask,
  room: RoomModel,
  farFloor?: Uint8Array,
  footSide?: Uint8Array,
): WallFill | null {
  const { width: w, height: h } = image;
  const s = room.width / w;
  if (Math.abs(s - room.height / h) > 0.01 * s) return null;
  const surfaces = room.ceiling ? [...room.walls, room.ceiling] : room.walls;
  const polygons = surfaces.map((surface) => surface.polygon.map(([x, y]) => [x / s, y / s] as Point2));
  const surfaceOf = new Int16Array(w * h).fill(-1);
  const holeCount = new Int32Array(polygons.length);
  let crossingsRow = -1;
  let crossings: number[][] = [];
  for (let i = 0; i < hole.data.length; i++) {
    // Below the photo's own foot (wall-foot.ts) is floor, whatever the layout says.
    if (!hole.data[i] || footSide?.[i] === FOOT_SIDE.floor) continue;
    const x = i % w;
    const y = (i - x) / w;
    if (y !== crossingsRow) {
      crossingsRow = y;
      crossings = polygons.map((polygon) => (polygon.length >= 3 ? rowCrossings(polygon, y + 0.5) : []));
    }
    const k = crossings.findIndex((row) => insideRow(row, x + 0.5));
    if (k < 0) continue;
    surfaceOf[i] = k;
    holeCount[k]!++;
  }
  // A hole pixel takes the wall above it where the photo's foot says it is wall, or (with no foot seen) where the
  // floor's fill found it too far.
  const carried = footSide ?? farFloor;
  if (carried) {
    const wallOver = (x: number, y: number): number => {
      for (let yy = y; yy >= 0; yy--) {
        const k = polygons.findIndex((polygon) => polygon.length >= 3 && insidePolygon(polygon, x + 0.5, yy + 0.5));
        if (k >= 0) return k;
      }
      return -1;
    };
    const carries = (i: number): boolean =>
      footSide?.[i] ? footSide[i] === FOOT_SIDE.wall : Boolean(farFloor?.[i]);
    wallDownToNearFloor(surfaceOf, holeCount, hole, carries, footSide ? wallOver : null, w, h);
  }
  // Pixels labelled wall or ceiling: what the plain surface is learnt from (one upsampling of the labels).
  const labels = roomLabelsAtSize(room, w, h);
  // A window or door beside the hole says the hole lies on a wall as surely as the wall does: it counts as wall in
  // the ring test below, never as a source of the wall's light. Counted as furniture, a bed under a window
  // (`furnished_houses_107`) went to the exemplar fill, which painted its wall with the carpet.
  const wallOrCeiling = labels.map((label) => (label === ROOM_LABEL.wall || label === ROOM_LABEL.ceiling ? 1 : 0));
  const wallWithOpenings = labels.map((label) =>
    label === ROOM_LABEL.wall || label === ROOM_LABEL.ceiling || label === ROOM_LABEL.opening ? 1 : 0,
  );
  const out = new Uint8Array(image.data);
  const rest = new Uint8Array(hole.data);
  // The walls' parts are filled together, from the plain pixels of every wall: the layout's corner between two
  // walls is often not where the photo's is, and two separate fills met in a hard seam there (seen).
  const parts = new Uint8Array(w * h);
  for (let i = 0; i < parts.length; i++) {
    const k = surfaceOf[i]!;
    if (k >= 0 && holeCount[k]! >= MIN_WALL_HOLE) parts[i] = 1;
  }
  const wallPolygons = polygons.slice(0, room.walls.length);
  if (!fillWallParts(image, hole, parts, polygons, wallPolygons, wallOrCeiling, wallWithOpenings, out, rest)) return null;
  return { image: { data: out, width: w, height: h }, rest: { data: rest, width: w, height: h } };
}

/**
 * The hole's floor too far for the floor's own fill (`farFloor`, floor-plane.ts's MIN_DROP) is taken as the wall the
 * hole shows above it, in each column down from the wall's part to the near floor's fill. The layout runs a bed's
 * floor up to a wall it put too far away, so most of that band is really the wall behind the bed; the exemplar fill
 * made it a staircase of boards and wall patches (`furnished_houses_152`), where the wall's light carried down to
 * the floor meets it in one line.
 */
function wallDownToNearFloor(
  surfaceOf: Int16Array,
  holeCount: Int32Array,
  hole: Mask,
  carries: (i: number) => boolean,
  wallOver: ((x: number, y: number) => number) | null,
  w: number,
  h: number,
): void {
  // Row by row (the image's own order), each column's wall so far kept aside.
  const wallAbove = new Int16Array(w).fill(-1);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!hole.data[i]) {
        wallAbove[x] = -1;
        continue;
      }
      const k = surfaceOf[i]!;
      // The hole's top in this column on the floor's side of the layout, but wall by the photo's foot: the wall
      // the layout shows above it.
      if (wallAbove[x] === -1 && k < 0 && wallOver && carries(i)) wallAbove[x] = wallOver(x, y);
      const wall = wallAbove[x]!;
      if (k >= 0) wallAbove[x] = k;
      else if (carries(i) && wall >= 0) {
        surfaceOf[i] = wall;
        holeCount[wall]!++;
      }
    }
  }
}

function fillWallParts(
  image: RgbImage,
  hole: Mask,
  parts: Uint8Array,
  polygons: readonly (readonly Point2[])[],
  wallPolygons: readonly (readonly Point2[])[],
  wallOrCeiling: Uint8Array,
  wallWithOpenings: Uint8Array,
  out: Uint8Array,
  rest: Uint8Array,
): boolean {
  const { width: w, height: h } = image;
  let [bx0, by0, bx1, by1] = [w, h, -1, -1];
  for (let i = 0; i < parts.length; i++) {
    if (!parts[i]) continue;
    const x = i % w;
    const y = (i - x) / w;
    bx0 = Math.min(bx0, x);
    bx1 = Math.max(bx1, x);
    by0 = Math.min(by0, y);
    by1 = Math.max(by1, y);
  }
  if (bx1 < 0) return false;
  const margin = Math.max(MIN_MARGIN, Math.round(MARGIN_SHARE * Math.max(bx1 - bx0, by1 - by0)));
  const x0 = Math.max(0, bx0 - margin);
  const y0 = Math.max(0, by0 - margin);
  const cw = Math.min(w, bx1 + margin + 1) - x0;
  const ch = Math.min(h, by1 + margin + 1) - y0;
  const at = (col: number, row: number): number => (y0 + row) * w + x0 + col;
  // The ring first (cheap): a part ringed by furniture, not by its wall, is left to the exemplar fill before the
  // wall's edges and plain pixels are worked out (~0.15 s of a 15% removal at 1920x1280).
  const part = new Uint8Array(cw * ch);
  for (let row = 0; row < ch; row++) for (let col = 0; col < cw; col++) part[row * cw + col] = parts[at(col, row)]!;
  const toPart = chebyshev(part, cw, ch, 1);
  const onSurface = (x: number, y: number): boolean =>
    polygons.some((polygon) => polygon.length >= 3 && insidePolygon(polygon, x, y));
  const window = { x0, y0, w: cw, h: ch };
  if (labelledRingShare(toPart, window, hole, RING, onSurface, wallWithOpenings) < MIN_WALL_RING) return false;
  // Luminance edges of the window (hole pixels never count: they hold the removed object).
  const luma = new Float32Array(cw * ch);
  for (let row = 0; row < ch; row++)
    for (let col = 0; col < cw; col++) {
      const p = at(col, row) * 3;
      luma[row * cw + col] = 0.299 * image.data[p]! + 0.587 * image.data[p + 1]! + 0.114 * image.data[p + 2]!;
    }
  const edge = new Uint8Array(cw * ch);
  for (let row = 1; row < ch - 1; row++)
    for (let col = 1; col < cw - 1; col++) {
      const o = row * cw + col;
      const g = Math.abs(luma[o + 1]! - luma[o - 1]!) + Math.abs(luma[o + cw]! - luma[o - cw]!);
      if (g > EDGE) edge[o] = 1;
    }
  const toEdge = chebyshev(edge, cw, ch, 1);
  // The wall's own known pixels in the window, and the plain ones among them.
  const flat = new Uint8Array(cw * ch);
  for (let row = 0; row < ch; row++)
    for (let col = 0; col < cw; col++) {
      const i = at(col, row);
      if (hole.data[i] || !wallOrCeiling[i]) continue;
      if (toEdge[row * cw + col]! > EDGE_CLEARANCE) flat[row * cw + col] = 1;
    }
  // Plain wall is the flat wall reached from the hole's rim without crossing an edge: the inside of a picture, a
  // dark television or a door is flat too, but walled off by its frame.
  const plain = new Uint8Array(cw * ch);
  const queue: number[] = [];
  for (let o = 0; o < flat.length; o++) {
    if (flat[o] && toPart[o]! <= SEED_REACH) {
      plain[o] = 1;
      queue.push(o);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const o = queue[head]!;
    const x = o % cw;
    for (const q of [x > 0 ? o - 1 : -1, x < cw - 1 ? o + 1 : -1, o - cw, o + cw]) {
      if (q < 0 || q >= flat.length || plain[q] || !flat[q]) continue;
      plain[q] = 1;
      queue.push(q);
    }
  }
  const plainCount = queue.length - dropBlownPatches(plain, luma, cw);
  // Brick, tiles, wallpaper and panelling have edges everywhere: measured on the wall just around the hole.
  let nearKnown = 0;
  let nearFlat = 0;
  for (let row = 0; row < ch; row++)
    for (let col = 0; col < cw; col++) {
      const o = row * cw + col;
      const i = at(col, row);
      if (toPart[o]! > TEXTURE_REACH || hole.data[i] || !wallOrCeiling[i]) continue;
      nearKnown++;
      nearFlat += flat[o]!;
    }
  if (plainCount < MIN_PLAIN || nearFlat < MIN_PLAIN_SHARE * nearKnown) return false;
  // The membrane: every pixel that is not plain wall is unknown, so the light is carried across pictures and the
  // hole alike from the plain wall only.
  const rgb = new Float32Array(cw * ch * 3);
  for (let row = 0; row < ch; row++)
    for (let col = 0; col < cw; col++) {
      const o = row * cw + col;
      const p = at(col, row) * 3;
      rgb[o * 3] = image.data[p]!;
      rgb[o * 3 + 1] = image.data[p + 1]!;
      rgb[o * 3 + 2] = image.data[p + 2]!;
    }
  // Solved over the wall only: the hole's wall part and the wall's own non-plain pixels (pictures, switches);
  // floor, furniture and windows are no part of it (their edge is free), so their colours never reach the wall.
  const domain = new Uint8Array(cw * ch);
  for (let row = 0; row < ch; row++)
    for (let col = 0; col < cw; col++) {
      const o = row * cw + col;
      const i = at(col, row);
      if (!plain[o] && (parts[i] || (!hole.data[i] && wallOrCeiling[i]))) domain[o] = 1;
    }
  const corner = photoCorner(wallPolygons, plain, luma, window, by0 - y0, bx0 - x0, bx1 - x0, w);
  if (corner) membraneEachSide(rgb, plain, domain, cw, ch, corner);
  else membrane(rgb, plain, domain, cw, ch);
  // The wall's grain: the spread of the difference between plain horizontal neighbours (over the square root of
  // two: the difference of two independent grains).
  let squares = 0;
  let pairs = 0;
  for (let o = 0; o < plain.length - 1; o++) {
    if (!plain[o] || !plain[o + 1] || (o + 1) % cw === 0) continue;
    squares += (luma[o + 1]! - luma[o]!) ** 2;
    pairs++;
  }
  const grain = pairs ? Math.min(4, Math.sqrt(squares / pairs / 2)) : 0;
  const random = gaussian(0x5eed);
  for (let row = 0; row < ch; row++)
    for (let col = 0; col < cw; col++) {
      const i = at(col, row);
      if (!parts[i]) continue;
      const o = row * cw + col;
      const noise = grain * random();
      out[i * 3] = clamp(rgb[o * 3]! + noise);
      out[i * 3 + 1] = clamp(rgb[o * 3 + 1]! + noise);
      out[i * 3 + 2] = clamp(rgb[o * 3 + 2]! + noise);
      rest[i] = 0;
    }
  return true;
}

/**
 * Clears the patches of plain wall (4-connected) that the camera saw blown out, but for the largest: the glass of a
 * blown window whose foot the removed piece hid is flat and reached from the hole's rim (its frame closes it on three
 * sides only), and the membrane carried its white over the wall behind the removed bed (`furnished_houses_152` and
 * `_163`: a white slab where the wall is grey or cream; their panes' patches average 253-255 luma, the walls 160-178).
 * A lamp's glow fades into the wall it lights and is part of the wall's own patch. Returns the pixels cleared.
 */
function dropBlownPatches(plain: Uint8Array, luma: Float32Array, width: number): number {
  // Only the blown patches' members are kept (the wall's own patch is most of the window's pixels).
  const blown: number[][] = [];
  let largest = 0;
  let largestBlown = -1;
  forEachPatch(plain, width, (members) => {
    let sum = 0;
    for (const o of members) sum += luma[o]!;
    const isBlown = sum / members.length >= BLOWN_PLAIN_LUMA;
    if (members.length > largest) {
      largest = members.length;
      largestBlown = isBlown ? blown.length : -1;
    }
    if (isBlown) blown.push([...members]);
  });
  let cleared = 0;
  blown.forEach((members, k) => {
    if (k === largestBlown) return;
    for (const o of members) plain[o] = 0;
    cleared += members.length;
  });
  return cleared;
}

/** A wall corner in the fill's window: a point on it (the hole's top row) and its image direction (unit, downward). */
interface Corner {
  readonly x: number;
  readonly y: number;
  readonly dx: number;
  readonly dy: number;
}

/** How far (share of the photo's width) the photo's corner may lie from the layout's. */
const CORNER_REACH = 0.15;
/** Rows above the hole the corner's step is measured on (share of the window's height, at least MIN_CORNER_BAND). */
const CORNER_BAND = 0.12;
const MIN_CORNER_BAND = 12;
/** The strips either side of the corner: from CORNER_GAP to CORNER_GAP + CORNER_STRIP px off the line. */
const CORNER_GAP = 3;
const CORNER_STRIP = 8;
/** A corner is a step of light at least this large (luminance levels), seen on most rows of the band, one way. */
const MIN_CORNER_STEP = 6;
const MIN_CORNER_ROWS = 0.6;
const MIN_CORNER_AGREEMENT = 0.85;
/** Fewest plain wall pixels on each side of a corner for the sides to be filled apart. */
const MIN_SIDE_PLAIN = 100;

/**
 * Where two of the layout's walls meet in a near-vertical corner that runs down into the hole, the photo's corner
 * above the hole: the line (the layout's corner direction) with the largest steady step of light between the plain
 * wall on its two sides. The layout's corner is often tens of pixels off the photo's (`furnished_houses_143`: 689
 * against 575 of 960), so the photo places it; the layout only says that a corner is there to find. Null without one.
 */
function photoCorner(
  walls: readonly (readonly Point2[])[],
  plain: Uint8Array,
  luma: Float32Array,
  window: PhotoWindow,
  top: number,
  left: number,
  right: number,
  photoWidth: number,
): Corner | null {
  const { x0, y0, w, h } = window;
  const reach = CORNER_REACH * photoWidth;
  const band = Math.max(MIN_CORNER_BAND, Math.round(CORNER_BAND * h));
  if (top - band < 0) return null;
  let best: (Corner & { step: number }) | null = null;
  for (let a = 0; a < walls.length; a++)
    for (let b = a + 1; b < walls.length; b++) {
      const edge = sharedEdge(walls[a]!, walls[b]!);
      if (!edge) continue;
      const [[ax, ay], [bx, by]] = edge;
      const [ux, uy] = by >= ay ? [bx - ax, by - ay] : [ax - bx, ay - by];
      const length = Math.hypot(ux, uy);
      if (length === 0 || Math.abs(ux) > 0.25 * uy) continue;
      const [dx, dy] = [ux / length, uy / length];
      // The layout's corner at the hole's top row, in window coordinates.
      const layoutX = ax - x0 + ((top + y0 - ay) * dx) / dy;
      for (let x = Math.max(left, Math.round(layoutX - reach)); x <= Math.min(right, Math.round(layoutX + reach)); x++) {
        const step = cornerStep(plain, luma, w, x, top, band, dx / dy);
        if (step !== null && (!best || Math.abs(step) > Math.abs(best.step))) best = { x, y: top, dx, dy, step };
      }
    }
  if (!best || Math.abs(best.step) < MIN_CORNER_STEP) return null;
  // The jump is measured off the line (edge pixels are no plain wall): the edge itself is the strongest difference
  // of neighbouring columns, the jump's way, near it; the line's column is the first of the far side.
  const run = best.dx / best.dy;
  let [edgeX, strongest] = [best.x, -Infinity];
  for (let x = best.x - CORNER_GAP - 2; x <= best.x + CORNER_GAP + 2; x++) {
    let sum = 0;
    for (let row = top - band; row < top; row++) {
      const col = Math.round(x + (row - top) * run);
      if (col < 1 || col >= w) continue;
      sum += luma[row * w + col]! - luma[row * w + col - 1]!;
    }
    if (Math.sign(best.step) * sum > strongest) [edgeX, strongest] = [x, Math.sign(best.step) * sum];
  }
  return { x: edgeX, y: top, dx: best.dx, dy: best.dy };
}

/**
 * The median jump of light across a line through (x, top) of slope `run` (x per row) on the band above the hole:
 * each side's light fitted as a straight ramp across its strip and carried to the line, so that a lamp's glow
 * fading toward the corner (a ramp, `furnished_houses_143`'s sconces) is no step, and the corner's edge is.
 */
function cornerStep(
  plain: Uint8Array,
  luma: Float32Array,
  w: number,
  x: number,
  top: number,
  band: number,
  run: number,
): number | null {
  const steps: number[] = [];
  for (let row = top - band; row < top; row++) {
    const lineX = x + (row - top) * run;
    const base = Math.round(lineX);
    const left = rampAt(plain, luma, row * w, w, base, -1, lineX);
    const right = rampAt(plain, luma, row * w, w, base, 1, lineX);
    if (left !== null && right !== null) steps.push(right - left);
  }
  if (steps.length < MIN_CORNER_ROWS * band) return null;
  const up = steps.filter((v) => v > 0).length;
  if (Math.max(up, steps.length - up) < MIN_CORNER_AGREEMENT * steps.length) return null;
  steps.sort((p, q) => p - q);
  return steps[steps.length >> 1]!;
}

/** The light of one row's plain pixels on one side of the line (`sense` -1 left, 1 right), fitted as a ramp, at `at`. */
function rampAt(
  plain: Uint8Array,
  luma: Float32Array,
  rowStart: number,
  w: number,
  base: number,
  sense: number,
  at: number,
): number | null {
  let [n, sx, sy, sxx, sxy] = [0, 0, 0, 0, 0];
  for (let k = CORNER_GAP; k < CORNER_GAP + CORNER_STRIP; k++) {
    const col = base + sense * k;
    if (col < 0 || col >= w || !plain[rowStart + col]) continue;
    const v = luma[rowStart + col]!;
    n++;
    sx += col;
    sy += v;
    sxx += col * col;
    sxy += col * v;
  }
  if (n < 4) return null;
  const spread = n * sxx - sx * sx;
  const slope = spread > 0 ? (n * sxy - sx * sy) / spread : 0;
  return (sy - slope * sx) / n + slope * at;
}

/** The edge two polygons share (both ends within 2 px of a vertex of each), or null. */
function sharedEdge(p: readonly Point2[], q: readonly Point2[]): [Point2, Point2] | null {
  const near = (a: Point2, b: Point2): boolean => Math.abs(a[0] - b[0]) <= 2 && Math.abs(a[1] - b[1]) <= 2;
  const common = p.filter((v) => q.some((u) => near(u, v)));
  return common.length >= 2 ? [common[0]!, common[1]!] : null;
}

/**
 * The membrane solved on each side of a wall corner apart, each from its own wall's plain pixels: two walls meet
 * in a line where their light steps (one faces the lamp or the window, the other does not), and one membrane across
 * both smeared that line into a flat panel (`furnished_houses_143`'s bed: the corner behind it was gone).
 */
function membraneEachSide(rgb: Float32Array, plain: Uint8Array, domain: Uint8Array, w: number, h: number, corner: Corner): void {
  // Plain loops, not Uint8Array.from with a mapping function: that went through the iterator protocol and cost
  // ~0.8 s of a bed's removal at 1920x1280.
  const sides = [0, 1].map(() => ({ known: new Uint8Array(w * h), domain: new Uint8Array(w * h), plainCount: 0 }));
  for (let row = 0, o = 0; row < h; row++)
    for (let col = 0; col < w; col++, o++) {
      if (!plain[o] && !domain[o]) continue;
      const side = sides[(col - corner.x) * corner.dy - (row - corner.y) * corner.dx >= 0 ? 1 : 0]!;
      if (plain[o]) {
        side.known[o] = 1;
        side.plainCount++;
      }
      if (domain[o]) side.domain[o] = 1;
    }
  // A side with too little plain wall to learn from (the corner found at the window's edge) is no wall of its own.
  if (sides.some(({ plainCount }) => plainCount < MIN_SIDE_PLAIN)) {
    membrane(rgb, plain, domain, w, h);
    return;
  }
  // Each side's membrane reads and writes only its own side's pixels, so the two share `rgb`.
  for (const side of sides) membrane(rgb, side.known, side.domain, w, h);
}

const clamp = (v: number): number => Math.max(0, Math.min(255, Math.round(v)));

/** Deterministic standard normal samples (Box-Muller over a small LCG): the same photo gives the same fill. */
function gaussian(seed: number): () => number {
  let state = seed >>> 0;
  const uniform = (): number => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return (state + 0.5) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
}
