import type { RgbImage } from '../image.ts';
import { maskBBox, type Mask } from '../mask.ts';
import { pixelRay, toWorld } from '../place/default-pose.ts';
import { oddFloorAtSize, roomLabelMask } from '../room/labels.ts';
import { ROOM_LABEL, type Point2, type RoomModel } from '../room/types.ts';
import { blur, chebyshev, exemplarFill, type ExemplarOptions } from './patchmatch.ts';
import { membrane } from './diffusion.ts';
import { fillByLattice, floorLattice } from './floor-lattice.ts';
import { insidePolygon, insideRow, labelledRingShare, rowCrossings } from './plane-guide.ts';
import { bilinear, sharedFloat32, sharedUint8, type Canvas } from './planes.ts';
import { FOOT_SIDE } from './wall-foot.ts';

/** Fewest hole pixels on the floor for the rectified fill to be worth its set-up. */
const MIN_FLOOR_HOLE = 400;
/** The canvas has the photo's resolution at this quantile of the hole's floor pixels, top to bottom (near the camera: finer). */
const RESOLUTION_AT = 0.5;
/**
 * The rectified canvas's longest side, px. At 720 the canvas was coarser than the photo near the camera on large
 * holes, and the fill, stretched back, showed its patches as gravel (`furnished_houses_152`'s boards, `_103`'s
 * carpet, seen); at 900 boards and carpet come out smooth, for ~0.4 s more on a bed's removal at 1200-1500 px wide
 * (1100: a little smoother still, ~1 s more). Pasted 15% pieces (eval removal-large): 15.48 -> 15.47 dB, line
 * continuity 0.195 either way.
 */
const MAX_SIDE = 900;
/** Floor around the hole the fill may copy from, as a share of the hole's own extent (and at least MIN_MARGIN_M). */
const MARGIN_SHARE = 0.9;
const MIN_MARGIN_M = 0.4;
/**
 * A floor point this close to the horizon (ray slope below it: farther than 4 camera heights, about 6 m) is too far
 * and too foreshortened to use. Where the layout runs the floor up a wall to near the horizon, such points spread
 * the rectified canvas over tens of metres, the photo shrank to a sliver of it, and a large hole came out a mosaic;
 * the ordinary fill takes them, each part from the surface its ring shows. At 8 camera heights (12 m) a bed's hole
 * still reached 10 m into a wall the layout had put too far, its canvas spanned 24 m at 38 px/m and held almost
 * none of the carpet in front of the bed: `furnished_houses_152` came out a mosaic of boards, `_163` and `_180`
 * copied the bedspread's slivers onto the floor; at 4 they show boards and carpet (seen; `_104`'s armchair, at the
 * far wall of a large room, now takes a carpet where the window's foot was). Pasted 15% pieces (eval
 * removal-large): 15.07 -> 15.13 dB, line continuity 0.191 -> 0.180.
 */
const MIN_DROP = 0.25;
/**
 * The layout's floor runs under the furniture: the hole's floor part is only floor where the photo shows floor
 * around it. At least this share of the known pixels ringing the hole inside the layout's floor must be labelled
 * floor (a chair in front of a bed is ringed by bed, and the bed must continue, not the carpet).
 */
const MIN_FLOOR_RING = 0.5;
/** The ring's width, px. */
const RING = 4;
/** Canvas label of the floor; every other known cell is labelled apart so that it is never a floor source. */
const FLOOR = 0;
const OTHER = 254;
/** Non-floor cells this close to the floor's hole (share of the canvas side) are filled as floor with it. */
const NEIGHBOUR_SHARE = 0.08;
/** The floor's own colour is judged on its cells this close to the hole (share of the canvas side). */
const ODD_REACH_SHARE = 0.25;
/** The floor's colour is the nearest share of those cells' (closest to the camera). */
const NEAREST_SHARE = 0.4;
/** Fewest floor cells near the hole to judge its colour by. */
const MIN_ODD_SAMPLE = 200;
/** A floor cell farther from the floor's colour than this many median spreads (and MIN_ODD_DISTANCE, RGB) is odd. */
const ODD_SPREADS = 3;
const MIN_ODD_DISTANCE = 40;
/** Odd runs at most twice this wide (cells) are the floor's pattern (grout, seams) and stay sources. */
const ODD_LINE = 2;
/** Cells this close to a demoted patch (its blended edge) are demoted with it. */
const ODD_RIM = 1;
/** Odd cells are only demoted while they are at most this share of the floor. */
const MAX_ODD_SHARE = 0.7;

