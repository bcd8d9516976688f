import { FLOOR_STANDING } from '../detect/classes.ts';
import { detectObjects, type Detection } from '../detect/detect.ts';
import { VisionError } from '../errors.ts';
import { decodeImage, imageFingerprint, type ImageInput, type RgbImage } from '../image.ts';
import { boxesAtScale, maskArea, type Box, type Mask } from '../mask.ts';
import { buildRoomModel } from '../room/room-model.ts';
import type { RoomModel } from '../room/types.ts';
import { isWallMaterialKey, materialTile, PAINT_COLOURS, type MaterialTile, type WallMaterialKey } from './materials.ts';
import { floorUnderPiecesOff, framedPanelsOff, objectSilhouettes, subtractFromMask, wallFrames } from './room-walls.ts';
import { vetoCeiling } from './layout-ceiling.ts';
import { vetoLayoutFloor } from './layout-floor.ts';
import { learnedCeilingVeto } from './learned-ceiling.ts';
import { vetoCeilingByColour } from './ceiling-colour.ts';
import { vetoCabinets } from './cabinets.ts';
import type { WallAnalysis } from './analyse.ts';
import { blownPanes } from './blown-panes.ts';
import { segmentWalls, upsampleMask, workMask, WALL_THRESHOLD, type WallOptions, type WallSegmentation } from './wall-mask.ts';
import { settleWalls } from './settle.ts';

/** Texels per centimetre of the material tiles (materials.ts): textures are laid at their real size. */
const TILE_PX_PER_CM = 4;

const SRGB_TO_LINEAR = Float32Array.from({ length: 256 }, (_, v) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});
const LINEAR_STEPS = 4096;
const LINEAR_TO_SRGB = Float32Array.from({ length: LINEAR_STEPS + 1 }, (_, i) => {
  const c = i / LINEAR_STEPS;
  return 255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);
});
const toSrgb = (linear: number): number => LINEAR_TO_SRGB[Math.round(Math.min(1, Math.max(0, linear)) * LINEAR_STEPS)]!;

/** A tile in linear light and its box-filtered mip levels (for walls that recede and shrink the texture). */
interface TilePyramid {
  readonly levels: { size: number; data: Float32Array }[];
}

const pyramids = new Map<WallMaterialKey, TilePyramid>();

function pyramidOf(key: WallMaterialKey, tile: MaterialTile): TilePyramid {
  const cached = pyramids.get(key);
  if (cached) return cached;
  const base = new Float32Array(tile.data.length);
  for (let i = 0; i < base.length; i++) base[i] = SRGB_TO_LINEAR[tile.data[i]!]!;
  const levels = [{ size: tile.size, data: base }];
  while (levels[levels.length - 1]!.size >= 8 && levels[levels.length - 1]!.size % 2 === 0) {
    const prev = levels[levels.length - 1]!;
    const size = prev.size / 2;
    const data = new Float32Array(size * size * 3);
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        for (let c = 0; c < 3; c++) {
          const p = (a: number, b: number): number => prev.data[((2 * y + a) * prev.size + 2 * x + b) * 3 + c]!;
          data[(y * size + x) * 3 + c] = (p(0, 0) + p(0, 1) + p(1, 0) + p(1, 1)) / 4;
        }
      }
    }
    levels.push({ size, data });
  }
  const pyramid = { levels };
  pyramids.set(key, pyramid);
  return pyramid;
}

function sampleBilinear(level: { size: number; data: Float32Array }, tx: number, ty: number, out: Float32Array): void {
  const size = level.size;
  const fx = (((tx - 0.5) % size) + size) % size;
  const fy = (((ty - 0.5) % size) + size) % size;
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const x1 = (x0 + 1) % size;
  const y1 = (y0 + 1) % size;
  const ax = fx - x0;
  const ay = fy - y0;
  const d = level.data;
  for (let c = 0; c < 3; c++) {
    const top = d[(y0 * size + x0) * 3 + c]! * (1 - ax) + d[(y0 * size + x1) * 3 + c]! * ax;
    const bottom = d[(y1 * size + x0) * 3 + c]! * (1 - ax) + d[(y1 * size + x1) * 3 + c]! * ax;
    out[c] = top * (1 - ay) + bottom * ay;
  }
}

/** 3x3 box sum, separable; pixels beyond the border count as the nearest edge pixel. */
function box3(src: Float32Array, w: number, h: number): Float32Array {
  const rows = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const o = y * w;
    for (let x = 0; x < w; x++) {
      rows[o + x] = src[o + Math.max(0, x - 1)]! + src[o + x]! + src[o + Math.min(w - 1, x + 1)]!;
    }
  }
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const up = Math.max(0, y - 1) * w;
    const down = Math.min(h - 1, y + 1) * w;
    const o = y * w;
    for (let x = 0; x < w; x++) out[o + x] = rows[up + x]! + rows[o + x]! + rows[down + x]!;
  }
  return out;
}

