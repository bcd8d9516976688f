import { FLOOR_STANDING } from '../detect/classes.ts';
import type { Detection } from '../detect/detect.ts';
import { imageFingerprint, type RgbImage } from '../image.ts';
import type { WallAnalysis } from '../walls/analyse.ts';
import { detectSegments, type Segment } from '../walls/lines.ts';
import { removeCeiling } from '../walls/ceiling.ts';
import { sampleFloor, type FloorSample } from '../walls/layout-floor.ts';
import { WALL_THRESHOLD, workMask } from '../walls/wall-mask.ts';
import { boxesAtScale, clipBoxAtScale, forEachPatch, type Box } from '../mask.ts';
import { horizonLine, toCamera, vanishingPoint, type CameraPose, type Vec3 } from './camera.ts';
import { refitBoxCeiling } from './ceiling-refit.ts';
import { findFramedPanels } from './framed-panels.ts';
import { encodeLabels, encodeMaskBits } from './labels.ts';
import {
  FACE,
  FACE_COUNT,
  faceWorld,
  fitBoxLayout,
  lineMaps,
  rayGrid,
  renderFaces,
  type BoxLayout,
  type RayGrid,
} from './layout.ts';
import { estimateManhattanCamera, type ManhattanCamera } from './manhattan.ts';
import {
  ROOM_LABEL,
  ROOM_LABEL_NAMES,
  type Point2,
  type Point3,
  type RoomModel,
  type RoomOpening,
  type RoomPlane,
  type RoomSurface,
  type RoomVanishingPoint,
  type RoomWall,
} from './types.ts';

export interface RoomModelOptions {
  /** The photo's detections when the caller has them (skips the detector); they also calibrate the eye height. */
  readonly detections?: readonly Detection[];
  /** The eye height when it is known (metres); otherwise 1.45 m, or measured from detected objects of known size. */
  readonly cameraHeightM?: number;
  /** Wall probability at or above which a pixel inside a wall of the layout is wall (evaluation sweeps it). */
  readonly wallThreshold?: number;
  /** Wall probability at or above which a pixel the layout calls floor is wall all the same (the layout can be wrong). */
  readonly floorOverride?: number;
  /** The lens's focal length in pixels of the photo, when its EXIF tells it (room/lens.ts); else the lines or a guess. */
  readonly focalPx?: number;
}

export const DEFAULT_CAMERA_HEIGHT_M = 1.45;
/** A superpixel at or above this wall probability, inside a wall of the layout, is wall. */
export const ROOM_WALL_THRESHOLD = 0.3;
/** A pixel the layout calls floor is wall when the classifier is this sure (a wrong layout must not lose a wall). */
export const FLOOR_OVERRIDE = 1.01;
/** Reward per layout edge pixel (fit grid) lying on a segment of the right family, against the unary's log-likelihoods. */
const LINE_WEIGHT = 4;
/** The wall classifier's log-likelihoods are tempered: trained on 26 photos, it is often sure and wrong. */
const UNARY_TEMPER = 0.5;
/**
 * Odd floor (`oddFloor`) comes in patches of at least this share of the frame: smaller ones are the floor's own
 * pattern (superpixels of grout or of the darker boards). Measured on the pasted 15% pieces (eval removal-large):
 * with no minimum the room-guided fill lost the grout of a tile floor (15.65 -> 15.13 dB, line continuity 0.195 ->
 * 0.198); 1% of the frame: 15.48 dB, 0.195, and the listing bedrooms' undetected nightstands are still left out.
 */
const MIN_ODD_PATCH = 0.01;
/**
 * Odd floor is marked only when at least this share of the floor sample agrees on the floor's colour. A cluttered
 * room's bottom rows (`furnished_roomgpt`: boards, a rug, shoes, dumbbells; 15% agree) give no floor colour of their
 * own: there the mark left out the carpet around the sofas and kept the dark clutter, and the fill came out black.
 * The listing bedrooms' samples agree on 48-100%.
 */
const MIN_USUAL_SHARE = 0.4;
/**
 * A detector's box whose pixels the wall classifier calls wall for at least this share holds no piece of furniture:
 * the room model leaves it out (no object label, its lines kept, no floor forced under its foot, not among the
 * source's detections the wall change and the removals read). On bare Blender rooms the detectors see frame-sized
 * "beds" over wallpaper and wood floors (validation renders 19 and 22: 0.78 and 0.64 of the box wall; with the box,
 * the labels called their floor object and the layout lost every line inside it). Every box on the 88 fixtures is
 * under 0.35 (a clock 0.34; the most for furniture 0.28, a chair before a wall), the real pieces of those renders
 * under 0.2.
 */