export interface FloorFill {
  /** The photo with the hole's floor pixels filled. */
  readonly image: RgbImage;
  /** What is left of the hole (its pixels off the floor: walls, windows) for the ordinary fill. */
  readonly rest: Mask;
  /** 1 on the hole's floor pixels left in `rest` for lying too far (beyond MIN_DROP). */
  readonly beyond: Uint8Array;
}

/**
 * The part of a hole that lies on the floor, filled in the floor's rectified frame (the plane-guided completion of
 * Huang, Kang, Ahuja and Kopf 2014): the floor around the hole is resampled to a top-down view through the room
 * model's camera, where boards, tiles and carpet keep one size and one direction, so the exemplar fill copies
 * them in straight rows; the result is projected back, foreshortened again. The floor is the surface large
 * removals mostly uncover (a sofa, a bed), and its pattern is the one a smear spoils most visibly. Null when the
 * hole hardly touches the floor, or the room model is of another picture.
 */
export function fillFloorRectified(
  image: RgbImage,
  hole: Mask,
  room: RoomModel,
  options: ExemplarOptions,
  onProgress?: (fraction: number) => void,
  footSide?: Uint8Array,
): FloorFill | null {
  const { width: w, height: h } = image;
  const s = room.width / w;
  if (Math.abs(s - room.height / h) > 0.01 * s || room.floor.polygon.length < 3) return null;
  const eye = room.camera.heightM;
  // The camera's forward direction on the floor.
  const [fx, , fz] = toWorld(room, [0, 0, 1]);
  const forwardNorm = Math.hypot(fx, fz) || 1;
  // The floor point (world X, Z) seen through a photo pixel; null at or above the horizon.
  const onFloor = (x: number, y: number): Point2 | null => {
    const d = pixelRay(room, (x + 0.5) * s, (y + 0.5) * s);
    // Too far is measured straight ahead, not along the ray: its limit is then a line on the floor square to the
    // camera, a straight image row parallel to the horizon. Measured along the ray it was a circle around the
    // camera, and the wall carried down to it behind a removed bed stood on a bowed foot (`_152`, `_163`).
    const ahead = (d[0] * fx + d[2] * fz) / forwardNorm;
    if (ahead <= 0 || -d[1] < MIN_DROP * ahead) return null;
    const t = eye / -d[1];
    return [d[0] * t, d[2] * t];
  };
  const floorPolygon = room.floor.polygon.map(([px, py]) => [px / s, py / s] as Point2);
  const holeFloor: number[] = [];
  let crossingsRow = -1;
  let crossings: number[] = [];
  for (let i = 0; i < hole.data.length; i++) {
    if (!hole.data[i]) continue;
    const x = i % w;
    const y = (i - x) / w;
    if (y !== crossingsRow) {
      crossingsRow = y;
      crossings = rowCrossings(floorPolygon, y + 0.5);
    }
    // The photo's own foot (wall-foot.ts), where it was seen, says which side is floor; the layout says elsewhere.
    const side = footSide?.[i] ?? FOOT_SIDE.unknown;
    if (side === FOOT_SIDE.floor || (side === FOOT_SIDE.unknown && insideRow(crossings, x + 0.5))) holeFloor.push(i);
  }
  if (holeFloor.length < MIN_FLOOR_HOLE) return null;
  // The model's floor label at the photo's size (its labels are at the work size).
  const labelledFloor = roomLabelMask(room, ROOM_LABEL.floor, w, h);
  if (floorRingShare(hole, floorPolygon, labelledFloor) < MIN_FLOOR_RING) return null;
  // The floor the fill copies from: the labelled floor but where its colour is not the floor's (an undetected
  // nightstand, a sunlit patch: the room model's `oddFloor`). The ring test above still counts those as floor: a
  // patch of odd colour beside the hole is no sign that furniture stands around it.
  const odd = oddFloorAtSize(room, w, h);
  if (odd) for (let i = 0; i < odd.length; i++) if (odd[i]) labelledFloor[i] = 0;
  const points = new Float64Array(holeFloor.length * 2);
  let [x0, z0, x1, z1] = [Infinity, Infinity, -Infinity, -Infinity];
  let usable = 0;
  for (let k = 0; k < holeFloor.length; k++) {
    const i = holeFloor[k]!;
    const p = onFloor(i % w, Math.floor(i / w));
    if (!p) {
      points[2 * k] = NaN;
      continue;
    }
    usable++;
    points[2 * k] = p[0];
    points[2 * k + 1] = p[1];
    x0 = Math.min(x0, p[0]);
    x1 = Math.max(x1, p[0]);
    z0 = Math.min(z0, p[1]);
    z1 = Math.max(z1, p[1]);
  }
  if (usable < MIN_FLOOR_HOLE) return null;
  // Resolution: the photo's own at the hole's median depth (a floor pixel's footprint there), capped by MAX_SIDE.
  const middle = holeFloor[Math.floor(RESOLUTION_AT * (holeFloor.length - 1))]!;
  const mx = middle % w;
  const my = Math.floor(middle / w);
  const a = onFloor(mx, my);
  const b = onFloor(mx + 1, my);
  const c = onFloor(mx, my + 1);
  if (!a || !b || !c) return null;
  const footprint = Math.abs((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
  const margin = Math.max(MIN_MARGIN_M, MARGIN_SHARE * Math.max(x1 - x0, z1 - z0));
  x0 -= margin;
  x1 += margin;
  z0 -= margin;
  z1 += margin;
  const ppm = Math.min(1 / Math.sqrt(Math.max(footprint, 1e-9)), MAX_SIDE / Math.max(x1 - x0, z1 - z0));
  const cw = Math.max(8, Math.ceil((x1 - x0) * ppm));
  const ch = Math.max(8, Math.ceil((z1 - z0) * ppm));

  // The canvas: cell (col, row) is floor point (x0 + col / ppm, z1 - row / ppm), far rows at the top.
  const isHoleFloor = new Uint8Array(w * h);
  for (const i of holeFloor) isHoleFloor[i] = 1;
  const r = room.camera.rotation;
  const f = room.camera.focalPx / s;
  const [px, py] = [room.camera.principalPoint[0] / s, room.camera.principalPoint[1] / s];
  // On shared memory, as the fill's helper thread reads it (planes.ts): no copy into the fill and back.
  const rgb = sharedFloat32(cw * ch * 3);
  const canvasHole = sharedUint8(cw * ch);
  const canvasLabels = sharedUint8(cw * ch).fill(OTHER);
  // Cells that see the photo (the rest lie beyond its edges or behind the camera).
  const valid = new Uint8Array(cw * ch);
  for (let row = 0; row < ch; row++) {
    const z = z1 - (row + 0.5) / ppm;
    for (let col = 0; col < cw; col++) {
      const x = x0 + (col + 0.5) / ppm;
      // World [x, -eye, z] into the camera, then onto the photo.
      const cx = r[0]! * x - r[1]! * eye + r[2]! * z;
      const cy = r[3]! * x - r[4]! * eye + r[5]! * z;
      const cz = r[6]! * x - r[7]! * eye + r[8]! * z;
      const o = row * cw + col;
      if (cz <= 1e-3) continue;
      const u = (f * cx) / cz + px - 0.5;
      const v = (f * cy) / cz + py - 0.5;
      if (u < 0 || v < 0 || u > w - 1 || v > h - 1) continue;
      bilinear(image.data, w, h, u, v, rgb, o);
      valid[o] = 1;
      const ui = Math.round(u);
      const vi = Math.round(v);
      const pixel = vi * w + ui;
      if (hole.data[pixel]) {
        canvasHole[o] = 1;
        canvasLabels[o] = isHoleFloor[pixel] ? FLOOR : OTHER;
      } else if (labelledFloor[pixel]) canvasLabels[o] = FLOOR;
    }
  }
  extendIntoInvalid(rgb, valid, cw, ch);
  const holeCells = canvasLabels.map((label, o) => (canvasHole[o] && label === FLOOR ? 1 : 0));
  const toHole = chebyshev(holeCells, cw, ch, 1);
  const colourReach = Math.max(16, Math.round(ODD_REACH_SHARE * Math.max(cw, ch)));
  demoteOddFloor(rgb, canvasLabels, canvasHole, toHole, colourReach, cw, ch);
  paintOthersWithFloor(rgb, canvasLabels, canvasHole, valid, cw, ch);
  // Cells near the floor's hole that are not floor (a wall, a cabinet, the photo's edge, seen on the floor's
  // plane) are filled as floor too, though never written back: the fill's smooth base and its patches then see
  // only floor around the hole, where a cabinet's colour would otherwise bleed into it.
  const reach = Math.max(8, Math.round(NEIGHBOUR_SHARE * Math.max(cw, ch)));
  for (let o = 0; o < canvasLabels.length; o++) {
    if (canvasLabels[o] === FLOOR || toHole[o]! > reach) continue;
    canvasHole[o] = 1;
    canvasLabels[o] = FLOOR;
  }
  const canvas: Canvas = { w: cw, h: ch, rgb, hole: canvasHole, labels: canvasLabels };
  const shading = splitShading(canvas, canvasLabels, toHole, colourReach, ppm);
  // A tile floor is copied whole tiles at a time, so its grout runs on in phase (floor-lattice.ts); other floors, and
  // a lattice some hole cell cannot reach on known floor, go to the exemplar fill.
  const source = canvasLabels.map((label, o) => (label === FLOOR && !canvasHole[o] ? 1 : 0));
  const lattice = floorLattice(rgb, source, cw, ch);
  if (lattice && fillByLattice(canvas, source, lattice, FLOOR)) onProgress?.(1);
  else exemplarFill(canvas, options, onProgress);
  matchRimLight(rgb, shading, source, canvasHole, cw, ch, ppm);
  // Every cell back to colour, not only the hole's: the photo's pixels on the hole's edge are sampled bilinearly from
  // the cells around them, and cells left as texture drew a grey outline round every hole (seen on empty-the-room).
  for (let o = 0; o < rgb.length; o++) rgb[o] = (rgb[o]! / TEXTURE_MID) * shading[o]!;

  // Back onto the photo: each floor pixel of the hole takes the filled floor under it.
  const out = new Uint8Array(image.data);
  const rest = new Uint8Array(hole.data);
  const beyond = new Uint8Array(w * h);
  const value = new Float32Array(3);
  for (let k = 0; k < holeFloor.length; k++) {
    const fx = points[2 * k]!;
    if (Number.isNaN(fx)) {
      beyond[holeFloor[k]!] = 1;
      continue;
    }
    const i = holeFloor[k]!;
    const col = (fx - x0) * ppm - 0.5;
    const row = (z1 - points[2 * k + 1]!) * ppm - 0.5;
    if (col < 0 || row < 0 || col > cw - 1 || row > ch - 1) continue;
    bilinear(canvas.rgb, cw, ch, col, row, value, 0);
    out[i * 3] = clamp(value[0]!);
    out[i * 3 + 1] = clamp(value[1]!);
    out[i * 3 + 2] = clamp(value[2]!);
    rest[i] = 0;
  }
  return { image: { data: out, width: w, height: h }, rest: { data: rest, width: w, height: h }, beyond };
}

/** The floor's light is its colour blurred over this radius (m): wider than carpet grain and boards, about a tile. */
const SHADING_RADIUS_M = 0.2;
/** The floor this close to the hole (m) is left out of the light when enough lies beyond it. */
const LIGHT_RIM_M = 0.1;
/** The texture canvas's value where the floor is as bright as its light. */
const TEXTURE_MID = 128;
/** The darkest light the texture is taken over (a black floor must not divide by zero). */
const MIN_SHADING = 4;
/**
 * Floor cells whose chromaticity (r and b over r + g + b) is farther than this from the floor's own are no part of
 * its light: a pale duvet the labels put on the floor (`furnished_houses_180`) lit the whole hole its grey-green. Its
 * light must be of one material; its brightness may vary (sun and shade), its hue hardly. At 0.04 that duvet's cells
 * (0.06-0.08 off) are left out and a carpet's or boards' own (within 0.03 on `_101`, `_107`, `_122`, `_130`) kept.
 */
const SHADING_CHROMA = 0.04;

/**
 * Splits the floor canvas into its light and its texture, and leaves the texture in `canvas.rgb` (the colour over the
 * light, TEXTURE_MID where they are equal); returns the light, to multiply the filled texture by. The light is the
 * known floor's colour blurred over SHADING_RADIUS_M (a blur of the floor cells of the floor's own hue alone,
 * normalised by their weight), carried across the hole and every other cell by a membrane (Laplace). The exemplar
 * fill copied patches lit in other ways (the shade beside a bed, sunlit floor near a window, a white rug) into one
 * hole, and a carpet came out a mosaic of light and dark blotches, dark boards speckled white (`furnished_houses_107`,
 * `_118`, `_130`, `_143`, seen); over the texture alone the patches meet in one smooth light that joins the hole's
 * rim on every side.
 */
function splitShading(canvas: Canvas, labels: Uint8Array, toHole: Int32Array, reach: number, ppm: number): Float32Array {
  const { w, h, rgb, hole } = canvas;
  const radius = Math.max(2, Math.round(SHADING_RADIUS_M * ppm));
  const rim = Math.max(2, Math.round(LIGHT_RIM_M * ppm));
  const weighted = new Float32Array(w * h * 3);
  const weight = new Float32Array(w * h * 3);
  const known = new Uint8Array(w * h);
  // The floor's own chromaticity: the median of its nearest cells around the hole, as demoteOddFloor judges colour.
  const chroma = (o: number): [number, number] => {
    const sum = rgb[o * 3]! + rgb[o * 3 + 1]! + rgb[o * 3 + 2]! + 1;
    return [rgb[o * 3]! / sum, rgb[o * 3 + 2]! / sum];
  };
  const nearChroma = nearestFloorCells(labels, hole, toHole, reach)?.map(chroma);
  const own: [number, number] | null = nearChroma
    ? [medianOf(nearChroma.map(([r]) => r)), medianOf(nearChroma.map(([, b]) => b))]
    : null;
  for (let o = 0; o < known.length; o++) {
    if (labels[o] !== FLOOR || hole[o]) continue;
    if (own) {
      const [r, b] = chroma(o);
      if (Math.hypot(r - own[0], b - own[1]) > SHADING_CHROMA) continue;
    }
    known[o] = 1;
  }
  if (own) growUnderChangingLight(rgb, labels, hole, known, own, w, h);
  // The light is learnt off the hole's rim when enough floor lies beyond it: the rim holds what the hole's mask
  // missed of the piece (a bed's pale legs at its foot, its shadow), and the membrane spread their light over the
  // hole (`sparse_houses_245`'s floor came out 20 levels lighter than the carpet beside the bed).
  let beyondRim = 0;
  for (let o = 0; o < known.length; o++) if (known[o] && toHole[o]! > rim) beyondRim++;
  const lit = known.map((k, o) => (k && (beyondRim < MIN_LIGHT_CELLS || toHole[o]! > rim) ? 1 : 0));
  for (let o = 0; o < lit.length; o++) {
    if (!lit[o]) continue;
    for (let c = 0; c < 3; c++) {
      weighted[o * 3 + c] = rgb[o * 3 + c]!;
      weight[o * 3 + c] = 1;
    }
  }
  const sum = blur(weighted, w, h, radius);
  const share = blur(weight, w, h, radius);
  const shading = new Float32Array(w * h * 3);
  const domain = new Uint8Array(w * h);
  for (let o = 0; o < lit.length; o++) {
    if (!lit[o]) {
      domain[o] = 1;
      continue;
    }
    for (let c = 0; c < 3; c++) shading[o * 3 + c] = sum[o * 3 + c]! / share[o * 3 + c]!;
  }
  membrane(shading, lit, domain, w, h);
  // Cells that are no source (walls and furniture seen on the floor's plane, cells beyond the photo) are plain
  // texture: the fill's smooth base then carries the floor's light alone, and they go back to it.
  for (let o = 0; o < known.length; o++) {
    for (let c = 0; c < 3; c++) {
      const light = Math.max(MIN_SHADING, shading[o * 3 + c]!);
      shading[o * 3 + c] = light;
      rgb[o * 3 + c] = labels[o] === FLOOR && !hole[o] ? (rgb[o * 3 + c]! / light) * TEXTURE_MID : TEXTURE_MID;
    }
  }
  return shading;
}

/** Largest step of smoothed chromaticity between neighbouring floor cells that is still the same floor's light. */
const LIGHT_HUE_STEP = 0.004;
/** Farthest the floor's chromaticity may drift from its own along such steps. */
const LIGHT_HUE_DRIFT = 0.1;
const FOUR_NEIGHBOURS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;

/**
 * Adds to `known` the floor cells reached from it through neighbours whose chromaticity (smoothed over 3x3 floor
 * cells) changes by at most LIGHT_HUE_STEP a cell: one floor under a light whose colour changes across the room.
 * `furnished_houses_143`'s tiles are warm grey in the lamp's light and blue under the window's: the median near the
 * bed was the blue, the warm side lay 0.05-0.06 off, outside SHADING_CHROMA, and the hole came out blue to its warm
 * edge. A duvet or a rug on the floor meets it at an edge, a step no light makes.
 */
function growUnderChangingLight(
  rgb: Float32Array,
  labels: Uint8Array,
  hole: Uint8Array,
  known: Uint8Array,
  own: [number, number],
  w: number,
  h: number,
): void {
  const floor = (o: number) => labels[o] === FLOOR && !hole[o];
  const smoothR = new Float32Array(w * h);
  const smoothB = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = y * w + x;
      if (!floor(o)) continue;
      let [r, g, b] = [0, 0, 0];
      for (let yy = Math.max(0, y - 1); yy <= Math.min(h - 1, y + 1); yy++)
        for (let xx = Math.max(0, x - 1); xx <= Math.min(w - 1, x + 1); xx++) {
          const q = yy * w + xx;
          if (!floor(q)) continue;
          r += rgb[q * 3]!;
          g += rgb[q * 3 + 1]!;
          b += rgb[q * 3 + 2]!;
        }
      const sum = r + g + b + 1;
      smoothR[o] = r / sum;
      smoothB[o] = b / sum;
    }
  }
  const queue: number[] = [];
  for (let o = 0; o < known.length; o++) if (known[o]) queue.push(o);
  for (let k = 0; k < queue.length; k++) {
    const o = queue[k]!;
    const [x, y] = [o % w, Math.floor(o / w)];
    for (const [dx, dy] of FOUR_NEIGHBOURS) {
      const [nx, ny] = [x + dx, y + dy];
      if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
      const q = ny * w + nx;
      if (known[q] || !floor(q)) continue;
      if (Math.hypot(smoothR[q]! - smoothR[o]!, smoothB[q]! - smoothB[o]!) > LIGHT_HUE_STEP) continue;
      if (Math.hypot(smoothR[q]! - own[0], smoothB[q]! - own[1]) > LIGHT_HUE_DRIFT) continue;
      known[q] = 1;
      queue.push(q);
    }
  }
}

