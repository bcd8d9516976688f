import { detectObjects } from '../detect/detect.ts';
import { decodeImage, type ImageInput, type RgbImage, resizeImage } from '../image.ts';
import type { Box } from '../mask.ts';
import { detectSegments, type Segment } from '../walls/lines.ts';

/**
 * Did a restyle keep the room's structure? Remote generative models sometimes invent a window, move a door or
 * paint one out. The check compares the straight lines of the photo and of the result outside the furniture:
 * a line of one that has no edge under it in the other is new (or lost); new or lost lines that close into a
 * large upright rectangle (two uprights of similar height joined by a crossing line) are a window or a door
 * that appeared or vanished. Lines that merely got stronger (a wall repainted darker behind a white door frame)
 * still find the weak edge of the photo under them, so a repaint alone does not warn.
 */
export interface StructureCheckOptions {
  /** Furniture boxes (photo pixels) whose lines are not compared: new furniture is the point of a restyle. */
  furniture?: readonly Box[];
  /** Also leave out whatever the detector finds in either image (for results whose furniture is unknown). */
  detect?: boolean;
}

export interface StructureCheck {
  /** True when a window or door looks added, moved or removed. */
  changed: boolean;
  /** Upright rectangles of new lines (photo pixels): a window or door that is in the result only. */
  appeared: Box[];
  /** Upright rectangles of lines the result lost: a window or door that is in the photo only. */
  vanished: Box[];
  /** Length of the result's lines outside furniture with no edge under them in the photo, as a share of all of them. */
  newLineShare: number;
  /** The same the other way round: the photo's lines the result does not keep. */
  lostLineShare: number;
}

/** The comparison runs at this long side (either way): enough for window frames, cheap for Hough. */
const WORK_LONG_SIDE = 640;
/** A pixel counts as an edge when its luminance gradient reaches this (0..255 per pixel, blurred): weak edges count. */
const EDGE_GRADIENT = 2.5;
/** ...and when it runs the segment's way: its gradient within this of the segment's normal. */
const EDGE_ANGLE = (20 * Math.PI) / 180;
/** How far (work pixels) a line may sit from the other image's edge and still be that edge. */
const SUPPORT_RADIUS = 3;
/** A line with less than this share of its length on the other image's edges is new (or lost). */
const SUPPORTED_SHARE = 0.5;
/** Furniture boxes grow by this share of the long side (shadows, legs, the model redrawing around a piece). */
const FURNITURE_MARGIN = 0.03;
const UPRIGHT = (10 * Math.PI) / 180;
/** Receding sills and lintels on a side wall slope; up to this far from level is still "across". */
const ACROSS = (40 * Math.PI) / 180;

export async function checkStructure(
  photo: ImageInput,
  result: ImageInput,
  options: StructureCheckOptions = {},
): Promise<StructureCheck> {
  const before = await decodeImage(photo);
  const afterFull = await decodeImage(result);
  // Small photos are enlarged too: the tolerances are in work pixels, and JPEG noise blurs away.
  const scale = WORK_LONG_SIDE / Math.max(before.width, before.height);
  const w = Math.max(16, Math.round(before.width * scale));
  const h = Math.max(16, Math.round(before.height * scale));
  // The result is compared on the photo's frame (a remote model answers at its own size).
  const [a, b] = await Promise.all([resizeImage(before, w, h), resizeImage(afterFull, w, h)]);

  const boxes: Box[] = (options.furniture ?? []).map(([x1, y1, x2, y2]) => [x1 * scale, y1 * scale, x2 * scale, y2 * scale]);
  if (options.detect) {
    const inPhoto = await detectObjects(before);
    for (const d of inPhoto) boxes.push([d.bbox[0] * scale, d.bbox[1] * scale, d.bbox[2] * scale, d.bbox[3] * scale]);
    // The result's own boxes, brought onto the photo's frame.
    const sx = w / afterFull.width;
    const sy = h / afterFull.height;
    for (const d of await detectObjects(afterFull)) boxes.push([d.bbox[0] * sx, d.bbox[1] * sy, d.bbox[2] * sx, d.bbox[3] * sy]);
  }
  const excluded = furnitureMask(boxes, w, h, FURNITURE_MARGIN * Math.max(w, h));

  const [linesA, linesB] = await Promise.all([detectSegments(a), detectSegments(b)]);
  const edgesA = gradients(a);
  const edgesB = gradients(b);
  const outside = (s: Segment) => outsideShare(s, excluded, w) >= 0.7;
  const keptA = linesA.filter(outside);
  const keptB = linesB.filter(outside);
  const added = keptB.filter((s) => support(s, edgesA, h) < SUPPORTED_SHARE);
  const lost = keptA.filter((s) => support(s, edgesB, h) < SUPPORTED_SHARE);
  const total = (list: readonly Segment[]) => list.reduce((sum, s) => sum + s.length, 0);

  const back = (box: Box): Box => [box[0] / scale, box[1] / scale, box[2] / scale, box[3] / scale].map(Math.round) as unknown as Box;
  const appeared = uprightRectangles(added, w, h).map(back);
  const vanished = uprightRectangles(lost, w, h).map(back);
  return {
    changed: appeared.length > 0 || vanished.length > 0,
    appeared,
    vanished,
    newLineShare: total(keptB) > 0 ? total(added) / total(keptB) : 0,
    lostLineShare: total(keptA) > 0 ? total(lost) / total(keptA) : 0,
  };
}