const MAX_WALL_IN_PIECE = 0.5;
/** Long side of the grid the layout is fitted on. */
const FIT_LONG_SIDE = 72;
/**
 * A floor-standing piece detected at least this surely has floor under the foot of its box in the layout's fit: a
 * false box would force the floor up a wall, so the bar is higher than for taking a box's lines away.
 */
const SURE_STANDING_CONFIDENCE = 0.5;
/** The bottom share of a sure floor-standing piece's box that the layout's fit takes for floor. */
const STANDING_FOOT_SHARE = 0.15;

/** Heights (m) of detected classes that stand on the floor and vary little: they measure the eye height. */
const KNOWN_HEIGHT_M: Readonly<Record<string, number>> = {
  sofa: 0.85,
  chair: 0.88,
  table: 0.75,
  refrigerator: 1.78,
  toilet: 0.78,
  oven: 0.9,
};

/** What the room model keeps of the photo itself: its size and fingerprint (the pixels stay where they are). */
export interface RoomPhoto {
  readonly width: number;
  readonly height: number;
  readonly fingerprint: string;
}

export function roomPhoto(image: RgbImage): RoomPhoto {
  return { width: image.width, height: image.height, fingerprint: imageFingerprint(image) };
}

/** Segments of the work image the layout is fitted to (found again when a step before did not hand them over). */
export function layoutSegments(work: RgbImage): Promise<Segment[]> {
  return detectSegments(work, { low: 12, high: 36, votes: 0.025, minLength: 0.03 });
}

/**
 * The model from an analysis already made (evaluation passes held-out wall probabilities here). `made`: when the
 * model was started (performance.now() of this thread) and the layout's segments, when an earlier step found them.
 */
