import { openCv, type CvMat, type OpenCv } from '../runtime/opencv.ts';
import type { RgbImage } from '../image.ts';

/** What this module needs of OpenCV.js beyond the shared typing in runtime/opencv.ts. */
interface LineCv extends OpenCv {
  Canny(src: CvMat, dst: CvMat, low: number, high: number, aperture: number, l2: boolean): void;
  HoughLinesP(src: CvMat, lines: CvMat, rho: number, theta: number, threshold: number, minLength: number, maxGap: number): void;
  GaussianBlur(src: CvMat, dst: CvMat, size: { width: number; height: number }, sigma: number): void;
  Size: new (w: number, h: number) => { width: number; height: number };
}

export interface Segment {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
  readonly length: number;
  /** Direction angle in [0, pi). */
  readonly angle: number;
}

/** Straight segments (Canny + probabilistic Hough) of an image, in its own pixels. */
export interface SegmentOptions {
  /** Canny's hysteresis thresholds (defaults 30 / 90). */
  readonly low?: number;
  readonly high?: number;
  /** Hough votes and shortest segment, as shares of the long side (defaults 0.03 / 0.035). */
  readonly votes?: number;
  readonly minLength?: number;
}

export async function detectSegments(image: RgbImage, options: SegmentOptions = {}): Promise<Segment[]> {
  const cv = (await openCv()) as LineCv;
  const { width: w, height: h } = image;
  const gray = new Uint8Array(w * h);
  for (let i = 0, p = 0; i < gray.length; i++, p += 3) {
    gray[i] = (image.data[p]! * 77 + image.data[p + 1]! * 150 + image.data[p + 2]! * 29) >> 8;
  }
  const src = cv.matFromArray(h, w, cv.CV_8UC1, gray);
  const blurred = new cv.Mat();
  const edges = new cv.Mat();
  const lines = new cv.Mat() as CvMat & { data32S: Int32Array };
  try {
    cv.GaussianBlur(src, blurred, new cv.Size(5, 5), 1.2);
    cv.Canny(blurred, edges, options.low ?? 30, options.high ?? 90, 3, true);
    const long = Math.max(w, h);
    cv.HoughLinesP(
      edges,
      lines,
      1,
      Math.PI / 360,
      Math.round(long * (options.votes ?? 0.03)),
      Math.round(long * (options.minLength ?? 0.035)),
      3,
    );
    const out: Segment[] = [];
    const raw = lines.data32S;
    for (let i = 0; i + 3 < raw.length; i += 4) {
      const x1 = raw[i]!;
      const y1 = raw[i + 1]!;
      const x2 = raw[i + 2]!;
      const y2 = raw[i + 3]!;
      let angle = Math.atan2(y2 - y1, x2 - x1);
      if (angle < 0) angle += Math.PI;
      if (angle >= Math.PI) angle -= Math.PI;
      out.push({ x1, y1, x2, y2, length: Math.hypot(x2 - x1, y2 - y1), angle });
    }
    return out;
  } finally {
    src.delete();
    blurred.delete();
    edges.delete();
    lines.delete();
  }
}

const VERTICAL_TOLERANCE = (12 * Math.PI) / 180;
const INLIER_TOLERANCE = (2.5 * Math.PI) / 180;

export function isVertical(s: Segment): boolean {
  return Math.abs(s.angle - Math.PI / 2) < VERTICAL_TOLERANCE;
}

/** Angle between a segment and the line from its midpoint to a point (a vanishing point), in [0, pi/2]. */
export function angleToPoint(s: Segment, vx: number, vy: number): number {
  const mx = (s.x1 + s.x2) / 2;
  const my = (s.y1 + s.y2) / 2;
  let a = Math.atan2(vy - my, vx - mx);
  if (a < 0) a += Math.PI;
  if (a >= Math.PI) a -= Math.PI;
  const d = Math.abs(a - s.angle);
  return Math.min(d, Math.PI - d);
}

function intersect(a: Segment, b: Segment): [number, number] | null {
  const d = (a.x1 - a.x2) * (b.y1 - b.y2) - (a.y1 - a.y2) * (b.x1 - b.x2);
  if (Math.abs(d) < 1e-9) return null;
  const p = a.x1 * a.y2 - a.y1 * a.x2;
  const q = b.x1 * b.y2 - b.y1 * b.x2;
  return [(p * (b.x1 - b.x2) - (a.x1 - a.x2) * q) / d, (p * (b.y1 - b.y2) - (a.y1 - a.y2) * q) / d];
}