export interface ChangeWallOptions extends WallOptions {
  /** The photo's room model (computed once per design session from the original upload); computed here when absent. */
  readonly room?: RoomModel;
  /** Pixels that keep their look whatever they are (pieces the session placed), nonzero = keep; any size of the photo. */
  readonly exclude?: Mask;
  /**
   * The boxes (pixels of this image) of pieces the session placed: taken off the wall as the detected objects are,
   * by their silhouettes in the box (the detector may not see a piece it did not know, and a box would leave a
   * rectangle of old paint around it).
   */
  readonly placed?: readonly Box[];
  /**
   * The wall segmentation `room` was built on (roomModelWithWallsOnPool): used instead of segmenting again when the
   * image is the model's own photo (same pixels) and no other detections are given; ignored otherwise.
   */
  readonly walls?: WallSegmentation;
}

/**
 * Re-surfaces the walls. The mask is the wall classifier's (walls/wall-mask.ts, with its wall-ceiling cut), minus
 * the room model's ceiling where that ceiling is plausible, or else column by column where the photo shows its
 * junction with the walls (walls/layout-ceiling.ts), minus the room model's floor
 * where the classifier's "wall" there has the floor's own colour (walls/layout-floor.ts), minus what the ceiling
 * forest trained on the rendered rooms calls ceiling (walls/learned-ceiling.ts), settled over the superpixels as
 * one graph cut (walls/settle.ts, session 24), minus the detected objects'
 * silhouettes (GrabCut in each box; where GrabCut cannot outline one, the classifier's word), the placed pieces
 * and `exclude`: on the annotated fixtures it scored 0.480 leave-one-image-out (session 9, before the renders joined
 * the classifier's training) where the room model's layout walls score 0.25 (the layout is wrong too often on
 * cluttered real photos to take its walls).
 * The room model gives the planes: paint or a procedural texture is laid on each wall's own plane at its real size
 * (a brick is 21.5 x 6.5 cm; courses converge toward the wall's vanishing point), lit by the photo's own shading
 * (luminance over the walls' typical lit level), feathered 1 px inward at the mask's edge. Pixels outside the mask
 * come back byte-identical. Throws `no_walls` when the mask is (nearly) empty (see MIN_WALL_SHARE).
 */
export async function changeWallMaterial(
  input: ImageInput,
  materialKey: string,
  options: ChangeWallOptions = {},
): Promise<RgbImage> {
  if (!isWallMaterialKey(materialKey)) {
    throw new VisionError('invalid_argument', `Unknown wall material "${materialKey}"`);
  }
  const image = await decodeImage(input);
  const { mask, room } = await wallMaterialMask(image, options);
  if (maskArea(mask) < MIN_WALL_SHARE * mask.data.length) throw new VisionError('no_walls', 'No walls were found in this photo');
  return applyWallMaterial(image, materialKey, mask, room);
}

/**
 * Below this share of the photo's pixels the wall change finds no wall to change and says so (`no_walls`), so that
 * the studio charges nothing for the photo handed back unchanged. Six of the 88 room fixtures come out with no wall
 * pixel at all (`furnished_houses_29_kitchen`'s faux-finished plaster, four COCO close-ups, a SUN RGB-D office);
 * the next fewest has 1.2% of its pixels painted (`furnished_houses_1_kitchen`). A few stray pixels are no wall
 * change either.
 */
const MIN_WALL_SHARE = 0.002;

/**
 * The pixels `changeWallMaterial` re-surfaces (255), but for the blown-out glass among them that `applyWallMaterial`
 * leaves as the photo has it (see blownPanes), and the room model it lays the material by.
 */
export async function wallMaterialMask(
  image: RgbImage,
  options: ChangeWallOptions = {},
): Promise<{ mask: Mask; room: RoomModel }> {
  const sourceDetections = options.detections ? null : detectionsOfSource(options.room, image);
  const detections = options.detections ?? sourceDetections ?? (await detectObjects(image));
  const segmentation = sourceDetections && options.walls ? options.walls : await segmentWalls(image, detections);
  const room = options.room ?? (await buildRoomModel(image, segmentation.analysis, segmentation.probabilities, detections, {}));
  const { analysis, probabilities } = segmentation;
  const vetoed = roomVetoedWall(analysis, segmentation.workWall, probabilities, room, detections);
  const settled = settledWall(analysis, probabilities, vetoed, detections);
  const wall = upsampleMask(settled, analysis.work, image);
  const placed = (options.placed ?? []).map((bbox, index) => ({
    id: `placed-${index}`,
    class_name: 'placed piece',
    bbox: [bbox[0], bbox[1], bbox[2], bbox[3]] as [number, number, number, number],
    confidence: 1,
  }));
  const silhouettes = await objectSilhouettes(image, [...detections, ...placed]);
  // A detection GrabCut could not outline (it kept nearly all of the box: 40 of the 63 on the wall fixtures) is
  // left to the classifier, which already keeps most objects off the wall: clearing its whole box left a
  // rectangle of old paint on the wall above a bed's posts or beside a chair (seen on listing photos), and cost
  // wall IoU (0.572 against 0.568 in-sample on the 26 fixtures). A piece the session placed keeps its box: the
  // classifier has never seen it and may take it for wall.
  const objects = [...detections.filter((d) => silhouettes.has(d)), ...placed];
  const mask = subtractFromMask(floorUnderPiecesOff(framedPanelsOff(wall, room), room, detections), {
    detections: objects,
    silhouettes,
    exclude: options.exclude,
    scaleX: 1,
    scaleY: 1,
  });
  return { mask, room };
}