export async function buildRoomModel(
  photo: RgbImage | RoomPhoto,
  analysis: WallAnalysis,
  probabilities: Float32Array,
  detections: readonly Detection[],
  options: RoomModelOptions = {},
  made: { started?: number; segments?: Segment[] } = {},
): Promise<RoomModel> {
  const started = made.started ?? performance.now();
  const { work } = analysis;
  const ww = work.width;
  const wh = work.height;
  const segments = longest(made.segments ?? (await layoutSegments(work)), 300);

  // Wall probability per work pixel (from its superpixel) and the detector's boxes at the work size.
  const pw = new Float32Array(ww * wh);
  const spx = analysis.superpixels.labels;
  for (let i = 0; i < pw.length; i++) pw[i] = probabilities[spx[i]!]!;
  // A bare ceiling reads as one more smooth wall to the classifier: above a wall-ceiling junction (walls/ceiling.ts)
  // it is not wall.
  const classified = workMask(analysis, probabilities, WALL_THRESHOLD);
  const cut = removeCeiling(analysis, classified);
  for (let i = 0; i < pw.length; i++) if (classified[i] && !cut[i]) pw[i] = Math.min(pw[i]!, 0.1);
  const pieces = detections.filter((d) => wallShareInBox(d.bbox, pw, analysis.scale, ww, wh) < MAX_WALL_IN_PIECE);
  const inBox = boxesAtScale(
    pieces.map((d) => d.bbox),
    analysis.scale,
    ww,
    wh,
  );

  const lensFocal = options.focalPx ? options.focalPx * (ww / photo.width) : undefined;
  const camera = estimateManhattanCamera(weighBySurface(segments, pw, ww, wh), ww, wh, lensFocal);

  const fitScale = FIT_LONG_SIDE / Math.max(ww, wh);
  const gw = Math.max(8, Math.round(ww * fitScale));
  const gh = Math.max(8, Math.round(wh * fitScale));
  const grid = rayGrid(camera.pose, camera.focal, ww, wh, gw, gh, camera.principalY);
  const lines = lineMaps(segments, camera.family, gw / ww, gw, gh);
  const standing = standingPieces(pieces, (analysis.scale * gw) / ww, gw, gh);
  for (const { box } of standing) dropLinesInside(lines, box, gw);
  const unary = layoutUnary(pw, inBox, lines, ww, wh, gw, gh);
  for (const { foot } of standing) if (foot) floorUnder(unary, foot, gw);
  const eye0 = DEFAULT_CAMERA_HEIGHT_M;
  const fit = fitBoxLayout(grid, { unary, lines, lineWeight: LINE_WEIGHT }, eye0);

  // Faces and labels at the work size.
  const wallThreshold = options.wallThreshold ?? ROOM_WALL_THRESHOLD;
  const floorOverride = options.floorOverride ?? FLOOR_OVERRIDE;
  const workGrid = rayGrid(camera.pose, camera.focal, ww, wh, ww, wh, camera.principalY);
  fit.box.ceiling = refitBoxCeiling(analysis, workGrid, fit.box, inBox) ?? fit.box.ceiling;
  const faces = renderFaces(workGrid, fit.box);
  const labels = new Uint8Array(ww * wh);
  for (let i = 0; i < labels.length; i++) {
    const f = faces[i]!;
    if (f === FACE.floor) {
      labels[i] = pw[i]! >= floorOverride ? ROOM_LABEL.wall : inBox[i] && pw[i]! < 0.5 ? ROOM_LABEL.object : ROOM_LABEL.floor;
    } else if (f === FACE.ceiling) labels[i] = ROOM_LABEL.ceiling;
    else labels[i] = pw[i]! >= wallThreshold ? ROOM_LABEL.wall : ROOM_LABEL.object;
  }
  const openings = findOpenings(labels, faces, inBox, workGrid, fit.box, camera, ww, wh);
  // Doors and hanging panels the classifier painted, and the openings above confirmed by their frames: the new doors
  // are openings too; all of them are kept off the wall.
  const framed = findFramedPanels(analysis.lab, labels, faces, workGrid, fit.box, camera, openings);
  for (const door of framed) {
    if (door.kind !== 'door') continue;
    const overlaps = openings.some((o) => o.face === door.face && o.rect[0] < door.rect[1] && o.rect[1] > door.rect[0]);
    if (!overlaps) openings.push({ ...door, kind: 'door' });
  }
  const floorSample = sampleFloor(
    analysis,
    labels.map((l) => (l === ROOM_LABEL.floor ? 1 : 0)),
    probabilities,
  );
  const sample = floorSample && floorSample.usualShare >= MIN_USUAL_SHARE ? floorSample : null;
  if (sample) floorInBoxes(labels, faces, inBox, analysis, sample);
  const odd = sample ? oddFloor(labels, analysis, sample) : null;

  // Eye height: given, or measured from objects of known height standing on the floor, or the default.
  const measured = options.cameraHeightM ?? eyeFromObjects(pieces, camera, fit.box, analysis.scale, ww, wh);
  const eye = measured ?? eye0;
  const k = eye / eye0;
  const box: BoxLayout = {
    left: fit.box.left * k,
    right: fit.box.right * k,
    back: fit.box.back * k,
    front: fit.box.front * k,
    ceiling: fit.box.ceiling * k,
    eye,
  };

  // Everything below is in the photo's pixels.
  const W = photo.width;
  const H = photo.height;
  const focal = camera.focal / analysis.scale;
  const cx = W / 2;
  const cy = camera.principalY / analysis.scale;
  const project = (c: Vec3): Point2 => [cx + (focal * c[0]) / c[2], cy + (focal * c[1]) / c[2]];
  const faceArea = new Float64Array(6);
  for (const f of faces) faceArea[f] = faceArea[f]! + 1 / faces.length;
  const surface = (face: number): RoomSurface => ({
    plane: facePlane(camera.pose, box, face),
    polygon: facePolygon(camera.pose, box, face, project, W, H),
    area: round(faceArea[face]!, 4),
  });
  const wallFaces = [FACE.left, FACE.right, FACE.back, FACE.front].filter((f) => faceArea[f]! > 0.005);
  const walls: RoomWall[] = wallFaces.map((f) => ({
    ...surface(f),
    axis: f === FACE.left || f === FACE.right ? 'x' : 'z',
    run:
      f === FACE.left || f === FACE.right
        ? [round(-box.back, 3), round(box.front, 3)]
        : [round(-box.left, 3), round(box.right, 3)],
  }));
  const roomOpenings: RoomOpening[] = openings
    .filter((o) => wallFaces.includes(o.face as (typeof wallFaces)[number]))
    .map((o) => ({
      kind: o.kind,
      wall: wallFaces.indexOf(o.face as (typeof wallFaces)[number]),
      polygon: o.corners.map((c) => project(toCamera(camera.pose, scalePoint(c, k)))).map(roundPoint),
      rect: [round(o.rect[0] * k, 3), round(o.rect[1] * k, 3), round(o.rect[2] * k, 3), round(o.rect[3] * k, 3)],
    }));
  const [ha, hb, hc] = horizonLine(camera.pose, focal, cx, cy);
  const rowAt = (x: number): number => round(-(ha * x + hc) / hb, 2);
  const agree = faces.reduce((n, f, i) => n + (f >= FACE.left === pw[i]! >= 0.5 ? 1 : 0), 0) / faces.length;
  const D = 180 / Math.PI;
  return {
    version: 1,
    width: W,
    height: H,
    work: { width: ww, height: wh },
    camera: {
      focalPx: round(focal, 2),
      focalSource: camera.focalSource,
      principalPoint: [cx, round(cy, 2)],
      pitchDeg: round(camera.pitch * D, 3),
      rollDeg: round(camera.roll * D, 3),
      yawDeg: round(camera.yaw * D, 3),
      rotation: [...camera.pose.right, ...camera.pose.down, ...camera.pose.forward].map((v) => round(v, 6)),
      horizon: { line: [round(ha, 6), round(hb, 6), round(hc, 3)], yLeft: rowAt(0), yCentre: rowAt(cx), yRight: rowAt(W) },
      heightM: round(eye, 3),
      heightSource: measured === null ? 'default' : 'objects',
    },
    vanishingPoints: vanishingPoints(camera, focal, cx, cy, analysis.scale),
    floor: surface(FACE.floor),
    ceiling: faceArea[FACE.ceiling]! > 0 ? surface(FACE.ceiling) : null,
    walls,
    openings: roomOpenings,
    labels: { width: ww, height: wh, encoding: 'base64-u8', legend: [...ROOM_LABEL_NAMES], data: encodeLabels(labels) },
    confidence: round(agree, 3),
    timingMs: Math.round(performance.now() - started),
    source: {
      fingerprint: 'fingerprint' in photo ? photo.fingerprint : imageFingerprint(photo),
      detections: pieces.map((d) => ({ ...d, bbox: [...d.bbox] })),
      ...(odd ? { oddFloor: encodeMaskBits(odd) } : {}),
      ...(framed.length > 0
        ? { framedPanels: framed.map((p) => p.corners.map((c) => roundPoint(project(toCamera(camera.pose, scalePoint(c, k)))))) }
        : {}),
    },
  };
}

