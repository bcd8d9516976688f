import { boxOutline, topSliver } from '../cutout/box-spill.ts';
import { backdropToKeep } from './backdrop.ts';
import type { Detection } from '../detect/detect.ts';
import { objectsInFront } from './front-objects.ts';
import { VisionError } from '../errors.ts';
import { cropImage, decodeImage, pixelLuminance, type ImageInput, type RgbImage } from '../image.ts';
import {
  assertNonEmpty,
  boxMask,
  clipBox,
  createMask,
  compositeMasked,
  cropMask,
  decodeMask,
  growMask,
  maskBBox,
  type Box,
  type Mask,
  type MaskInput,
} from '../mask.ts';
import { diffusionFill } from './diffusion.ts';
import { DEFAULT_EXEMPLAR, exemplarFill, type ExemplarOptions } from './patchmatch.ts';
import type { RoomModel } from '../room/types.ts';
import { surfaceLabels } from './plane-guide.ts';
import { fromCanvas, toCanvas } from './planes.ts';
import { fillFloorRectified } from './floor-plane.ts';
import { fillPlainWalls } from './wall-plain.ts';
import { drawSkirting, mirrorFarFloor, photoWallFoot } from './wall-foot.ts';

export type FillMethod = 'exemplar' | 'diffusion';

/** Width (px) of the rectified floor refilled with the rest of the hole, to keep the new floor off the walls' rim. */
const FLOOR_BAND = 32;

export interface InpaintOptions {
  readonly method?: FillMethod;
  readonly exemplar?: Partial<ExemplarOptions>;
  /** Called with 0..1 as the fill goes from its coarsest level to full size (a large fill takes seconds). */
  readonly onProgress?: (fraction: number) => void;
  /**
   * The room model of the photo (computed once from the session's original): the hole's floor is then filled in
   * the floor's rectified frame, boards and tiles in perspective (floor-plane.ts), and the rest copies each wall
   * from itself, along the layout's straight junctions (plane-guide.ts).
   */
  readonly room?: RoomModel;
}

/** The region around the hole the fill draws from: close enough to match, wide enough to hold whole patterns. */
export function fillRegion(mask: Mask, box: Box): [number, number, number, number] {
  const side = Math.max(box[2] - box[0], box[3] - box[1]);
  const margin = Math.round(Math.min(480, Math.max(48, side * 0.9)));
  const x1 = Math.max(0, box[0] - margin),
    y1 = Math.max(0, box[1] - margin);
  const x2 = Math.min(mask.width, box[2] + margin),
    y2 = Math.min(mask.height, box[3] + margin);
  return [x1, y1, x2 - x1, y2 - y1];
}

/**
 * Fills the white pixels of `mask` from the rest of the photo. Pixels outside the mask come back byte-identical.
 */
export async function inpaint(input: ImageInput, maskInput: MaskInput, options: InpaintOptions = {}): Promise<RgbImage> {
  const image = await decodeImage(input);
  const mask = await decodeMask(maskInput, image);
  return inpaintDecoded(image, mask, options);
}

export function inpaintDecoded(image: RgbImage, mask: Mask, options: InpaintOptions = {}): RgbImage {
  assertNonEmpty(mask);
  // With the room model, the hole's floor is filled first in the floor's own rectified frame (floor-plane.ts), then
  // its painted walls with their own light (wall-plain.ts). The rest (windows, textured walls) is then filled, each
  // surface from itself, together with a band of the new floor around it: with the new floor as its rim, the fill's
  // smooth base let the floor's colour bleed up the wall's foot; the band keeps that rim away, and the band's pixels
  // keep the rectified floor.
  if (options.room && (options.method ?? 'exemplar') === 'exemplar') {
    const progress = options.onProgress;
    const exemplar = { ...DEFAULT_EXEMPLAR, ...options.exemplar };
    const foot = photoWallFoot(image, mask, options.room);
    const side = foot?.side;
    const floor = fillFloorRectified(image, mask, options.room, exemplar, progress && ((f) => progress(0.5 * f)), side);
    const walls = fillPlainWalls(floor?.image ?? image, floor?.rest ?? mask, options.room, floor?.beyond, side);
    const done = walls ?? floor;
    if (done && foot && floor) mirrorFarFloor(done.image, mask, done.rest, foot, floor.beyond);
    if (done) {
      let filled = done.image;
      if (done.rest.data.some((v) => v !== 0)) {
        const near = growMask(done.rest, FLOOR_BAND);
        for (let i = 0; i < near.data.length; i++) if (!mask.data[i]) near.data[i] = 0;
        const onProgress = progress && ((f: number) => progress(0.5 + 0.5 * f));
        const rest = fillHole(done.image, near, { ...options, onProgress }, side);
        filled = compositeMasked(done.image, rest, done.rest);
      }
      return foot ? drawSkirting(filled, mask, foot) : filled;
    }
  }
  return fillHole(image, mask, options);
}

