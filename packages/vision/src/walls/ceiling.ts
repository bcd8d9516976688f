import { isVertical, type Segment } from './lines.ts';
import type { WallAnalysis } from './analyse.ts';

interface Junction {
  readonly segment: Segment;
  readonly lineY: (x: number) => number;
  readonly x0: number;
  readonly x1: number;
  /** Share of "wall" in the bands just above and just below the line. */
  readonly wallAbove: number;
  readonly wallBelow: number;
  /** Mean lightness difference across the line (L*, above minus below). */
  readonly lightStep: number;
}

/** Mean lightness step (L*) across a junction's line that carries it on past its segment. */
const EXTEND_STEP = 2;

/** A segment whose end lies this close (px at the work size) to a junction's line continues it. */
const CHAIN_GAP = 5;

/**
 * Takes the ceiling off a work-size wall map. A uniform ceiling reads as one more smooth wall to the classifier,
 * but the wall-ceiling junction is a long straight line above the horizon with "wall" classified on both sides
 * and a change of brightness across it (a window, cabinet or picture top has non-wall below it instead). Above
 * such a line, within its columns, nothing is wall. A cornice seen in perspective breaks into several segments
 * where the light across it changes little: a segment with wall on both sides that continues a confirmed
 * junction's line, and has "wall" (the misread ceiling) all the way up to the frame's top, is a junction too,
 * whatever its length or light step; and a junction runs on past its segment's ends while its change of light does.
 */
export function removeCeiling(analysis: WallAnalysis, wall: Uint8Array): Uint8Array {
  const { width: w, height: h } = analysis.work;
  const { geometry, lab } = analysis;
  const out = Uint8Array.from(wall);
  const clearAbove = (x: number, lineY: number): void => {
    const top = Math.min(h, Math.max(0, Math.floor(lineY)));
    for (let y = 0; y < top; y++) out[y * w + x] = 0;
  };
  // What lies above a ceiling junction is ceiling up to the frame's top: "wall" all the way (90%). Above a mantel,
  // a shelf or a picture rail there is a mirror, a picture or a real wall's edge first.
  const ceilingAbove = (x: number, from: number): boolean => {
    let wallPixels = 0;
    for (let y = 0; y <= from; y++) wallPixels += wall[y * w + x]!;
    return wallPixels >= 0.9 * (from + 1);
  };
  const candidates: Junction[] = [];
  for (const s of geometry.segments) {
    if (isVertical(s) || s.length < 0.04 * w) continue;
    if (Math.max(s.y1, s.y2) > geometry.horizonY - 0.05 * h) continue;
    const junction = measure(analysis, wall, s);
    if (junction && junction.wallAbove >= 0.6 && junction.wallBelow >= 0.6) candidates.push(junction);
  }
  const confirmed = new Set(candidates.filter((j) => j.segment.length >= 0.1 * w && Math.abs(j.lightStep) >= 2.5));
  for (let grown = true; grown;) {
    grown = false;
    for (const candidate of candidates) {
      if (confirmed.has(candidate)) continue;
      const s = candidate.segment;
      const middle = Math.round((s.x1 + s.x2) / 2);
      if (!ceilingAbove(middle, Math.round(candidate.lineY(middle) - 3))) continue;
      if ([...confirmed].some((junction) => continues(s, junction.segment))) {
        confirmed.add(candidate);
        grown = true;
      }
    }
  }
  // A junction runs on past the segment Hough found while the same change of light runs along its line, with
  // "wall" on both sides and misread ceiling above (a cornice fades in and out of the edge detector; the sides of
  // a chimney breast above a mantel are one paint above and below, so the mantel line stops there).
  const runsOn = (junction: Junction, x: number): boolean => {
    const y = junction.lineY(x);
    const ya = Math.round(y - 3);
    const yb = Math.round(y + 3);
    if (ya - 4 < 0 || yb + 4 >= h || !wall[ya * w + x] || !wall[yb * w + x] || !ceilingAbove(x, ya)) return false;
    let step = 0;
    for (let d = 0; d < 5; d++) step += lab.l[(ya - d) * w + x]! - lab.l[(yb + d) * w + x]!;
    step /= 5;
    return Math.sign(step) === Math.sign(junction.lightStep) && Math.abs(step) >= EXTEND_STEP;
  };
  for (const junction of confirmed) {
    for (let x = junction.x0; x <= junction.x1; x++) clearAbove(x, junction.lineY(x));
    if (Math.abs(junction.lightStep) < 2.5) continue;
    for (const direction of [-1, 1]) {
      let misses = 0;
      for (let x = direction < 0 ? junction.x0 - 1 : junction.x1 + 1; x >= 0 && x < w; x += direction) {
        if (runsOn(junction, x)) {
          misses = 0;
          clearAbove(x, junction.lineY(x));
        } else if (++misses > 3) break;
      }
    }
  }
  return out;
}

function measure(analysis: WallAnalysis, wall: Uint8Array, s: Segment): Junction | null {
  const { width: w, height: h } = analysis.work;
  const { lab } = analysis;
  const band = Math.max(3, Math.round(0.03 * h));
  const x0 = Math.max(0, Math.ceil(Math.min(s.x1, s.x2)));
  const x1 = Math.min(w - 1, Math.floor(Math.max(s.x1, s.x2)));
  const lineY = (x: number): number => s.y1 + ((s.y2 - s.y1) * (x - s.x1)) / (s.x2 - s.x1 || 1);
  let above = 0;
  let below = 0;
  let lAbove = 0;
  let lBelow = 0;
  let samples = 0;
  for (let x = x0; x <= x1; x++) {
    const y = lineY(x);
    for (let d = 2; d <= band; d++) {
      const ya = Math.round(y - d);
      const yb = Math.round(y + d);
      if (ya < 0 || yb >= h) continue;
      samples++;
      above += wall[ya * w + x]!;
      below += wall[yb * w + x]!;
      lAbove += lab.l[ya * w + x]!;
      lBelow += lab.l[yb * w + x]!;
    }
  }
  if (samples < band * 4) return null;
  return {
    segment: s,
    lineY,
    x0,
    x1,
    wallAbove: above / samples,
    wallBelow: below / samples,
    lightStep: (lAbove - lBelow) / samples,
  };
}

/**
 * Whether segment `a` continues junction `b`: one of a's ends lies on b's line (extended), within CHAIN_GAP px
 * of it, and no farther than b's own length beyond b's columns.
 */
function continues(a: Segment, b: Segment): boolean {
  const slope = (b.y2 - b.y1) / (b.x2 - b.x1 || 1e-6);
  const bx0 = Math.min(b.x1, b.x2);
  const bx1 = Math.max(b.x1, b.x2);
  return [
    [a.x1, a.y1],
    [a.x2, a.y2],
  ].some(([x, y]) => {
    const lineY = b.y1 + slope * (x! - b.x1);
    const outside = Math.max(0, bx0 - x!, x! - bx1);
    return Math.abs(y! - lineY) <= CHAIN_GAP && outside <= b.length;
  });
}