/**
 * The floor pixels (labelled floor) whose colour is not the floor's: 1 where a superpixel the labels call floor
 * matches less than a quarter of the floor sampled nearest the camera (walls/layout-floor.ts), in patches of at
 * least MIN_ODD_PATCH of the frame. The layout's floor runs under all the furniture and the detector misses some (a
 * nightstand, a TV cabinet): a removal must not copy its floor from them (`furnished_houses_130`'s bed filled with
 * dark wood, not its carpet). Null where the sample is too thin or too mixed to model the floor's colour, or the
 * layout's floor so large that it likely rides up the walls. Kept apart from the labels: with those pixels labelled
 * object, a removal's hole lost its floor ring and fell back to a fill that copied picture frames onto the floor
 * (`_101`).
 */
function oddFloor(labels: Uint8Array, analysis: WallAnalysis, sample: FloorSample): Uint8Array {
  const floor = labels.map((l) => (l === ROOM_LABEL.floor ? 1 : 0));
  const spx = analysis.superpixels.labels;
  const verdict = new Int8Array(analysis.superpixels.count).fill(-1);
  const odd = new Uint8Array(labels.length);
  for (let i = 0; i < labels.length; i++) {
    if (!floor[i]) continue;
    const s = spx[i]!;
    if (verdict[s] === -1) verdict[s] = sample.sameFloor(s) ? 0 : 1;
    odd[i] = verdict[s]!;
  }
  dropSmallPatches(odd, analysis.work.width, Math.round(MIN_ODD_PATCH * odd.length));
  return odd;
}

/** The share of a detection box's work pixels (`box` in photo pixels, `scale` to the work size) at wall probability 0.5 or more. */
function wallShareInBox(box: Box, pw: Float32Array, scale: number, ww: number, wh: number): number {
  const [x1, y1, x2, y2] = clipBoxAtScale(box, scale, ww, wh);
  let wall = 0;
  for (let y = y1; y < y2; y++) for (let x = x1; x < x2; x++) wall += pw[y * ww + x]! >= 0.5 ? 1 : 0;
  return wall / Math.max(1, (x2 - x1) * (y2 - y1));
}

/**
 * The floor seen inside detection boxes: a superpixel of the layout's floor that the labels call object only for
 * lying in a detector's box (the box of a bed or a kitchen run takes in the floor before it and between its legs)
 * is floor again where its colour is the floor's own (the sample nearest the camera). On 30 tuning renders the
 * floor labelled object was 2.65% of their floor, wall and ceiling, two thirds of the floor the model got wrong.
 */