/**
 * The classifier's wall map at the analysis size with the room model's layout vetoes applied: its ceiling, where it
 * can be trusted, is never wall (see vetoCeiling); nor is its floor where the classifier's "wall" looks like the
 * floor it sees there (see vetoLayoutFloor). Returns `workWall` itself when neither takes anything.
 */
export function layoutVetoedWall(
  analysis: WallAnalysis,
  workWall: Uint8Array,
  wallProbabilities: Float32Array,
  room: RoomModel,
  detections: readonly Detection[],
): Uint8Array {
  const withoutCeiling = vetoCeiling(analysis, workWall, room, detections) ?? workWall;
  return vetoLayoutFloor(analysis, withoutCeiling, wallProbabilities, room) ?? withoutCeiling;
}

/**
 * `layoutVetoedWall`, then what the layout's ceiling did not take the ceiling forest (trained on the renders' exact
 * ceilings: see learned-ceiling.ts) may, then what is left of the layout's ceiling in the ceiling's own colour (see
 * ceiling-colour.ts). Returns `workWall` itself when no veto takes anything.
 */
export function roomVetoedWall(
  analysis: WallAnalysis,
  workWall: Uint8Array,
  wallProbabilities: Float32Array,
  room: RoomModel,
  detections: readonly Detection[],
): Uint8Array {
  const layoutVetoed = layoutVetoedWall(analysis, workWall, wallProbabilities, room, detections);
  const learned = learnedCeilingVeto(analysis, layoutVetoed, room, wallProbabilities) ?? layoutVetoed;
  const ceilingVetoed = vetoCeilingByColour(analysis, learned, room, detections) ?? learned;
  return vetoCabinets(analysis, ceilingVetoed, room, detections) ?? ceilingVetoed;
}

/**
 * What `changeWallMaterial` paints before objects are cut out, at the analysis size: the vetoed map
 * (`roomVetoedWall`), settled over the superpixels (see settle.ts: the classifier's islands on one wall close up,
 * stray blobs on the ceiling go; on the 30 held-out renders the ceiling taking the material fell from 3.29% to 1.16%
 * of each room's ceiling), adding no wall inside the boxes of floor-standing pieces.
 */
export function settledWall(
  analysis: WallAnalysis,
  wallProbabilities: Float32Array,
  vetoed: Uint8Array,
  detections: readonly Detection[],
): Uint8Array {
  const classified = workMask(analysis, wallProbabilities);
  const standing = detections.filter((d) => FLOOR_STANDING.has(d.class_name)).map((d) => d.bbox);
  const { width, height } = analysis.work;
  const noAdd = boxesAtScale(standing, analysis.scale, width, height);
  return settleWalls(analysis, wallProbabilities, WALL_THRESHOLD, classified, vetoed, noAdd);
}

/** The room model's own detections when `image` is the very photo it was made from; null otherwise. */
export function detectionsOfSource(room: RoomModel | undefined, image: RgbImage): Detection[] | null {
  if (!room?.source || room.width !== image.width || room.height !== image.height) return null;
  return room.source.fingerprint === imageFingerprint(image) ? room.source.detections : null;
}

