import { pixelLuminance, type RgbImage } from '../image.ts';
import { createMask, maskBBox, type Box, type Mask } from '../mask.ts';
import { openCv, seededGrabCut } from '../runtime/opencv.ts';
import { areaDownscale } from './box-silhouette.ts';

/** The band around a detection box where the object may spill over (share of the box's width and height). */
const SPILL_SHARE = 0.12;
/** Context beyond the band GrabCut learns the background from (share of the box's size). */
const CONTEXT_SHARE = 0.25;
/** GrabCut runs on the crop scaled down to at most this side: ~80 ms for a bed at 1920x1280 (200: ~130 ms, no better). */
const GRABCUT_SIDE = 160;
/** A spill over this share of the band is not the object's thin parts: GrabCut took the background too. */
const MAX_SPILL_SHARE = 0.35;

export interface BoxOutline {
  /**
   * The parts of an object that stick out of its detection box: a bed's posts and the crest of its headboard, a
   * chair's back (detector boxes are often a few percent short). Removing the box alone left them standing on the
   * fill (seen on listing bedrooms). Band pixels GrabCut gives the object, and that touch the box. Empty when GrabCut
   * finds none, or takes so much of the band that it cannot have told the object from its background.
   */
  readonly spill: Mask;
  /** Pixels inside the box above the object's top, in each column: the wall or window behind it (see boxBackdrop). */
  readonly backdrop: Mask;
}

/**
 * What GrabCut tells of a detection box's object, run on the box, a band around it and context beyond: the box is
 * probably the object, the band probably not, the context surely not. Both parts are empty when GrabCut cannot
 * tell the object from its background.
 */
export async function boxOutline(image: RgbImage, [x1, y1, x2, y2]: Box): Promise<BoxOutline> {
  const spill = createMask(image.width, image.height);
  const backdrop = createMask(image.width, image.height);
  const none = { spill, backdrop };
  const w = x2 - x1;
  const h = y2 - y1;
  if (w < 8 || h < 8) return none;
  const band: Box = [
    Math.max(0, Math.round(x1 - SPILL_SHARE * w)),
    Math.max(0, Math.round(y1 - SPILL_SHARE * h)),
    Math.min(image.width, Math.round(x2 + SPILL_SHARE * w)),
    // Not below: under the box is the floor, and the contact shadow is found there on its own.
    y2,
  ];
  const crop: Box = [
    Math.max(0, Math.round(x1 - CONTEXT_SHARE * w)),
    Math.max(0, Math.round(y1 - CONTEXT_SHARE * h)),
    Math.min(image.width, Math.round(x2 + CONTEXT_SHARE * w)),
    Math.min(image.height, Math.round(y2 + CONTEXT_SHARE * h)),
  ];
  const scale = Math.min(1, GRABCUT_SIDE / Math.max(crop[2] - crop[0], crop[3] - crop[1]));
  const sw = Math.max(8, Math.round((crop[2] - crop[0]) * scale));
  const sh = Math.max(8, Math.round((crop[3] - crop[1]) * scale));
  // Crop pixel of small cell (x, y), and the region of a crop pixel: 0 context, 1 band, 2 box.
  const region = (px: number, py: number): number =>
    px >= x1 && px < x2 && py >= y1 && py < y2 ? 2 : px >= band[0] && px < band[2] && py >= band[1] && py < band[3] ? 1 : 0;
  const cellX = (x: number): number =>
    crop[0] + Math.min(crop[2] - crop[0] - 1, Math.floor(((x + 0.5) * (crop[2] - crop[0])) / sw));
  const cellY = (y: number): number =>
    crop[1] + Math.min(crop[3] - crop[1] - 1, Math.floor(((y + 0.5) * (crop[3] - crop[1])) / sh));
  const cv = await openCv();
  const init = new Uint8Array(sw * sh);
  let bandCells = 0;
  for (let y = 0; y < sh; y++)
    for (let x = 0; x < sw; x++) {
      const r = region(cellX(x), cellY(y));
      init[y * sw + x] = r === 2 ? cv.GC_PR_FGD : r === 1 ? cv.GC_PR_BGD : cv.GC_BGD;
      if (r === 1) bandCells++;
    }
  if (bandCells === 0) return none;
  const img = cv.matFromArray(sh, sw, cv.CV_8UC3, areaDownscale(image, crop, sw, sh));
  const mask = cv.matFromArray(sh, sw, cv.CV_8UC1, init);
  const bgd = new cv.Mat();
  const fgd = new cv.Mat();
  let labels: Uint8Array;
  try {
    seededGrabCut(cv, img, mask, new cv.Rect(0, 0, sw, sh), bgd, fgd, 3, cv.GC_INIT_WITH_MASK);
    labels = Uint8Array.from(mask.data);
  } catch {
    return none;
  } finally {
    img.delete();
    mask.delete();
    bgd.delete();
    fgd.delete();
  }
  // Object cells of the band connected (4-neighbours, through object cells) to the box's.
  const object = (i: number): boolean => labels[i] === cv.GC_FGD || labels[i] === cv.GC_PR_FGD;
  const reached = new Uint8Array(sw * sh);
  const queue: number[] = [];
  for (let i = 0; i < init.length; i++)
    if (init[i] === cv.GC_PR_FGD && object(i)) {
      reached[i] = 1;
      queue.push(i);
    }
  let spilled = 0;
  for (let head = 0; head < queue.length; head++) {
    const i = queue[head]!;
    const x = i % sw;
    for (const n of [x > 0 ? i - 1 : -1, x < sw - 1 ? i + 1 : -1, i - sw, i + sw]) {
      if (n < 0 || n >= reached.length || reached[n] || init[n] !== cv.GC_PR_BGD || !object(n)) continue;
      reached[n] = 1;
      spilled++;
      queue.push(n);
    }
  }
  // GrabCut that takes this much of the band cannot have told the object from its background.
  if (spilled > MAX_SPILL_SHARE * bandCells) return none;
  // Back to full size: each band pixel takes its cell's word.
  const toCellX = (px: number): number => Math.min(sw - 1, Math.floor(((px - crop[0]) * sw) / (crop[2] - crop[0])));
  const toCellY = (py: number): number => Math.min(sh - 1, Math.floor(((py - crop[1]) * sh) / (crop[3] - crop[1])));
  if (spilled > 0)
    for (let py = band[1]; py < band[3]; py++) {
      const y = toCellY(py);
      for (let px = band[0]; px < band[2]; px++) {
        if (region(px, py) !== 1) continue;
        const i = y * sw + toCellX(px);
        if (reached[i] && init[i] === cv.GC_PR_BGD) spill.data[py * image.width + px] = 255;
      }
    }
  boxBackdrop(backdrop, [x1, y1, x2, y2], object, { sw, sh, crop, toCellX, toCellY });
  return { spill, backdrop };
}