function floorInBoxes(
  labels: Uint8Array,
  faces: Uint8Array,
  inBox: Uint8Array,
  analysis: WallAnalysis,
  sample: FloorSample,
): void {
  const spx = analysis.superpixels.labels;
  const verdict = new Int8Array(analysis.superpixels.count).fill(-1);
  for (let i = 0; i < labels.length; i++) {
    if (faces[i] !== FACE.floor || !inBox[i] || labels[i] !== ROOM_LABEL.object) continue;
    const s = spx[i]!;
    if (verdict[s] === -1) verdict[s] = sample.sameFloor(s) ? 1 : 0;
    if (verdict[s]) labels[i] = ROOM_LABEL.floor;
  }
}

/**
 * Clears the 4-connected patches of `mask` smaller than `minArea` pixels. A patterned floor (grout, two-tone boards)
 * has scattered superpixels of its minority colour; furniture and sunlit patches are whole patches.
 */
function dropSmallPatches(mask: Uint8Array, width: number, minArea: number): void {
  forEachPatch(mask, width, (members) => {
    if (members.length < minArea) for (const p of members) mask[p] = 0;
  });
}

const round = (v: number, digits: number): number => Math.round(v * 10 ** digits) / 10 ** digits;
const roundPoint = (p: Point2): Point2 => [round(p[0], 2), round(p[1], 2)];
const scalePoint = (p: Vec3, k: number): Vec3 => [p[0] * k, p[1] * k, p[2] * k];

/**
 * Segments weighted for the camera search by how much wall lies beside them: lines on or bounding walls (junctions,
 * frames, cornices) show the room's axes; lines in the middle of a floor may be a pattern laid at any angle
 * (diagonal tiles, a rug). The weight scales the segment's length, which is all the search counts.
 */
function weighBySurface(segments: readonly Segment[], pw: Float32Array, ww: number, wh: number): Segment[] {
  return segments.map((s) => {
    let best = 0;
    for (const t of [0.25, 0.5, 0.75]) {
      const mx = s.x1 + t * (s.x2 - s.x1);
      const my = s.y1 + t * (s.y2 - s.y1);
      for (let dy = -6; dy <= 6; dy += 3) {
        for (let dx = -6; dx <= 6; dx += 3) {
          const x = Math.round(mx + dx);
          const y = Math.round(my + dy);
          if (x >= 0 && x < ww && y >= 0 && y < wh) best = Math.max(best, pw[y * ww + x]!);
        }
      }
    }
    return { ...s, length: s.length * (0.08 + 0.92 * best * best) };
  });
}

function longest(segments: Segment[], n: number): Segment[] {
  return segments.length <= n ? segments : [...segments].sort((a, b) => b.length - a.length).slice(0, n);
}

/**
 * Log-likelihood of each face class per fit-grid pixel: floor and ceiling where the wall classifier says not wall,
 * walls where it says wall, a wall's orientation from the segment families around it (a wall along X carries
 * lines toward the X vanishing point); pixels inside detector boxes count for less (furniture hides the layout).
 */
function layoutUnary(
  pw: Float32Array,
  inBox: Uint8Array,
  lines: Uint8Array[],
  ww: number,
  wh: number,
  gw: number,
  gh: number,
): Float32Array[] {
  const n = gw * gh;
  const wall = new Float32Array(n);
  const box = new Float32Array(n);
  const count = new Float32Array(n);
  for (let y = 0; y < wh; y++) {
    const gy = Math.min(gh - 1, Math.floor((y * gh) / wh));
    for (let x = 0; x < ww; x++) {
      const g = gy * gw + Math.min(gw - 1, Math.floor((x * gw) / ww));
      wall[g] = wall[g]! + pw[y * ww + x]!;
      box[g] = box[g]! + inBox[y * ww + x]!;
      count[g] = count[g]! + 1;
    }
  }
  const orientation = (family: number): Float32Array => {
    const src = lines[family]!;
    const out = new Float32Array(n);
    const r = 3;
    for (let y = 0; y < gh; y++) {
      for (let x = 0; x < gw; x++) {
        let sum = 0;
        for (let dy = -r; dy <= r; dy++) {
          const yy = y + dy;
          if (yy < 0 || yy >= gh) continue;
          for (let dx = -r; dx <= r; dx++) {
            const xx = x + dx;
            if (xx >= 0 && xx < gw) sum += src[yy * gw + xx]!;
          }
        }
        out[y * gw + x] = Math.min(1, sum / 6);
      }
    }
    return out;
  };
  const ox = orientation(0);
  const oz = orientation(1);
  const faces = Array.from({ length: 6 }, () => new Float32Array(n));
  for (let i = 0; i < n; i++) {
    const p = wall[i]! / count[i]!;
    const weight = (box[i]! / count[i]! > 0.5 ? 0.3 : 1) * UNARY_TEMPER;
    const flat = Math.log(1 - p + 0.05) * weight;
    const upright = Math.log(p + 0.05) * weight;
    const turn = 0.4 * (ox[i]! - oz[i]!);
    faces[FACE.floor]![i] = flat;
    faces[FACE.ceiling]![i] = flat;
    faces[FACE.left]![i] = upright - turn;
    faces[FACE.right]![i] = upright - turn;
    faces[FACE.back]![i] = upright + turn;
    faces[FACE.front]![i] = upright + turn;
  }
  return faces;
}