function furnitureMask(boxes: readonly Box[], w: number, h: number, margin: number): Uint8Array {
  const mask = new Uint8Array(w * h);
  for (const [x1, y1, x2, y2] of boxes) {
    const left = Math.max(0, Math.floor(x1 - margin));
    const right = Math.min(w - 1, Math.ceil(x2 + margin));
    const top = Math.max(0, Math.floor(y1 - margin));
    const bottom = Math.min(h - 1, Math.ceil(y2 + margin));
    for (let y = top; y <= bottom; y++) mask.fill(1, y * w + left, y * w + right + 1);
  }
  return mask;
}

/** Luminance gradients of an image (on a 3x3 box blur): magnitude and direction per pixel. */
interface Gradients {
  width: number;
  magnitude: Float32Array;
  /** Direction of the gradient (the edge's normal), radians in [0, pi). */
  direction: Float32Array;
}

export function gradients(image: RgbImage): Gradients {
  const { width: w, height: h, data } = image;
  const gray = new Float32Array(w * h);
  for (let i = 0, p = 0; i < gray.length; i++, p += 3) gray[i] = 0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!;
  const blurred = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      let sum = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) sum += gray[(y + dy) * w + x + dx]!;
      blurred[y * w + x] = sum / 9;
    }
  }
  const magnitude = new Float32Array(w * h);
  const direction = new Float32Array(w * h);
  for (let y = 2; y < h - 2; y++) {
    for (let x = 2; x < w - 2; x++) {
      const i = y * w + x;
      const gx = (blurred[i + 1]! - blurred[i - 1]!) / 2;
      const gy = (blurred[i + w]! - blurred[i - w]!) / 2;
      magnitude[i] = Math.hypot(gx, gy);
      let a = Math.atan2(gy, gx);
      if (a < 0) a += Math.PI;
      direction[i] = a >= Math.PI ? a - Math.PI : a;
    }
  }
  return { width: w, magnitude, direction };
}

function samples(s: Segment): [number, number][] {
  const n = Math.max(2, Math.ceil(s.length));
  return Array.from({ length: n + 1 }, (_, i) => [Math.round(s.x1 + ((s.x2 - s.x1) * i) / n), Math.round(s.y1 + ((s.y2 - s.y1) * i) / n)]);
}

/**
 * Share of the segment's length that has, within SUPPORT_RADIUS, an edge of the other image running the same
 * way (gradient at least EDGE_GRADIENT, across the segment within EDGE_ANGLE): a weak edge counts, texture
 * (edges every which way) mostly does not.
 */
function support(s: Segment, other: Gradients, h: number): number {
  const w = other.width;
  const normal = (s.angle + Math.PI / 2) % Math.PI;
  const points = samples(s);
  let on = 0;
  for (const [px, py] of points) {
    let found = false;
    for (let dy = -SUPPORT_RADIUS; dy <= SUPPORT_RADIUS && !found; dy++) {
      const y = py + dy;
      if (y < 0 || y >= h) continue;
      for (let dx = -SUPPORT_RADIUS; dx <= SUPPORT_RADIUS; dx++) {
        const x = px + dx;
        if (x < 0 || x >= w) continue;
        const i = y * w + x;
        if (other.magnitude[i]! < EDGE_GRADIENT) continue;
        const d = Math.abs(other.direction[i]! - normal);
        if (Math.min(d, Math.PI - d) <= EDGE_ANGLE) {
          found = true;
          break;
        }
      }
    }
    if (found) on++;
  }
  return on / points.length;
}

