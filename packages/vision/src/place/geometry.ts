import sharp from 'sharp';
import type { Detection } from '../detect/detect.ts';
import type { RgbImage } from '../image.ts';
import { openCv, type CvMat, type OpenCv } from '../runtime/opencv.ts';
import type { RoomGeometry } from './types.ts';

/** Where the horizon sits in a typical real-estate photo (camera near 1.4 m, level or tilted slightly down). */
export const DEFAULT_HORIZON_FRACTION = 0.43;
export const DEFAULT_CAMERA_HEIGHT_CM = 140;
/** Horizontal field of view assumed when nothing better is known: real-estate photos are shot wide. */
const ASSUMED_HFOV_DEG = 70;

/** Heights (cm) of detected classes that stand on the floor and vary little: they calibrate the camera height. */
const KNOWN_HEIGHT_CM: Readonly<Record<string, number>> = {
  sofa: 85,
  chair: 88,
  table: 75,
  refrigerator: 178,
  toilet: 78,
  oven: 90,
};

/** The slice of OpenCV.js used for line segments (runtime/opencv.ts types only what other modules use). */
interface LineCv extends OpenCv {
  Canny(src: CvMat, dst: CvMat, low: number, high: number): void;
  HoughLinesP(
    src: CvMat,
    lines: CvMat & { data32S: Int32Array },
    rho: number,
    theta: number,
    threshold: number,
    minLength: number,
    maxGap: number,
  ): void;
}

interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  length: number;
}

/** The line-based part of the geometry depends on the pixels only; keyed by the pixel buffer. */
const lineGeometryCache = new WeakMap<Uint8Array, LineGeometry>();
/**
 * Recent photos by a coarse thumbnail: the server sends the same photo again for each piece, re-encoded, and
 * after the first piece a staged version of it. A photo whose thumbnail mostly matches one seen before keeps that
 * photo's geometry: re-estimated, the edges of the pieces already placed (a lamp's legs) would move the horizon.
 */
const recentPhotos: { thumbnail: Uint8Array; width: number; height: number; lines: LineGeometry }[] = [];
const RECENT_PHOTOS = 16;
const THUMB_W = 32;
const THUMB_H = 24;

interface LineGeometry {
  horizonY: number;
  vanishingX: number;
  lightFromX: number;
  horizonSource: RoomGeometry['horizonSource'];
}

/**
 * The room's geometry from one photo: the horizon from the vanishing points of straight edges (floor/wall
 * junctions, window and door frames, tiles), the camera height from detected objects of known height standing on
 * the floor, the light's side from where the brightest part of the upper image is. Falls back to a typical
 * real-estate camera (horizon at 43% of the height, 1.4 m) so that scaling stays sensible.
 */
export async function estimateRoomGeometry(image: RgbImage, detections: readonly Detection[] = []): Promise<RoomGeometry> {
  let lines = lineGeometryCache.get(image.data);
  if (!lines) {
    const thumbnail = greyThumbnail(image);
    lines = recentPhotos.find(
      (p) => p.width === image.width && p.height === image.height && sameScene(p.thumbnail, thumbnail),
    )?.lines;
    if (!lines) {
      lines = await estimateLineGeometry(image);
      if (recentPhotos.length >= RECENT_PHOTOS) recentPhotos.shift();
      recentPhotos.push({ thumbnail, width: image.width, height: image.height, lines });
    }
    lineGeometryCache.set(image.data, lines);
  }
  // Without a horizon from the lines, objects of known height place it for a typical camera height; with one,
  // they measure the camera height instead (two unknowns, one kind of evidence each).
  const objectHorizon = lines.horizonSource === 'default' ? horizonFromObjects(detections, image.height) : null;
  const horizonY = objectHorizon ?? lines.horizonY;
  const camera = objectHorizon === null ? cameraHeightFromObjects(detections, horizonY, image.height) : null;
  return {
    width: image.width,
    height: image.height,
    horizonY,
    vanishingX: lines.vanishingX,
    cameraHeightCm: camera ?? DEFAULT_CAMERA_HEIGHT_CM,
    focalPx: image.width / 2 / Math.tan(((ASSUMED_HFOV_DEG / 2) * Math.PI) / 180),
    lightFromX: lines.lightFromX,
    horizonSource: objectHorizon === null ? lines.horizonSource : 'objects',
    cameraSource: camera === null ? 'default' : 'objects',
  };
}

/** Mean grey of each cell of a THUMB_W x THUMB_H grid (sampled every few pixels: this runs on every call). */
function greyThumbnail(image: RgbImage): Uint8Array {
  const sums = new Float64Array(THUMB_W * THUMB_H);
  const counts = new Uint32Array(THUMB_W * THUMB_H);
  const step = Math.max(1, Math.floor(Math.min(image.width / THUMB_W, image.height / THUMB_H) / 4));
  for (let y = 0; y < image.height; y += step) {
    const row = Math.min(THUMB_H - 1, Math.floor((y * THUMB_H) / image.height)) * THUMB_W;
    for (let x = 0; x < image.width; x += step) {
      const i = (y * image.width + x) * 3;
      const cell = row + Math.min(THUMB_W - 1, Math.floor((x * THUMB_W) / image.width));
      sums[cell]! += image.data[i]! + image.data[i + 1]! + image.data[i + 2]!;
      counts[cell]!++;
    }
  }
  return Uint8Array.from(sums, (sum, cell) => sum / 3 / Math.max(1, counts[cell]!));
}