/**
 * What floor-standing furniture tells the layout's fit ("a bed stands on the floor", issue 14). Its edges are its own,
 * not the room's: inside its box, segments toward the horizontal vanishing points give no line support. And the floor
 * runs under its foot: the bottom of a sure piece's box is floor. Without this, a bedroom's strongest floor-wall line
 * was often the bed's foot or side (`furnished_houses_103`, `_113`, `_122`): the layout ran the floor's edge along it,
 * and a removal filled the bed's place with a wedge of wall. Taking the lines alone away lost `_113`'s floor (the
 * classifier reads its pale carpet as wall, and the bed's edge was all that held the floor down); the foot alone
 * hardly moved the layouts, the bed's lines outweighing it.
 * Boxes on the fit grid (`scale`: grid pixels per photo pixel), clipped; `foot` null for a piece not sure enough.
 */
function standingPieces(
  detections: readonly Detection[],
  scale: number,
  gw: number,
  gh: number,
): { box: Box; foot: Box | null }[] {
  return detections
    .filter((d) => FLOOR_STANDING.has(d.class_name))
    .map(({ bbox, confidence }) => {
      const box = clipBoxAtScale(bbox, scale, gw, gh);
      const footTop = Math.max(0, Math.floor((bbox[3] - (bbox[3] - bbox[1]) * STANDING_FOOT_SHARE) * scale));
      const foot: Box | null = confidence >= SURE_STANDING_CONFIDENCE ? [box[0], footTop, box[2], box[3]] : null;
      return { box, foot };
    });
}

/** No line support toward the horizontal vanishing points (families 0 and 1) inside a grid box. */
function dropLinesInside(lines: Uint8Array[], [x1, y1, x2, y2]: Box, gw: number): void {
  for (let y = y1; y < y2; y++) {
    for (let i = y * gw + x1; i < y * gw + x2; i++) lines[0]![i] = lines[1]![i] = 0;
  }
}

/** A grid box that the fit takes for floor, as sure as the unary gets. */
function floorUnder(unary: Float32Array[], [x1, y1, x2, y2]: Box, gw: number): void {
  const notFloor = Math.log(0.05) * UNARY_TEMPER;
  for (let y = y1; y < y2; y++) {
    for (let i = y * gw + x1; i < y * gw + x2; i++) {
      for (let face = 0; face < FACE_COUNT; face++) unary[face]![i] = face === FACE.floor ? 0 : notFloor;
    }
  }
}

/** World normal (pointing away from the camera) and distance of a face of the box. */

function facePlane(pose: CameraPose, box: BoxLayout, face: number): RoomPlane {
  const { normal, distance } = faceWorld(box, face);
  const n = toCamera(pose, normal);
  return { normal: n.map((v) => round(v, 6)) as Point3, distance: round(distance, 3) };
}

/** The face's rectangle in the room frame. */
function faceCorners(box: BoxLayout, face: number): Vec3[] {
  const { left: L, right: R, back: B, front: F, ceiling: C, eye: E } = box;
  switch (face) {
    case FACE.floor:
      return [
        [-L, -E, -B],
        [R, -E, -B],
        [R, -E, F],
        [-L, -E, F],
      ];
    case FACE.ceiling:
      return [
        [-L, C, -B],
        [R, C, -B],
        [R, C, F],
        [-L, C, F],
      ];
    case FACE.left:
      return [
        [-L, -E, -B],
        [-L, -E, F],
        [-L, C, F],
        [-L, C, -B],
      ];
    case FACE.right:
      return [
        [R, -E, -B],
        [R, -E, F],
        [R, C, F],
        [R, C, -B],
      ];
    case FACE.back:
      return [
        [-L, -E, -B],
        [R, -E, -B],
        [R, C, -B],
        [-L, C, -B],
      ];
    default:
      return [
        [-L, -E, F],
        [R, -E, F],
        [R, C, F],
        [-L, C, F],
      ];
  }
}