export interface VanishingPoint {
  readonly x: number;
  readonly y: number;
  /** Total length of the segments that point at it. */
  readonly support: number;
}

export interface RoomGeometry {
  /** Up to two finite horizontal vanishing points (walls recede toward them), strongest first. */
  readonly vanishingPoints: readonly VanishingPoint[];
  /** Image row of the horizon (eye level), in the analysed image's pixels. */
  readonly horizonY: number;
  /** True when the horizon came from vanishing points; false = the fallback (45% of the height). */
  readonly measuredHorizon: boolean;
  /** Length of segments parallel to the image rows: frontal walls and the edges on them. */
  readonly frontalSupport: number;
  readonly segments: readonly Segment[];
}

/**
 * Horizon and horizontal vanishing points, assuming a level camera (verticals stay vertical, as in real-estate
 * photos): every horizontal direction vanishes on one image row. For each candidate row, every slanted segment's
 * line crosses it at some column; the row where those crossings pile up into the sharpest two peaks is the
 * horizon, the peaks are the vanishing points. Columns are binned by their angle from the image centre (focal
 * length ~0.7 x width) so that far vanishing points of nearly frontal walls fall into finite bins.
 */
export function estimateGeometry(segments: readonly Segment[], width: number, height: number): RoomGeometry {
  const nearHorizontal = (s: Segment): boolean => Math.min(s.angle, Math.PI - s.angle) <= (3 * Math.PI) / 180;
  const slanted = segments.filter((s) => !isVertical(s) && !nearHorizontal(s));
  const frontalSupport = segments.filter(nearHorizontal).reduce((sum, s) => sum + s.length, 0);
  const focal = 0.7 * width;
  const cx = width / 2;
  const BINS = 160; // one degree each, -80..80
  const histogram = new Float64Array(BINS);
  const smoothed = new Float64Array(BINS);
  let best = { score: 0, y: 0.45 * height, peaks: [] as { bin: number; support: number }[] };
  const rows = 140;
  for (let r = 0; r <= rows; r++) {
    const y = -0.3 * height + (1.6 * height * r) / rows;
    histogram.fill(0);
    for (const s of slanted) {
      const dy = s.y2 - s.y1;
      const t = (y - s.y1) / dy;
      const x = s.x1 + t * (s.x2 - s.x1);
      // The horizon cannot cross a segment: a line through a vanishing point lies wholly above or below it.
      if (t > -0.05 && t < 1.05) continue;
      const theta = (Math.atan2(x - cx, focal) * 180) / Math.PI;
      const bin = Math.floor(theta + 80);
      if (bin >= 0 && bin < BINS) histogram[bin] = histogram[bin]! + s.length;
    }
    for (let b = 0; b < BINS; b++) {
      let v = 0;
      for (let d = -2; d <= 2; d++) {
        const q = b + d;
        if (q >= 0 && q < BINS) v += histogram[q]! * (3 - Math.abs(d));
      }
      smoothed[b] = v / 9;
    }
    const peaks: { bin: number; support: number }[] = [];
    for (let round = 0; round < 2; round++) {
      let top = -1;
      for (let b = 0; b < BINS; b++) {
        if (peaks.some((p) => Math.abs(p.bin - b) < 15)) continue;
        if (top < 0 || smoothed[b]! > smoothed[top]!) top = b;
      }
      if (top >= 0 && smoothed[top]! > 0) peaks.push({ bin: top, support: smoothed[top]! });
    }
    const score = peaks.reduce((sum, p) => sum + p.support, 0);
    if (score > best.score) best = { score, y, peaks };
  }
  const long = Math.max(width, height);
  const vanishingPoints = best.peaks
    .filter((p) => p.support > 0.08 * long)
    .map((p) => ({ x: cx + focal * Math.tan(((p.bin + 0.5 - 80) * Math.PI) / 180), y: best.y, support: p.support }));
  const measuredHorizon = vanishingPoints.length > 0 && best.score > 0.15 * long;
  return {
    vanishingPoints: measuredHorizon ? vanishingPoints : [],
    horizonY: measuredHorizon ? best.y : 0.45 * height,
    measuredHorizon,
    frontalSupport,
    segments,
  };
}