/** The same photo, maybe re-encoded or with pieces placed on it: three quarters of the cells within 6 grey levels. */
function sameScene(a: Uint8Array, b: Uint8Array): boolean {
  let same = 0;
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) <= 6) same++;
  return same >= a.length * 0.75;
}

async function estimateLineGeometry(image: RgbImage): Promise<LineGeometry> {
  const scale = Math.min(1, 512 / Math.max(image.width, image.height));
  const w = Math.max(1, Math.round(image.width * scale));
  const h = Math.max(1, Math.round(image.height * scale));
  const { data } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(w, h, { fit: 'fill', kernel: 'cubic' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grey = new Uint8Array(data.buffer, data.byteOffset, w * h);
  const cv = (await openCv()) as LineCv;
  const segments = lineSegments(cv, grey, w, h);
  const horizon = horizonFromSegments(segments, w, h);
  const horizonY = (horizon?.y ?? h * DEFAULT_HORIZON_FRACTION) / scale;
  const vanishingX = (horizon?.x ?? w / 2) / scale;
  return {
    horizonY,
    vanishingX,
    lightFromX: lightSide(grey, w, h, Math.min(h, Math.max(0, horizonY * scale + h * 0.1))),
    horizonSource: horizon ? 'lines' : 'default',
  };
}

function lineSegments(cv: LineCv, grey: Uint8Array, w: number, h: number): Segment[] {
  const src = cv.matFromArray(h, w, cv.CV_8UC1, grey);
  const edges = new cv.Mat();
  const lines = new cv.Mat() as CvMat & { data32S: Int32Array };
  try {
    cv.Canny(src, edges, 60, 160);
    const minLength = Math.round(Math.max(w, h) * 0.1);
    cv.HoughLinesP(edges, lines, 1, Math.PI / 180, 30, minLength, 4);
    const out: Segment[] = [];
    const raw = lines.data32S;
    for (let i = 0; i + 3 < raw.length; i += 4) {
      const [x1, y1, x2, y2] = [raw[i]!, raw[i + 1]!, raw[i + 2]!, raw[i + 3]!];
      out.push({ x1, y1, x2, y2, length: Math.hypot(x2 - x1, y2 - y1) });
    }
    return out;
  } finally {
    src.delete();
    edges.delete();
    lines.delete();
  }
}

/**
 * The horizon row as the peak of a vote over the intersections of slanted segments: receding horizontal edges
 * meet at vanishing points on the horizon, whatever their direction on the floor. Vertical and image-horizontal
 * segments carry no horizon information (their vanishing points are at infinity for a level camera).
 */
export function horizonFromSegments(segments: readonly Segment[], w: number, h: number): { x: number; y: number } | null {
  const slanted = segments
    .filter((s) => {
      const angle = Math.abs((Math.atan2(s.y2 - s.y1, s.x2 - s.x1) * 180) / Math.PI);
      const fromHorizontal = Math.min(angle, 180 - angle);
      return fromHorizontal > 4 && fromHorizontal < 70;
    })
    .sort((a, b) => b.length - a.length)
    .slice(0, 120);
  if (slanted.length < 4) return null;
  const bins = new Float64Array(h);
  const votes: { x: number; y: number; weight: number }[] = [];
  for (let i = 0; i < slanted.length; i++) {
    for (let j = i + 1; j < slanted.length; j++) {
      const hit = intersect(slanted[i]!, slanted[j]!);
      if (!hit) continue;
      if (hit.y < h * 0.1 || hit.y > h * 0.75 || hit.x < -w || hit.x > 2 * w) continue;
      // A prior around the usual real-estate horizon: clutter (rug edges, cushions) makes stray peaks far from it.
      const prior = Math.exp(-(((hit.y / h - DEFAULT_HORIZON_FRACTION) / 0.2) ** 2) / 2);
      const weight = Math.sqrt(slanted[i]!.length * slanted[j]!.length) * hit.sine * prior;
      bins[Math.floor(hit.y)]! += weight;
      votes.push({ x: hit.x, y: hit.y, weight });
    }
  }
  const smooth = gaussianSmooth(bins, Math.max(2, h * 0.02));
  let best = -1;
  let total = 0;
  for (let y = 0; y < h; y++) {
    total += bins[y]!;
    if (best < 0 || smooth[y]! > smooth[best]!) best = y;
  }
  if (best < 0 || total <= 0) return null;
  // A peak that gathers too little of the vote is noise (clutter, curved objects): keep the default instead.
  const band = h * 0.04;
  let inBand = 0;
  const columns = new Float64Array(w);
  let inImage = 0;
  for (const v of votes) {
    if (Math.abs(v.y - best) > band) continue;
    inBand += v.weight;
    if (v.x >= 0 && v.x < w) {
      columns[Math.floor(v.x)]! += v.weight;
      inImage++;
    }
  }
  if (inBand / total < 0.15 || inImage < 3) return null;
  const columnVotes = gaussianSmooth(columns, Math.max(2, w * 0.03));
  let bestX = 0;
  for (let x = 1; x < w; x++) if (columnVotes[x]! > columnVotes[bestX]!) bestX = x;
  return { x: bestX, y: best };
}

function intersect(a: Segment, b: Segment): { x: number; y: number; sine: number } | null {
  const dax = a.x2 - a.x1;
  const day = a.y2 - a.y1;
  const dbx = b.x2 - b.x1;
  const dby = b.y2 - b.y1;
  const cross = dax * dby - day * dbx;
  const sine = Math.abs(cross) / (a.length * b.length);
  // Nearly parallel segments meet far away and anywhere along their direction: no usable vote.
  if (sine < Math.sin((3 * Math.PI) / 180)) return null;
  const t = ((b.x1 - a.x1) * dby - (b.y1 - a.y1) * dbx) / cross;
  return { x: a.x1 + t * dax, y: a.y1 + t * day, sine: Math.min(1, sine * 3) };
}

function gaussianSmooth(values: Float64Array, sigma: number): Float64Array {
  const radius = Math.ceil(sigma * 2.5);
  const kernel: number[] = [];
  for (let k = -radius; k <= radius; k++) kernel.push(Math.exp((-k * k) / (2 * sigma * sigma)));
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    let sum = 0;
    for (let k = -radius; k <= radius; k++) {
      const j = i + k;
      if (j >= 0 && j < values.length) sum += values[j]! * kernel[k + radius]!;
    }
    out[i] = sum;
  }
  return out;
}

/**
 * Which side the light comes from: the centroid of the brightest 2% of the image above the floor (windows, lit
 * walls), as -1 (left) .. 1 (right), shrunk toward 0 when the bright pixels are spread across the width.
 */
function lightSide(grey: Uint8Array, w: number, h: number, bottomRow: number): number {
  const rows = Math.max(1, Math.round(bottomRow));
  const histogram = new Uint32Array(256);
  for (let i = 0; i < rows * w; i++) histogram[grey[i]!]!++;
  let threshold = 255;
  for (let count = 0; threshold > 0; threshold--) {
    count += histogram[threshold]!;
    if (count >= rows * w * 0.02) break;
  }
  let sumX = 0;
  let sumXX = 0;
  let n = 0;
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < w; x++) {
      if (grey[y * w + x]! >= threshold) {
        const u = (x - w / 2) / (w / 2);
        sumX += u;
        sumXX += u * u;
        n++;
      }
    }
  }
  if (n === 0) return 0;
  const mean = sumX / n;
  const spread = Math.sqrt(Math.max(0, sumXX / n - mean * mean));
  return Math.max(-1, Math.min(1, mean * Math.max(0, 1 - spread)));
}