/** `footSide`: the photo's wall foot (wall-foot.ts), whose floor side is filled as floor whatever the layout says. */
function fillHole(image: RgbImage, mask: Mask, options: InpaintOptions, footSide?: Uint8Array): RgbImage {
  const box = maskBBox(mask)!;
  const [x, y, w, h] = fillRegion(mask, box);
  const crop = cropImage(image, x, y, w, h);
  const cropHole = cropMask(mask, x, y, w, h);
  const plain = toCanvas(crop, cropHole);
  const labels = options.room ? surfaceLabels(options.room, image, { x, y, w, h }, plain.hole, footSide) : null;
  const canvas = labels ? { ...plain, labels } : plain;
  if (canvas.hole.every((v) => v === 1)) {
    throw new VisionError('invalid_mask', 'The mask covers the whole image: there is nothing to fill from');
  }
  if ((options.method ?? 'exemplar') === 'diffusion') diffusionFill(canvas);
  else exemplarFill(canvas, { ...DEFAULT_EXEMPLAR, ...options.exemplar }, options.onProgress);
  const filled = fromCanvas(canvas);
  // Paste back through the mask: the only pixels that may change are the masked ones.
  const full = new Uint8Array(image.data);
  for (let row = 0; row < h; row++) {
    for (let col = 0; col < w; col++) {
      if (!cropHole.data[row * w + col]) continue;
      const src = (row * w + col) * 3;
      const dst = ((y + row) * image.width + x + col) * 3;
      full[dst] = filled.data[src]!;
      full[dst + 1] = filled.data[src + 1]!;
      full[dst + 2] = filled.data[src + 2]!;
    }
  }
  return { data: full, width: image.width, height: image.height };
}

/** Erases what the user painted over: the drawn strokes, grown slightly to swallow their anti-aliased rim. */
export async function eraseArea(
  input: ImageInput,
  maskInput: MaskInput,
  options: InpaintOptions & { scaleMask?: boolean } = {},
): Promise<RgbImage> {
  const image = await decodeImage(input);
  const mask = growMask(await decodeMask(maskInput, image, { scale: options.scaleMask }), 2);
  return inpaintDecoded(image, mask, options);
}

/** What a removal is aimed at: a detection box, or the object's own mask. */
export type RemovalTarget = Box | MaskInput;

/**
 * Removes an object given its mask, or its detection box (then the box itself, grown a little, plus the contact
 * shadow just below it, is the hole; `objectMask` gives a tighter one).
 */
export async function removeObject(input: ImageInput, target: RemovalTarget, options: InpaintOptions = {}): Promise<RgbImage> {
  const image = await decodeImage(input);
  return inpaintDecoded(image, await removalMask(image, target, detectionsAtSize(options.room, image)), options);
}

/** The room model's detections (made on the session's original photo) in `image`'s pixels; none without a model. */
function detectionsAtSize(room: RoomModel | undefined, image: RgbImage): Detection[] {
  const detections = room?.source?.detections ?? [];
  if (!room || !detections.length) return [];
  const s = image.width / room.width;
  return detections.map((d) => ({ ...d, bbox: d.bbox.map((v) => v * s) as Detection['bbox'] }));
}

/**
 * Empties the room: removes every target in ONE fill of the union of their holes. One fill is faster than one
 * per object (each pyramid level is built once) and better: no object is copied into another's hole, as it
 * would be when the first fill still sees the second object as a source.
 */
export async function removeObjects(
  input: ImageInput,
  targets: readonly RemovalTarget[],
  options: InpaintOptions = {},
): Promise<RgbImage> {
  if (targets.length === 0) throw new VisionError('invalid_argument', 'There is no object to remove');
  const image = await decodeImage(input);
  const union = createMask(image.width, image.height);
  for (const target of targets) {
    const hole = await removalMask(image, target);
    for (let i = 0; i < union.data.length; i++) if (hole.data[i]) union.data[i] = 255;
  }
  return inpaintDecoded(image, union, options);
}