/** Reach (m) into the hole over which the fill's light is bent to meet the photo's at the hole's rim. */
const RIM_MATCH_M = 0.3;
/** Radius (m) over which the photo's floor at the rim is averaged (wider than grout and carpet grain). */
const RIM_SAMPLE_M = 0.05;
/** Width (cells) of the rim of known floor the photo's light is read on. */
const RIM_CELLS = 2;
/** The rim's brightness is the median over the rim within this distance (m, each way). */
const RIM_MEDIAN_M = 0.25;
/** The rim's light and the fill's may differ by at most this factor (a shadow the hole's mask missed, a glint). */
const MAX_RIM_RATIO = 1.6;

/**
 * Bends the light of the hole's cells to meet the photo's floor at the hole's rim, fading over RIM_MATCH_M. The light
 * is learnt away from the rim (the rim holds what the mask missed of the piece) and carried across the hole by a
 * membrane, so where the floor brightens toward the piece (sun on the floor beside a bed) the fill met the rim a
 * step darker (`furnished_houses_101`: 187 against 154 across the bed's edge). Each hole cell near the rim takes the
 * ratio of the rim's brightness to the light at its nearest rim cell, faded with its distance, so the rim's light
 * reaches the hole's edge and not its middle. `texture` is the canvas after the fill (known floor cells hold their
 * colour over the light, TEXTURE_MID where equal); `source` marks the known floor.
 */