/** Lays a material on the masked pixels along the room model's wall planes (see changeWallMaterial). */
export function applyWallMaterial(image: RgbImage, key: WallMaterialKey, mask: Mask, room: RoomModel): RgbImage {
  const { width: w, height: h } = image;
  const out = new Uint8Array(image.data);
  const m = mask.data;

  // Shading: linear luminance, lightly denoised, over the walls' 75th percentile (a lit patch keeps the new albedo).
  const luminance = new Float32Array(w * h);
  for (let i = 0, p = 0; i < luminance.length; i++, p += 3) {
    luminance[i] =
      0.2126 * SRGB_TO_LINEAR[image.data[p]!]! +
      0.7152 * SRGB_TO_LINEAR[image.data[p + 1]!]! +
      0.0722 * SRGB_TO_LINEAR[image.data[p + 2]!]!;
  }
  const histogram = new Uint32Array(1024);
  let wallPixels = 0;
  for (let i = 0; i < m.length; i++) {
    if (!m[i]) continue;
    const bin = Math.min(1023, Math.floor(luminance[i]! * 1024));
    histogram[bin] = histogram[bin]! + 1;
    wallPixels++;
  }
  if (wallPixels === 0) return { data: out, width: w, height: h };
  let reference = 0.5;
  for (let b = 0, seen = 0; b < 1024; b++) {
    seen += histogram[b]!;
    if (seen >= 0.75 * wallPixels) {
      reference = Math.max(0.02, (b + 0.5) / 1024);
      break;
    }
  }

  const paint = PAINT_COLOURS[key];
  const tile = materialTile(key);
  const pyramid = tile ? pyramidOf(key, tile) : null;
  const paintLinear = paint ? paint.map((v) => SRGB_TO_LINEAR[v]!) : [0, 0, 0];

  // The room model's camera at this image's size, and each wall's plane with its in-plane axes.
  const scale = w / room.width;
  const focal = room.camera.focalPx * scale;
  const cx = room.camera.principalPoint[0] * scale;
  const cy = room.camera.principalPoint[1] * (h / room.height);
  const frames = wallFrames(room);
  const eye = room.camera.heightM;

  // 3x3 sums of the mask and of the masked luminance (separable box): the feather and the denoised shading.
  const inMask = new Float32Array(w * h);
  const masked = new Float32Array(w * h);
  for (let i = 0; i < m.length; i++) {
    if (!m[i]) continue;
    inMask[i] = 1;
    masked[i] = luminance[i]!;
  }
  const covered = box3(inMask, w, h);
  const maskedLuminance = box3(masked, w, h);

  // Blown-out glass keeps the photo's white (see blownPanes).
  const panes = blownPanes(image, mask);
  const texel = new Float32Array(3);
  for (let y = 0, i = 0; y < h; y++) {
    for (let x = 0; x < w; x++, i++) {
      if (!m[i]) continue;
      // Feather one pixel inward: edge pixels mix with the photo; pixels outside the mask are never written.
      if (panes[i]) continue;
      const p = i * 3;
      const alpha = covered[i]! / 9;
      const shading = Math.min(2, maskedLuminance[i]! / covered[i]! / reference);
      let r = paintLinear[0]!;
      let g = paintLinear[1]!;
      let b = paintLinear[2]!;
      if (pyramid && frames.length > 0) {
        // The wall this pixel's ray meets first (the room is a box seen from inside), and where on it.
        const rx = x + 0.5 - cx;
        const ry = y + 0.5 - cy;
        let t = Infinity;
        let wall = 0;
        for (let k = 0; k < frames.length; k++) {
          const n = frames[k]!.normal;
          const along = n[0] * rx + n[1] * ry + n[2] * focal;
          if (along <= 1e-9) continue;
          const tk = frames[k]!.distance / along;
          if (tk < t) ((t = tk), (wall = k));
        }
        if (!Number.isFinite(t)) t = frames[0]!.distance / focal;
        const frame = frames[wall]!;
        const px = t * rx;
        const py = t * ry;
        const pz = t * focal;
        const u = 100 * (px * frame.run[0] + py * frame.run[1] + pz * frame.run[2]);
        const v = 100 * (px * frame.up[0] + py * frame.up[1] + pz * frame.up[2] + eye);
        // Texture footprint of one pixel (cm): distance over focal length, stretched by the wall's slant.
        const length = Math.hypot(rx, ry, focal);
        const slant = Math.max(0.08, (frame.normal[0] * rx + frame.normal[1] * ry + frame.normal[2] * focal) / length);
        const footprint = (100 * t * length) / focal / slant;
        const level = Math.max(
          0,
          Math.min(pyramid.levels.length - 1, Math.round(Math.log2(Math.max(1, footprint * TILE_PX_PER_CM)))),
        );
        const lv = pyramid.levels[level]!;
        const factor = (TILE_PX_PER_CM * lv.size) / pyramid.levels[0]!.size;
        sampleBilinear(lv, u * factor + wall * 37, -v * factor, texel);
        r = texel[0]!;
        g = texel[1]!;
        b = texel[2]!;
      }
      const nr = toSrgb(r * shading);
      const ng = toSrgb(g * shading);
      const nb = toSrgb(b * shading);
      out[p] = Math.round(image.data[p]! + alpha * (nr - image.data[p]!));
      out[p + 1] = Math.round(image.data[p + 1]! + alpha * (ng - image.data[p + 1]!));
      out[p + 2] = Math.round(image.data[p + 2]! + alpha * (nb - image.data[p + 2]!));
    }
  }
  return { data: out, width: w, height: h };
}