/** The backdrop's top edge sits this many cells above the object's top (GrabCut's cells are coarse). */
const BACKDROP_MARGIN_CELLS = 1;
/** Each column's object top is the highest within this many cells either side: a post or crest one cell wide. */
const BACKDROP_SPREAD_CELLS = 2;
/** The backdrop reaches at most this share of the box's height down from its top. */
const MAX_BACKDROP_SHARE = 0.6;

/**
 * What lies above an object inside its detection box: in each column, the cells above the object's top as GrabCut
 * sees it (the highest top within BACKDROP_SPREAD_CELLS, less a margin). A bed's box seen at an angle runs from its
 * headboard to its foot, and its upper corners are wall, pictures and windows (`furnished_houses_143`). GrabCut's
 * colour model gives a white pillow to a white wall and a headboard's crest to a wooden dresser: inpaint/backdrop.ts
 * decides what of this is kept.
 */
function boxBackdrop(
  backdrop: Mask,
  [x1, y1, x2, y2]: Box,
  object: (i: number) => boolean,
  cells: {
    readonly sw: number;
    readonly sh: number;
    readonly crop: Box;
    readonly toCellX: (px: number) => number;
    readonly toCellY: (py: number) => number;
  },
): void {
  const { sw, sh, crop, toCellX, toCellY } = cells;
  const cx0 = toCellX(x1);
  const cx1 = toCellX(x2 - 1);
  const cy0 = toCellY(y1);
  const cyMax = toCellY(Math.round(y1 + MAX_BACKDROP_SHARE * (y2 - y1)));
  // The object's top row (in cells) in each cell column of the box; cyMax + 1 where it is lower than that.
  const top = new Int32Array(cx1 - cx0 + 1);
  for (let cx = cx0; cx <= cx1; cx++) {
    let cy = cy0;
    while (cy <= cyMax && !object(cy * sw + cx)) cy++;
    top[cx - cx0] = cy;
  }
  const { width } = backdrop;
  for (let cx = cx0; cx <= cx1; cx++) {
    let highest = top[cx - cx0]!;
    for (let d = -BACKDROP_SPREAD_CELLS; d <= BACKDROP_SPREAD_CELLS; d++) {
      const k = cx - cx0 + d;
      if (k >= 0 && k < top.length) highest = Math.min(highest, top[k]!);
    }
    const lastKept = highest - 1 - BACKDROP_MARGIN_CELLS;
    if (lastKept < cy0) continue;
    // Pixels of this cell column inside the box, down to the last kept cell row's bottom.
    const px0 = Math.max(x1, Math.ceil(crop[0] + (cx * (crop[2] - crop[0])) / sw));
    const px1 = Math.min(x2, Math.ceil(crop[0] + ((cx + 1) * (crop[2] - crop[0])) / sw));
    const pyEnd = Math.min(y2, Math.ceil(crop[1] + ((lastKept + 1) * (crop[3] - crop[1])) / sh));
    for (let py = y1; py < pyEnd; py++) for (let px = px0; px < px1; px++) backdrop.data[py * width + px] = 255;
  }
}