function matchRimLight(
  texture: Float32Array,
  shading: Float32Array,
  source: Uint8Array,
  hole: Uint8Array,
  w: number,
  h: number,
  ppm: number,
): void {
  const toHole = chebyshev(hole, w, h, 1);
  // One ratio of brightness per rim cell: the photo's floor around it (its known floor within RIM_SAMPLE_M) over the
  // light there. Brightness only: a hue carried in from the rim streaked the fill (a nightstand's yellow on `_143`).
  const radius = Math.max(1, Math.round(RIM_SAMPLE_M * ppm));
  const limit = Math.log(MAX_RIM_RATIO);
  const rimCells: number[] = [];
  const rimRatio: number[] = [];
  for (let o = 0; o < source.length; o++) {
    if (!source[o] || toHole[o]! > RIM_CELLS) continue;
    const [x, y] = [o % w, Math.floor(o / w)];
    let colour = 0;
    let n = 0;
    for (let yy = Math.max(0, y - radius); yy <= Math.min(h - 1, y + radius); yy++)
      for (let xx = Math.max(0, x - radius); xx <= Math.min(w - 1, x + radius); xx++) {
        const q = yy * w + xx;
        if (!source[q]) continue;
        for (let c = 0; c < 3; c++) colour += (texture[q * 3 + c]! / TEXTURE_MID) * shading[q * 3 + c]!;
        n++;
      }
    const light = shading[o * 3]! + shading[o * 3 + 1]! + shading[o * 3 + 2]!;
    rimCells.push(o);
    rimRatio.push(Math.max(-limit, Math.min(limit, Math.log(Math.max(1, colour / n) / Math.max(1, light)))));
  }
  if (rimCells.length === 0) return;
  // The median of the rim cells within RIM_MEDIAN_M each way: a long bright edge (sun along a bed's side) is kept, a
  // short one (a bed's pale leg at its foot, `sparse_houses_245`) is outvoted. Rim cells are bucketed by that reach.
  const near = Math.max(2, Math.round(RIM_MEDIAN_M * ppm));
  const bw = Math.ceil(w / near);
  const buckets = new Map<number, number[]>();
  rimCells.forEach((o, k) => {
    const key = Math.floor(Math.floor(o / w) / near) * bw + Math.floor((o % w) / near);
    const bucket = buckets.get(key);
    if (bucket) bucket.push(k);
    else buckets.set(key, [k]);
  });
  const ratio = new Float32Array(w * h * 3);
  const seed = new Uint8Array(w * h);
  const around: number[] = [];
  for (let k = 0; k < rimCells.length; k++) {
    const o = rimCells[k]!;
    const [x, y] = [o % w, Math.floor(o / w)];
    const [bx, by] = [Math.floor(x / near), Math.floor(y / near)];
    around.length = 0;
    for (let ny = by - 1; ny <= by + 1; ny++)
      for (let nx = bx - 1; nx <= bx + 1; nx++)
        for (const j of buckets.get(ny * bw + nx) ?? []) {
          // Every third rim cell votes: the rim is two cells thick and its neighbours alike, and the sorts cost ~0.1 s.
          if (j % 3 !== 0) continue;
          const q = rimCells[j]!;
          if (Math.abs((q % w) - x) <= near && Math.abs(Math.floor(q / w) - y) <= near) around.push(rimRatio[j]!);
        }
    ratio[o * 3] = ratio[o * 3 + 1] = ratio[o * 3 + 2] = around.length > 0 ? medianOf(around) : rimRatio[k]!;
    seed[o] = 1;
  }
  // Each hole cell takes its nearest rim cell's ratio, faded to none over RIM_MATCH_M from the rim.
  spreadFromSeeds(ratio, seed, null, w, h);
  const toRim = chebyshev(seed, w, h, 1);
  const reach = Math.max(2, RIM_MATCH_M * ppm);
  for (let o = 0; o < hole.length; o++) {
    if (!hole[o]) continue;
    const fade = Math.max(0, 1 - toRim[o]! / reach);
    if (fade === 0) continue;
    const gain = Math.exp(fade * ratio[o * 3]!);
    for (let c = 0; c < 3; c++) shading[o * 3 + c] = shading[o * 3 + c]! * gain;
  }
}