/** A face's visible polygon in the photo: clipped in front of the camera, projected, clipped to the frame. */
function facePolygon(
  pose: CameraPose,
  box: BoxLayout,
  face: number,
  project: (c: Vec3) => Point2,
  W: number,
  H: number,
): Point2[] {
  const near = 0.02;
  const cam = faceCorners(box, face).map((p) => toCamera(pose, p));
  const clipped: Vec3[] = [];
  for (let i = 0; i < cam.length; i++) {
    const a = cam[i]!;
    const b = cam[(i + 1) % cam.length]!;
    if (a[2] >= near) clipped.push(a);
    if (a[2] >= near !== b[2] >= near) {
      const t = (near - a[2]) / (b[2] - a[2]);
      clipped.push([a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]), near]);
    }
  }
  let poly = clipped.map(project);
  const clip = (inside: (p: Point2) => boolean, cut: (a: Point2, b: Point2) => Point2): void => {
    const out: Point2[] = [];
    for (let i = 0; i < poly.length; i++) {
      const a = poly[i]!;
      const b = poly[(i + 1) % poly.length]!;
      if (inside(a)) out.push(a);
      if (inside(a) !== inside(b)) out.push(cut(a, b));
    }
    poly = out;
  };
  const atX =
    (x: number) =>
    (a: Point2, b: Point2): Point2 => [x, a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0])];
  const atY =
    (y: number) =>
    (a: Point2, b: Point2): Point2 => [a[0] + ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]), y];
  clip((p) => p[0] >= 0, atX(0));
  clip((p) => p[0] <= W, atX(W));
  clip((p) => p[1] >= 0, atY(0));
  clip((p) => p[1] <= H, atY(H));
  return poly.map(roundPoint);
}

function vanishingPoints(camera: ManhattanCamera, focal: number, cx: number, cy: number, scale: number): RoomVanishingPoint[] {
  const axes: { axis: RoomVanishingPoint['axis']; w: Vec3; k: number }[] = [
    { axis: 'x', w: [1, 0, 0], k: 0 },
    { axis: 'z', w: [0, 0, 1], k: 1 },
    { axis: 'vertical', w: [0, 1, 0], k: 2 },
  ];
  return axes.map(({ axis, w, k }) => {
    const c = toCamera(camera.pose, w);
    const [x, y, z] = vanishingPoint(c, focal, cx, cy);
    const far = Math.abs(z) < 1e-9 || Math.hypot(x / z - cx, y / z - cy) > 100 * Math.max(cx, cy);
    const direction: Point2 = far
      ? [c[0] / Math.hypot(c[0], c[1]), c[1] / Math.hypot(c[0], c[1])]
      : [(x / z - cx) / Math.hypot(x / z - cx, y / z - cy), (y / z - cy) / Math.hypot(x / z - cx, y / z - cy)];
    return {
      axis,
      point: far ? null : roundPoint([x / z, y / z]),
      direction: roundPoint(direction),
      support: round(camera.support[k]! / scale, 1),
    };
  });
}

interface FoundOpening {
  face: number;
  kind: 'window' | 'door';
  corners: Vec3[];
  rect: [number, number, number, number];
}

/**
 * Windows and doors: connected parts of "not wall" inside a wall of the layout (outside the detector's boxes)
 * that fill most of an upright rectangle on that wall's plane of a window's or a door's size; a door reaches the
 * floor. The rectangle's pixels become `opening`.
 */
