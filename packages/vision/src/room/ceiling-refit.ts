import type { WallAnalysis } from '../walls/analyse.ts';
import { bestCeilingHeight, edgeStepOf, lineSupport, MIN_EDGE_SUPPORT, oneSurfaceAboveOf } from '../walls/layout-ceiling.ts';
import { exitFace, FACE, type BoxLayout, type RayGrid } from './layout.ts';

/**
 * The refitted edge must be seen in at least this share of the frame's columns (the walls' column veto, which checks
 * each column again, takes half): at 0.5 a striped render's box lost its ceiling to a picture's top (accuracy 0.88
 * -> 0.57) and another's rose by a third; the edges worth moving were seen in 0.60-0.95.
 */
const MIN_REFIT_SUPPORT = 0.6;
/** A junction stands at least this far above the horizon (degrees); nearer it, the layout's line is no evidence. */
const MIN_JUNCTION_ELEVATION_DEG = 5;

/**
 * The box's ceiling height (metres above the eye) at the junction the photo shows, or null to keep the fitted one.
 *
 * The box is fitted on a coarse grid to the wall classifier and to Canny/Hough segments. Both miss the faint
 * junction of a white ceiling over pale walls: the classifier reads a bare ceiling as one more wall, and the layout
 * then puts the ceiling too high (`sparse_houses_235_bedroom`: 1.8 m above the eye where the photo shows 0.85 m), or
 * too low. Here the ceiling's edge is drawn for 65 heights, each wall's top turning about its vanishing point as it
 * would, and the height whose edge the photo shows as one same-signed step of colour in the most columns wins. The
 * fitted height is kept unless its own edge is seen in under half the frame's columns and the winner's in 60% of
 * them or more (nearer the fitted height wins a tie). A column whose edge runs through a detected piece, or within 5 degrees
 * of the horizon, does not count, nor does the winner unless what lies above its edge is one surface (the ceiling
 * alone) in most of its seen columns: a window's or a cabinet's top has the wall above it.
 */
export function refitBoxCeiling(
  analysis: Pick<WallAnalysis, 'work' | 'lab'>,
  grid: RayGrid,
  box: BoxLayout,
  inBox: Uint8Array,
): number | null {
  const { width: ww, height: wh } = analysis.work;
  if (grid.width !== ww || grid.height !== wh) return null;
  const rawStep = edgeStepOf(analysis);
  const sinMin = Math.sin((MIN_JUNCTION_ELEVATION_DEG * Math.PI) / 180);
  const { dx, dy, dz } = grid;
  const edgeStep = (x: number, y: number): number => {
    const i = y * ww + x;
    if (inBox[i]) return 0;
    if (dy[i]! < sinMin * Math.hypot(dx[i]!, dy[i]!, dz[i]!)) return 0;
    return rawStep(x, y);
  };
  const fitted = ceilingEdge(grid, box);
  if (lineSupport(fitted, 0, ww - 1, wh, edgeStep) >= MIN_EDGE_SUPPORT) return null;
  const best = bestCeilingHeight(
    box.eye,
    box.ceiling,
    MIN_REFIT_SUPPORT,
    (ceiling) => ceilingEdge(grid, { ...box, ceiling }),
    (edge) => lineSupport(edge, 0, ww - 1, wh, edgeStep),
  );
  if (!best) return null;
  const oneSurfaceAbove = oneSurfaceAboveOf(analysis);
  let seen = 0;
  let ceilingAbove = 0;
  for (let x = 0; x < ww; x++) {
    const y = best.line[x]!;
    if (y < 2 || Math.abs(edgeStep(x, y)) === 0) continue;
    seen++;
    if (oneSurfaceAbove(x, y)) ceilingAbove++;
  }
  return ceilingAbove >= MIN_EDGE_SUPPORT * seen ? best.height : null;
}

/**
 * Per column of the grid, the lowest row whose ray leaves the box through its ceiling (-1: none). A box seen from
 * inside shows its ceiling at the top of a column and nowhere below, so each column is a binary search.
 */
function ceilingEdge(grid: RayGrid, box: BoxLayout): Int32Array {
  const { width: w, height: h, dx, dy, dz } = grid;
  const throughCeiling = (i: number): boolean => exitFace(dx[i]!, dy[i]!, dz[i]!, box) === FACE.ceiling;
  const edge = new Int32Array(w).fill(-1);
  for (let x = 0; x < w; x++) {
    if (!throughCeiling(x)) continue;
    let lo = 0;
    let hi = h - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (throughCeiling(mid * w + x)) lo = mid;
      else hi = mid - 1;
    }
    edge[x] = lo < h - 1 ? lo : -1;
  }
  return edge;
}