/** Share of the segment's length outside the excluded (furniture) pixels. */
function outsideShare(s: Segment, excluded: Uint8Array, w: number): number {
  const points = samples(s);
  let inside = 0;
  for (const [x, y] of points) if (excluded[y * w + x]) inside++;
  return 1 - inside / points.length;
}

const isUpright = (s: Segment) => Math.abs(s.angle - Math.PI / 2) < UPRIGHT;
const isAcross = (s: Segment) => Math.min(s.angle, Math.PI - s.angle) < ACROSS;

interface Upright {
  x: number;
  top: number;
  bottom: number;
}

/** Upright segments of one line (same x within 4 px, gaps under 4% of the height) joined into one. */
function mergeUprights(segments: readonly Segment[], h: number): Upright[] {
  const uprights = segments
    .filter(isUpright)
    .map((s) => ({ x: (s.x1 + s.x2) / 2, top: Math.min(s.y1, s.y2), bottom: Math.max(s.y1, s.y2) }))
    .sort((p, q) => p.x - q.x || p.top - q.top);
  const merged: Upright[] = [];
  for (const u of uprights) {
    const same = merged.find((m) => Math.abs(m.x - u.x) <= 4 && u.top <= m.bottom + 0.04 * h && u.bottom >= m.top - 0.04 * h);
    if (same) {
      same.top = Math.min(same.top, u.top);
      same.bottom = Math.max(same.bottom, u.bottom);
      same.x = (same.x + u.x) / 2;
    } else merged.push({ ...u });
  }
  return merged;
}

/**
 * Rectangles a window or door draws: two uprights at least 8% of the height tall, 3% to 60% of the width apart,
 * overlapping over most of the shorter one, and a crossing line near their top or bottom spanning half the gap
 * or more. Those under 1% of the frame are left out (a switch plate, a picture hook).
 */
function uprightRectangles(segments: readonly Segment[], w: number, h: number): Box[] {
  const uprights = mergeUprights(segments, h).filter((u) => u.bottom - u.top >= 0.08 * h);
  const across = segments.filter(isAcross);
  const found: Box[] = [];
  for (let i = 0; i < uprights.length; i++) {
    for (let j = i + 1; j < uprights.length; j++) {
      const [left, right] = [uprights[i]!, uprights[j]!];
      const gap = right.x - left.x;
      if (gap < 0.03 * w || gap > 0.6 * w) continue;
      const top = Math.max(left.top, right.top);
      const bottom = Math.min(left.bottom, right.bottom);
      const shorter = Math.min(left.bottom - left.top, right.bottom - right.top);
      if (bottom - top < 0.6 * shorter) continue;
      if (gap * (bottom - top) < 0.01 * w * h) continue;
      const tolerance = 0.2 * (bottom - top) + 0.02 * h;
      const closed = across.some((s) => {
        const x0 = Math.max(left.x, Math.min(s.x1, s.x2));
        const x1 = Math.min(right.x, Math.max(s.x1, s.x2));
        if (x1 - x0 < 0.5 * gap) return false;
        const t = ((left.x + right.x) / 2 - s.x1) / (s.x2 - s.x1 || 1);
        const y = s.y1 + (s.y2 - s.y1) * Math.min(1, Math.max(0, t));
        return Math.abs(y - top) <= tolerance || Math.abs(y - bottom) <= tolerance;
      });
      if (!closed) continue;
      const box: Box = [left.x, top, right.x, bottom];
      if (!found.some((f) => overlaps(f, box))) found.push(box);
    }
  }
  return found;
}

function overlaps(p: Box, q: Box): boolean {
  const ix = Math.max(0, Math.min(p[2], q[2]) - Math.max(p[0], q[0]));
  const iy = Math.max(0, Math.min(p[3], q[3]) - Math.max(p[1], q[1]));
  const smaller = Math.min((p[2] - p[0]) * (p[3] - p[1]), (q[2] - q[0]) * (q[3] - q[1]));
  return smaller > 0 && (ix * iy) / smaller > 0.5;
}