/**
 * The horizon from objects of known height standing on the floor, for the default camera height: a level camera at
 * height Hc sees the horizon at yb - Hc (yb - yt) / h. The median over usable objects, kept within 15..75% of the
 * height; null when none is usable.
 */
export function horizonFromObjects(detections: readonly Detection[], imageHeight: number): number | null {
  const estimates = usableObjects(detections, imageHeight).map(
    ({ known, top, bottom }) => bottom - (DEFAULT_CAMERA_HEIGHT_CM * (bottom - top)) / known,
  );
  if (estimates.length === 0) return null;
  estimates.sort((a, b) => a - b);
  return Math.min(imageHeight * 0.75, Math.max(imageHeight * 0.15, estimates[Math.floor(estimates.length / 2)]!));
}

/** Confident detections of known height, wholly in frame and big enough to measure. */
function usableObjects(detections: readonly Detection[], imageHeight: number): { known: number; top: number; bottom: number }[] {
  const out: { known: number; top: number; bottom: number }[] = [];
  for (const d of detections) {
    const known = KNOWN_HEIGHT_CM[d.class_name];
    if (!known || d.confidence < 0.35) continue;
    const [, top, , bottom] = d.bbox;
    if (top <= 2 || bottom >= imageHeight - 2 || bottom - top < imageHeight * 0.05) continue;
    out.push({ known, top, bottom });
  }
  return out;
}

/**
 * Camera height from objects of known height standing on the floor: for a level camera, an object of height h
 * whose bottom is at row yb and top at yt, with the horizon at yh, gives H = h (yb - yh) / (yb - yt). The median
 * over usable objects; null when none is usable (cut by the frame, or standing at the horizon).
 */
export function cameraHeightFromObjects(detections: readonly Detection[], horizonY: number, imageHeight: number): number | null {
  const estimates = usableObjects(detections, imageHeight)
    .filter(({ bottom }) => bottom - horizonY >= imageHeight * 0.08)
    .map(({ known, top, bottom }) => (known * (bottom - horizonY)) / (bottom - top));
  if (estimates.length === 0) return null;
  estimates.sort((a, b) => a - b);
  const median = estimates[Math.floor(estimates.length / 2)]!;
  return Math.min(200, Math.max(100, median));
}