/** Fewest floor cells beyond the hole's rim for the light to be learnt from them alone. */
const MIN_LIGHT_CELLS = 200;

/**
 * Demotes to non-floor the floor cells whose colour is far from the floor's own around the hole: a sunlit patch,
 * the foot of a bed's post the labels put on the floor, a balcony seen through a door. Copied into a large hole
 * they became white blotches over a dark wood floor and speckle over a carpet (seen on listing bedrooms). The
 * floor's own colour is the per-channel median of the nearest floor cells within `reach` of the hole, its spread
 * the median distance to it. Where a rug lies on boards, the one nearer the camera continues under the removed
 * piece, in one material instead of a patchwork of both (seen). Nothing is demoted when the odd cells would be
 * most of the floor.
 */
function demoteOddFloor(
  rgb: Float32Array,
  labels: Uint8Array,
  hole: Uint8Array,
  toHole: Int32Array,
  reach: number,
  w: number,
  h: number,
): void {
  const near = nearestFloorCells(labels, hole, toHole, reach);
  if (!near) return;
  const median = [0, 1, 2].map((c) => medianOf(near.map((o) => rgb[o * 3 + c]!)));
  const distance = (o: number): number =>
    Math.hypot(rgb[o * 3]! - median[0]!, rgb[o * 3 + 1]! - median[1]!, rgb[o * 3 + 2]! - median[2]!);
  const limit = Math.max(MIN_ODD_DISTANCE, ODD_SPREADS * medianOf(near.map(distance)));
  const odd = new Uint8Array(labels.length);
  let floorCells = 0;
  for (let o = 0; o < labels.length; o++) {
    if (labels[o] !== FLOOR || hole[o]) continue;
    floorCells++;
    if (distance(o) > limit) odd[o] = 1;
  }
  // Only odd patches, not odd lines: a morphological opening drops what is at most 2 * ODD_LINE cells wide, the
  // grout between tiles and the seams between boards, which are the floor's own pattern.
  const toUsual = chebyshev(odd, w, h, 0);
  const core = new Uint8Array(toUsual.length);
  for (let o = 0; o < core.length; o++) core[o] = toUsual[o]! > ODD_LINE ? 1 : 0;
  const toCore = chebyshev(core, w, h, 1);
  const demotedPatch = odd.map((v, o) => (v && toCore[o]! <= ODD_LINE ? 1 : 0));
  let demoted = 0;
  for (let o = 0; o < demotedPatch.length; o++) demoted += demotedPatch[o]!;
  if (demoted > MAX_ODD_SHARE * floorCells) return;
  // With their rim: the cells a patch's edge blends into the floor are too near its colour to count as odd, but their
  // texture over the floor's light is the patch's edge, bright or dark, and it was copied into the hole as such.
  const toDemoted = chebyshev(demotedPatch, w, h, 1);
  for (let o = 0; o < odd.length; o++) if (toDemoted[o]! <= ODD_RIM && labels[o] === FLOOR && !hole[o]) labels[o] = OTHER;
}