function findOpenings(
  labels: Uint8Array,
  faces: Uint8Array,
  inBox: Uint8Array,
  grid: RayGrid,
  box: BoxLayout,
  camera: ManhattanCamera,
  ww: number,
  wh: number,
): FoundOpening[] {
  const n = ww * wh;
  const candidate = (i: number): boolean => labels[i] === ROOM_LABEL.object && faces[i]! >= FACE.left && !inBox[i];
  const seen = new Uint8Array(n);
  const found: FoundOpening[] = [];
  const stack: number[] = [];
  for (let start = 0; start < n; start++) {
    if (seen[start] || !candidate(start)) continue;
    const pixels: number[] = [];
    stack.push(start);
    seen[start] = 1;
    while (stack.length) {
      const i = stack.pop()!;
      pixels.push(i);
      const x = i % ww;
      for (const j of [x > 0 ? i - 1 : -1, x < ww - 1 ? i + 1 : -1, i - ww, i + ww]) {
        if (j >= 0 && j < n && !seen[j] && candidate(j) && faces[j] === faces[i]) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
    if (pixels.length < 0.004 * n) continue;
    const face = faces[start]!;
    const { normal, distance } = faceWorld(box, face);
    const axis = normal[0] !== 0 ? 0 : 2;
    const runAxis = axis === 0 ? 2 : 0;
    const us: number[] = [];
    const vs: number[] = [];
    for (const i of pixels) {
      const d = axis === 0 ? grid.dx[i]! : grid.dz[i]!;
      const t = distance / Math.abs(d);
      us.push((runAxis === 0 ? grid.dx[i]! : grid.dz[i]!) * t);
      vs.push(grid.dy[i]! * t + box.eye);
    }
    us.sort((a, b) => a - b);
    vs.sort((a, b) => a - b);
    const q = (xs: number[], f: number): number => xs[Math.min(xs.length - 1, Math.floor(f * xs.length))]!;
    const u0 = q(us, 0.03);
    const u1 = q(us, 0.97);
    let v0 = q(vs, 0.03);
    const v1 = q(vs, 0.97);
    const width = u1 - u0;
    const height = v1 - v0;
    if (width < 0.35 || width > 4 || height < 0.4 || height > 2.8) continue;
    const kind = v0 < 0.2 ? 'door' : 'window';
    if (kind === 'door') v0 = 0;
    const at = (u: number, v: number): Vec3 => {
      const p: [number, number, number] = [0, v - box.eye, 0];
      p[axis] = normal[axis]! * distance;
      p[runAxis] = u;
      return p;
    };
    const corners = [at(u0, v0), at(u1, v0), at(u1, v1), at(u0, v1)];
    // How much of the rectangle the part fills, counted on the work grid.
    let inside = 0;
    const members: number[] = [];
    for (let i = 0; i < n; i++) {
      if (faces[i] !== face) continue;
      const d = axis === 0 ? grid.dx[i]! : grid.dz[i]!;
      const t = distance / Math.abs(d);
      const u = (runAxis === 0 ? grid.dx[i]! : grid.dz[i]!) * t;
      const v = grid.dy[i]! * t + box.eye;
      if (u >= u0 && u <= u1 && v >= v0 && v <= v1) {
        inside++;
        members.push(i);
      }
    }
    if (pixels.length < 0.55 * inside) continue;
    for (const i of members) if (labels[i] !== ROOM_LABEL.floor) labels[i] = ROOM_LABEL.opening;
    found.push({ face, kind, corners, rect: [u0, u1, v0, v1] });
    void camera;
  }
  return found;
}

/**
 * The eye height from detected pieces of known height standing on the floor: the bottom of the box meets the
 * floor at a depth the layout gives (for the eye height assumed); the box's height there, in metres, scales the
 * assumption. Median over the usable pieces; null when none is usable.
 */
function eyeFromObjects(
  detections: readonly Detection[],
  camera: ManhattanCamera,
  box: BoxLayout,
  scale: number,
  ww: number,
  wh: number,
): number | null {
  const estimates: number[] = [];
  const cx = ww / 2;
  const cy = camera.principalY;
  for (const d of detections) {
    const known = KNOWN_HEIGHT_M[d.class_name];
    if (!known || d.confidence < 0.4) continue;
    const [x1, y1, x2, y2] = d.bbox.map((v) => v * scale) as [number, number, number, number];
    if (y2 >= wh - 2 || y1 <= 1) continue;
    const xm = (x1 + x2) / 2;
    const ray = (x: number, y: number): Vec3 => {
      const { right: r, down: dn, forward: f } = camera.pose;
      const u = x - cx;
      const v = y - cy;
      return [
        u * r[0] + v * dn[0] + camera.focal * f[0],
        u * r[1] + v * dn[1] + camera.focal * f[1],
        u * r[2] + v * dn[2] + camera.focal * f[2],
      ];
    };
    const bottom = ray(xm, y2);
    if (bottom[1] >= -1e-6) continue;
    const t = box.eye / -bottom[1];
    const foot: Vec3 = [bottom[0] * t, -box.eye, bottom[2] * t];
    // The top edge's ray, and the height at which it passes above the foot (closest approach to the vertical there).
    const top = ray(xm, y1);
    const horizontal = Math.hypot(foot[0], foot[2]);
    const along = Math.hypot(top[0], top[2]);
    if (along < 1e-9) continue;
    const heightAtFoot = (top[1] / along) * horizontal + box.eye;
    if (heightAtFoot <= 0.1) continue;
    estimates.push((box.eye * known) / heightAtFoot);
  }
  if (estimates.length === 0) return null;
  estimates.sort((a, b) => a - b);
  const median = estimates[estimates.length >> 1]!;
  return Math.min(2.2, Math.max(0.9, median));
}