/** A sliver above the hole this thin (share of the photo's height) and this unlike the wall above it is the object's. */
const SLIVER_SHARE = 0.012;
const SLIVER_STEP = 30;
/** Fewest neighbouring columns that must agree for the hole's top to move: a rail, not a speck. */
const SLIVER_RUN = 8;

/**
 * Moves the hole's top up past a thin sliver of the object it cuts: a detection box that stops a few pixels under
 * the top of a headboard left its rail standing as a dark line over the fill (seen on `furnished_houses_118`),
 * too thin for GrabCut (box-spill.ts) at its working size. In each column, within SLIVER_SHARE of the height above
 * the hole (after it is grown by `grow`), the strongest step in luminance is the object's top edge when the pixels
 * between it and the hole look like the object just inside the hole, not like the wall above; runs of at least
 * SLIVER_RUN such columns take the sliver into the hole.
 */
export function topSliver(image: RgbImage, hole: Mask, grow: number): void {
  const { width, height } = image;
  const reach = Math.max(4, Math.round(SLIVER_SHARE * height)) + grow;
  const box = maskBBox(hole);
  if (!box) return;
  // Per column: how far the top moves (0: not at all), and the hole's top row it moves from.
  const lift = new Int32Array(width);
  const tops = new Int32Array(width);
  for (let x = box[0]; x < box[2]; x++) {
    let top = box[1];
    while (top < box[3] && !hole.data[top * width + x]) top++;
    tops[x] = top;
    if (top >= box[3] || top - reach - 4 < 0) continue;
    // Luminance a few rows inside the hole: the object.
    const inside = (pixelLuminance(image, (top + 1) * width + x) + pixelLuminance(image, (top + 2) * width + x)) / 2;
    let edge = -1;
    let strongest = SLIVER_STEP;
    for (let y = top - 1; y > top - reach; y--) {
      const step = Math.abs(pixelLuminance(image, y * width + x) - pixelLuminance(image, (y - 1) * width + x));
      if (step > strongest) {
        strongest = step;
        edge = y;
      }
    }
    if (edge < 0 || top - edge <= grow) continue;
    let sliver = 0;
    for (let y = edge; y < top; y++) sliver += pixelLuminance(image, y * width + x);
    sliver /= top - edge;
    const above = (pixelLuminance(image, (edge - 2) * width + x) + pixelLuminance(image, (edge - 3) * width + x)) / 2;
    if (Math.abs(sliver - inside) < Math.abs(sliver - above) && Math.abs(sliver - above) > SLIVER_STEP) lift[x] = top - edge;
  }
  for (let x = box[0]; x < box[2];) {
    if (!lift[x]) {
      x++;
      continue;
    }
    let end = x;
    while (end < box[2] && lift[end]) end++;
    if (end - x >= SLIVER_RUN)
      for (let col = x; col < end; col++)
        for (let y = Math.max(0, tops[col]! - lift[col]! - 1); y < tops[col]!; y++) hole.data[y * width + col] = 255;
    x = end;
  }
}
