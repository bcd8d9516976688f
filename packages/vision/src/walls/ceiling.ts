import { isVertical } from './lines.ts';
import type { WallAnalysis } from './analyse.ts';

/**
 * Takes the ceiling off a work-size wall map. A uniform ceiling reads as one more smooth wall to the classifier,
 * but the wall-ceiling junction is a long straight line above the horizon with "wall" classified on both sides
 * and a change of brightness across it (a window, cabinet or picture top has non-wall below it instead). Above
 * such a line, within its columns, nothing is wall.
 */
export function removeCeiling(analysis: WallAnalysis, wall: Uint8Array): Uint8Array {
  const { width: w, height: h } = analysis.work;
  const { geometry, lab } = analysis;
  const out = Uint8Array.from(wall);
  const band = Math.max(3, Math.round(0.03 * h));
  for (const s of geometry.segments) {
    if (isVertical(s) || s.length < 0.1 * w) continue;
    if (Math.max(s.y1, s.y2) > geometry.horizonY - 0.05 * h) continue;
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
    if (samples < band * 4) continue;
    if (above / samples < 0.6 || below / samples < 0.6) continue;
    if (Math.abs(lAbove - lBelow) / samples < 2.5) continue;
    for (let x = x0; x <= x1; x++) {
      const top = Math.min(h, Math.max(0, Math.floor(lineY(x))));
      for (let y = 0; y < top; y++) out[y * w + x] = 0;
    }
  }
  return out;
}