/**
 * The hole a removal fills: a mask grown 3 px; a box grown ~0.6% of the short side, with its contact shadow, less the
 * pictures and windows inside the box that run out of it clear of the object (backdrop.ts) and the other detected
 * pieces that stand in front of it (front-objects.ts).
 */
export async function removalMask(image: RgbImage, target: RemovalTarget, detections: readonly Detection[] = []): Promise<Mask> {
  if (!isBox(target)) return growMask(await decodeMask(target, image), 3);
  const [x1, y1, x2, y2] = clipBox(target, image.width, image.height);
  if (x2 - x1 < 1 || y2 - y1 < 1) throw new VisionError('invalid_argument', 'The box lies outside the image');
  // The hole reaches the frame's edge where the box nearly does; GrabCut below still learns from the box as the
  // detector drew it (with the box taken to the bottom edge, it lost the floor under a bed as background and spilled
  // over a dresser of the floor's colour: furnished_houses_118).
  const hole = boxMask(image.width, image.height, toFrameEdges([x1, y1, x2, y2], image.width, image.height));
  const { spill, backdrop } = await boxOutline(image, [x1, y1, x2, y2]);
  for (let i = 0; i < hole.data.length; i++) if (spill.data[i]) hole.data[i] = 255;
  const grow = Math.max(3, Math.round(Math.min(image.width, image.height) * 0.006));
  topSliver(image, hole, grow);
  boxShadow(image, [x1, y1, x2, y2], hole);
  const kept = backdropToKeep(image, hole, backdrop, [x1, y1, x2, y2]);
  const inFront = await objectsInFront(image, [x1, y1, x2, y2], detections);
  for (let i = 0; i < kept.data.length; i++) if (inFront.data[i]) kept.data[i] = 255;
  // Taken out after the hole grows: the growth swallows the object's soft rim, and a kept picture is clear of it.
  const grown = growMask(hole, grow);
  for (let i = 0; i < grown.data.length; i++) if (kept.data[i]) grown.data[i] = 0;
  return grown;
}

/**
 * A detection box whose side stops this close to the frame's edge (share of the short side) reaches the edge: the
 * object runs out of the picture, and the detector's box stops a few pixels short of it. A removal left the strip
 * between them behind: a bed's footboard as orange fragments along the photo's bottom edge (`furnished_houses_103`).
 */
const FRAME_SNAP_SHARE = 0.02;

function toFrameEdges(
  [x1, y1, x2, y2]: readonly [number, number, number, number],
  width: number,
  height: number,
): [number, number, number, number] {
  const snap = Math.round(FRAME_SNAP_SHARE * Math.min(width, height));
  return [x1 <= snap ? 0 : x1, y1 <= snap ? 0 : y1, x2 >= width - snap ? width : x2, y2 >= height - snap ? height : y2];
}

/**
 * The contact shadow under a detection box, added to `hole`: below the box, in each column, the run of pixels
 * darker than the floor a little further down (a removed sofa must not leave its dark footprint behind). The
 * band reaches 8% of the box's height and a little past its sides, where soft shadows spread.
 */
function boxShadow(image: RgbImage, box: readonly [number, number, number, number], hole: Mask): void {
  const [x1, y1, x2, y2] = box;
  const { width, height } = image;
  const depth = Math.max(3, Math.round((y2 - y1) * 0.08));
  if (y2 >= height - 1) return;
  const spread = Math.round((x2 - x1) * 0.03);
  for (let x = Math.max(0, x1 - spread); x < Math.min(width, x2 + spread); x += 1) {
    const floorY = Math.min(height - 1, y2 + 2 * depth);
    // The floor's brightness: the median of a short run further down, robust to a board seam.
    const samples: number[] = [];
    for (let y = floorY; y < Math.min(height, floorY + depth); y += 1) samples.push(pixelLuminance(image, y * width + x));
    samples.sort((a, b) => a - b);
    const floor = samples[samples.length >> 1] ?? pixelLuminance(image, floorY * width + x);
    for (let y = y2; y < Math.min(height, y2 + depth); y += 1) {
      if (pixelLuminance(image, y * width + x) < floor * 0.88) hole.data[y * width + x] = 255;
      else break;
    }
  }
}
function isBox(value: Box | MaskInput): value is Box {
  return Array.isArray(value);
}