/**
 * The floor's own colour sample: the known floor cells within `reach` of the hole, the nearest share of them (the
 * canvas's lowest rows: cells run row by row, far to near). Furniture stands on the floor, so the floor shows in
 * front of it, while an undetected nightstand's or a bed frame's pixels the labels put on the floor lie behind (seen:
 * a carpet filled with a dark wood frame's colour). Null when there are too few to judge by.
 */
function nearestFloorCells(labels: Uint8Array, hole: Uint8Array, toHole: Int32Array, reach: number): number[] | null {
  const around: number[] = [];
  for (let o = 0; o < labels.length; o++) if (labels[o] === FLOOR && !hole[o] && toHole[o]! <= reach) around.push(o);
  const near = around.slice(Math.floor(around.length * (1 - NEAREST_SHARE)));
  return near.length >= MIN_ODD_SAMPLE ? near : null;
}

function medianOf(values: number[]): number {
  values.sort((a, b) => a - b);
  return values[values.length >> 1] ?? 0;
}

/**
 * Gives every known non-floor cell (walls and furniture seen on the floor's plane, cells beyond the photo) the
 * colour of the nearest floor cell, breadth-first. They are never sources and never written back, but the fill's
 * coarsest guess and its smooth base are diffusions of every known cell: with a wall's or a cabinet's colours
 * there, a large floor hole came out in their shades (beige blotches over white tiles, seen).
 */
function paintOthersWithFloor(
  rgb: Float32Array,
  labels: Uint8Array,
  hole: Uint8Array,
  valid: Uint8Array,
  w: number,
  h: number,
): void {
  const floor = labels.map((label, o) => (label === FLOOR && !hole[o] && valid[o] ? 1 : 0));
  spreadFromSeeds(rgb, floor, hole, w, h);
}

/**
 * Gives each cell beyond the photo the colour of the nearest cell inside it (breadth-first), so that neither the
 * fill's smooth base nor its patches see black there. Those cells stay labelled non-floor: never a source.
 */
function extendIntoInvalid(rgb: Float32Array, valid: Uint8Array, w: number, h: number): void {
  spreadFromSeeds(rgb, valid, null, w, h);
}

/** Breadth-first from the `seed` cells (4-neighbour steps), every other cell but the `fixed` ones takes its nearest seed's colour. */
function spreadFromSeeds(rgb: Float32Array, seed: Uint8Array, fixed: Uint8Array | null, w: number, h: number): void {
  const queue = new Int32Array(w * h);
  const seen = new Uint8Array(w * h);
  let tail = 0;
  for (let o = 0; o < seed.length; o++) {
    if (seed[o]) {
      seen[o] = 1;
      queue[tail++] = o;
    } else if (fixed?.[o]) seen[o] = 1;
  }
  for (let head = 0; head < tail; head++) {
    const o = queue[head]!;
    const x = o % w;
    for (const n of [x > 0 ? o - 1 : -1, x < w - 1 ? o + 1 : -1, o - w, o + w]) {
      if (n < 0 || n >= seen.length || seen[n]) continue;
      seen[n] = 1;
      rgb[n * 3] = rgb[o * 3]!;
      rgb[n * 3 + 1] = rgb[o * 3 + 1]!;
      rgb[n * 3 + 2] = rgb[o * 3 + 2]!;
      queue[tail++] = n;
    }
  }
}

const clamp = (v: number): number => Math.max(0, Math.min(255, Math.round(v)));

/** Share of the known pixels within RING px of the hole, inside the floor polygon, that are labelled floor. */
function floorRingShare(hole: Mask, floorPolygon: readonly Point2[], labelledFloor: Uint8Array): number {
  const { width: w, height: h } = hole;
  const box = maskBBox(hole);
  if (!box) return 0;
  const x0 = Math.max(0, box[0] - RING);
  const y0 = Math.max(0, box[1] - RING);
  const ww = Math.min(w, box[2] + RING) - x0;
  const wh = Math.min(h, box[3] + RING) - y0;
  const window = new Uint8Array(ww * wh);
  for (let y = 0; y < wh; y++) for (let x = 0; x < ww; x++) window[y * ww + x] = hole.data[(y0 + y) * w + x0 + x] ? 1 : 0;
  const onFloor = (x: number, y: number): boolean => insidePolygon(floorPolygon, x, y);
  return labelledRingShare(chebyshev(window, ww, wh, 1), { x0, y0, w: ww, h: wh }, hole, RING, onFloor, labelledFloor);
}
