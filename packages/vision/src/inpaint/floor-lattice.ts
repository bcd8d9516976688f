import { boxMean } from '../walls/guided.ts';
import { bilinear, type Canvas } from './planes.ts';

/**
 * A tile floor filled by its own lattice. In the floor's rectified frame (floor-plane.ts) tiles repeat along two
 * offsets; the exemplar fill copies patches of a few cells and loses the grout's phase between them, so a large hole
 * came out a flat field with the grid gone (`furnished_houses_101`'s bed). Where the known floor shows a lattice,
 * each hole cell instead takes the mean texture of its nearest known cells a whole number of tiles away: the grout
 * runs on in phase across the hole. Floors without a lattice (carpet, boards of random lengths) are left to the exemplar fill.
 */

/** Two offsets (cells of the rectified canvas) along which the floor's texture repeats. */
export interface Lattice {
  readonly a: readonly [number, number];
  readonly b: readonly [number, number];
}

/** The offsets are looked for on a canvas this many times coarser (a tile's period is tens of cells). */
const COARSE = 2;
/** Radius (coarse cells) of the local mean taken off the texture before it is correlated. */
const DETAIL_RADIUS = 3;
/** Longest offset looked at, coarse cells each way. */
const MAX_SHIFT = 48;
/**
 * Shortest offset that may be a period, coarse cells (16 fine cells: a tile of 0.1-0.2 m at the canvas's usual 80-180
 * cells per metre). Shorter ones are the texture's own grain, or the high-pass's ringing beside each grout line.
 */
const MIN_PERIOD = 8;
/** Known cells the correlation is measured over (a stride through them when there are more). */
const SAMPLE = 2000;
/** Fewest known floor cells worth looking for a lattice in. */
const MIN_SOURCE = 1500;
/** Share of the sample that must overlap the known floor again at an offset for its correlation to count. */
const MIN_OVERLAP = 0.15;
/**
 * Correlation of the texture with itself at its two periods: both at least MIN_SECOND, one at least MIN_FIRST. A tile
 * floor's grout gives 0.6-0.7 (`furnished_houses_101`: 0.71 and 0.61); carpet and boards stay under 0.45 off the
 * rectification's own smear.
 */
const MIN_FIRST = 0.5;
const MIN_SECOND = 0.45;
/** The two periods are this far from parallel (sine of their angle), as a grid's are. */
const MIN_SINE = 0.6;
/**
 * A third of a period from a peak, in every direction, the correlation is at least this much lower (an isolated peak,
 * not a ridge). Along a square grid's period the drop is smallest toward the next row of tiles, where the grout lines
 * parallel to the shift still meet: 0.29 and 0.16 on `furnished_houses_101`'s two periods, so this is a loose bar; the
 * lattice's score (`latticeScore`) is what keeps boards and carpet out.
 */
const MIN_DIP = 0.15;
/**
 * The least mean correlation over a lattice's periods, sums, differences and doubles (`latticeScore`): a lattice, not
 * two chance peaks. Also the least correlation a multiple of a period keeps when the period is refined on it.
 */
const MIN_CLOSURE = 0.35;
/** Pairs scoring this close to the best are as good a lattice; the shortest is taken. */
const LATTICE_SLACK = 0.15;
/** The strongest peaks paired up. */
const MAX_CANDIDATES = 24;

/**
 * The lattice of the floor's texture over its known cells (`source`), or null when it shows none. `texture` is the
 * canvas's RGB (the texture over the light, floor-plane.ts `splitShading`).
 */
export function floorLattice(texture: Float32Array, source: Uint8Array, w: number, h: number): Lattice | null {
  let count = 0;
  for (let o = 0; o < source.length; o++) count += source[o]!;
  if (count < MIN_SOURCE) return null;
  const cw = Math.floor(w / COARSE);
  const ch = Math.floor(h / COARSE);
  // Coarse luminance, and which coarse cells are wholly known floor.
  const lum = new Float32Array(cw * ch);
  const known = new Uint8Array(cw * ch);
  for (let y = 0; y < ch; y++)
    for (let x = 0; x < cw; x++) {
      let sum = 0;
      let all = 1;
      for (let dy = 0; dy < COARSE; dy++)
        for (let dx = 0; dx < COARSE; dx++) {
          const o = (y * COARSE + dy) * w + x * COARSE + dx;
          all &= source[o]!;
          sum += texture[o * 3]! + texture[o * 3 + 1]! + texture[o * 3 + 2]!;
        }
      lum[y * cw + x] = sum;
      known[y * cw + x] = all;
    }
  const correlation = selfCorrelation(highPass(lum, known, cw, ch, DETAIL_RADIUS), known, cw, ch);
  if (!correlation) return null;
  const at = (dx: number, dy: number): number => correlation.at(Math.round(dx), Math.round(dy));
  // The highest correlation within a cell of (dx, dy): a period is rarely a whole number of cells, and a thin grout
  // line's peak at twice a period of 14.65 cells lies at 29.3, between 29 and 30, and is as sharp as a cell.
  const near = (dx: number, dy: number): number => {
    let highest = -1;
    for (let ey = -1; ey <= 1; ey++) for (let ex = -1; ex <= 1; ex++) highest = Math.max(highest, at(dx + ex, dy + ey));
    return highest;
  };
  const peaks = correlation.peaks();
  const length = (p: Peak): number => Math.hypot(p.offset[0], p.offset[1]);
  // A true repeat is an isolated peak: a third of a period away from it, in every direction, the correlation is
  // lower. The rectification's stretch toward the horizon and boards make ridges instead, as high all along the
  // stretch or the boards' length.
  const isolated = (p: Peak): boolean => {
    const r = Math.max(2, length(p) / 3);
    let around = -1;
    for (let k = 0; k < 8; k++) {
      const angle = (k * Math.PI) / 4;
      around = Math.max(around, at(p.offset[0] + r * Math.cos(angle), p.offset[1] + r * Math.sin(angle)));
    }
    return around <= p.value - MIN_DIP;
  };
  // The pair of repeats the texture follows best: a lattice's periods repeat again at their sums, differences and
  // doubles, where a chance peak (a tile's own shading, the high-pass's ringing beside a grout line) does not. A lattice
  // also peaks at every multiple of its periods, often as high: of the pairs scoring within LATTICE_SLACK of the best,
  // the shortest.
  const strong = peaks
    .filter((p) => p.value >= MIN_SECOND && isolated(p))
    .sort((p, q) => q.value - p.value)
    .slice(0, MAX_CANDIDATES);
  const pairs: { pair: [Peak, Peak]; score: number; size: number }[] = [];
  for (let i = 0; i < strong.length; i++)
    for (let j = i + 1; j < strong.length; j++) {
      const [p, q] = [strong[i]!, strong[j]!];
      if (sine(p.offset, q.offset) < MIN_SINE || Math.max(p.value, q.value) < MIN_FIRST) continue;
      const score = latticeScore(near, p.offset, q.offset);
      if (score >= MIN_CLOSURE) pairs.push({ pair: [p, q], score, size: length(p) + length(q) });
    }
  if (pairs.length === 0) return null;
  const best = Math.max(...pairs.map((p) => p.score));
  const [first, second] = pairs.filter((p) => p.score >= best - LATTICE_SLACK).sort((p, q) => p.size - q.size)[0]!.pair;
  // Refined on the fine canvas, over the farthest multiple that still repeats: a period off by a fraction of a cell
  // put the copies two or three tiles away out of phase, and their mean drew each grout line double.
  const fine = correlator(highPass(fineLum(texture, w * h), source, w, h, DETAIL_RADIUS * COARSE), source, w, h);
  if (!fine) return null;
  return { a: refinePeriod(fine, first.offset), b: refinePeriod(fine, second.offset) };
}

function fineLum(texture: Float32Array, n: number): Float32Array {
  const lum = new Float32Array(n);
  for (let o = 0; o < n; o++) lum[o] = texture[o * 3]! + texture[o * 3 + 1]! + texture[o * 3 + 2]!;
  return lum;
}

/** Multiples of a period tried when refining it. */
const REFINE_MULTIPLES = 4;
/** A multiple's correlation must be at least this share of the period's own. */
const REFINE_KEEP = 0.75;
/** Cells searched each way around a multiple of the coarse period. */
const REFINE_REACH = 3;

/**
 * A coarse period (`offset`, coarse cells) to a fraction of a fine cell: the correlation's peak is searched around
 * each multiple of it and fitted with a parabola on each axis; the farthest multiple still peaking over
 * MIN_CLOSURE gives the period, its error divided by the multiple.
 */
function refinePeriod(correlate: (dx: number, dy: number) => number, offset: readonly [number, number]): [number, number] {
  let period: [number, number] = [offset[0] * COARSE, offset[1] * COARSE];
  let first = -Infinity;
  for (let k = 1; k <= REFINE_MULTIPLES; k++) {
    const cx = Math.round(k * period[0]);
    const cy = Math.round(k * period[1]);
    let best = -Infinity;
    let bx = cx;
    let by = cy;
    for (let dy = -REFINE_REACH; dy <= REFINE_REACH; dy++)
      for (let dx = -REFINE_REACH; dx <= REFINE_REACH; dx++) {
        const value = correlate(cx + dx, cy + dy);
        if (value > best) [best, bx, by] = [value, cx + dx, cy + dy];
      }
    // A farther multiple counts while it repeats nearly as well as the first (on a small floor its overlap is thin
    // and its peak wanders).
    if (k === 1) first = best;
    else if (!(best >= MIN_CLOSURE && best >= REFINE_KEEP * first)) break;
    const vertex = (before: number, after: number): number => {
      const curve = before - 2 * best + after;
      return curve < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (before - after)) / curve)) : 0;
    };
    const fx = bx + vertex(correlate(bx - 1, by), correlate(bx + 1, by));
    const fy = by + vertex(correlate(bx, by - 1), correlate(bx, by + 1));
    if (Number.isNaN(fx) || Number.isNaN(fy)) break;
    period = [fx / k, fy / k];
  }
  return period;
}

/**
 * `lum` less its mean over the known cells within `r` (a box): the floor's light is already divided out, but what is
 * left of it (and of a sunlit patch's edge) raised the correlation at every offset, half periods too.
 */
function highPass(lum: Float32Array, known: Uint8Array, w: number, h: number, r: number): Float32Array {
  // The mean over the known cells alone: the box's sum of their values over its count of them.
  const sum = boxMean(
    lum.map((v, o) => (known[o] ? v : 0)),
    w,
    h,
    r,
  );
  const count = boxMean(new Float32Array(known), w, h, r);
  return lum.map((v, o) => (known[o] ? v - sum[o]! / count[o]! : 0));
}

/**
 * How well the texture repeats on the lattice of `p` and `q`: the mean correlation at the two periods, their sum and
 * difference and their doubles (those within the correlation's reach).
 */
function latticeScore(
  at: (dx: number, dy: number) => number,
  p: readonly [number, number],
  q: readonly [number, number],
): number {
  let sum = 0;
  let n = 0;
  for (const [i, j] of [
    [1, 0],
    [0, 1],
    [1, 1],
    [1, -1],
    [2, 0],
    [0, 2],
  ] as const) {
    const dx = i * p[0] + j * q[0];
    const dy = i * p[1] + j * q[1];
    if (Math.max(Math.abs(dx), Math.abs(dy)) > MAX_SHIFT) continue;
    sum += at(dx, dy);
    n++;
  }
  return n >= 4 ? sum / n : -1;
}

interface Peak {
  readonly offset: readonly [number, number];
  readonly value: number;
}

/**
 * Normalised correlation of the high-passed `lum` with itself shifted by (dx, dy), over a sample of the known cells
 * (at most SAMPLE); NaN when under MIN_OVERLAP of the sample lands on known cells again.
 */
function correlator(lum: Float32Array, known: Uint8Array, w: number, h: number): ((dx: number, dy: number) => number) | null {
  const cells: number[] = [];
  for (let o = 0; o < known.length; o++) if (known[o]) cells.push(o);
  if (cells.length < MIN_SOURCE / (COARSE * COARSE)) return null;
  const stride = Math.max(1, Math.floor(cells.length / SAMPLE));
  const sample = cells.filter((_, k) => k % stride === 0);
  return (dx, dy) => {
    let ab = 0;
    let aa = 0;
    let bb = 0;
    let n = 0;
    for (const o of sample) {
      const x = (o % w) + dx;
      const y = Math.floor(o / w) + dy;
      if (x < 0 || x >= w || y < 0 || y >= h) continue;
      const p = y * w + x;
      if (!known[p]) continue;
      const a = lum[o]!;
      const b = lum[p]!;
      ab += a * b;
      aa += a * a;
      bb += b * b;
      n++;
    }
    return n < MIN_OVERLAP * sample.length ? NaN : ab / Math.sqrt(aa * bb + 1e-9);
  };
}

/**
 * The correlation (`correlator`) at every shift up to MAX_SHIFT: ~4700 shifts of up to SAMPLE cells, 50-200 ms on
 * the coarse canvas. Null when too few cells are known.
 */
function selfCorrelation(lum: Float32Array, known: Uint8Array, w: number, h: number) {
  const correlate = correlator(lum, known, w, h);
  if (!correlate) return null;
  const R = MAX_SHIFT;
  const side = 2 * R + 1;
  const values = new Float32Array(side * side).fill(-1);
  for (let dy = 0; dy <= R; dy++)
    for (let dx = -R; dx <= R; dx++) {
      if (dy === 0 && dx <= 0) continue;
      const value = correlate(dx, dy);
      if (Number.isNaN(value)) continue;
      // Symmetric: the texture at +d against the texture at -d is the same pairs.
      values[(dy + R) * side + dx + R] = value;
      values[(-dy + R) * side - dx + R] = value;
    }
  const at = (dx: number, dy: number): number => (Math.abs(dx) > R || Math.abs(dy) > R ? -1 : values[(dy + R) * side + dx + R]!);
  return {
    at,
    /** Local maxima (5x5) at least MIN_PERIOD long, one of each +-pair, strongest first. */
    peaks(): Peak[] {
      const out: Peak[] = [];
      for (let dy = 0; dy <= R; dy++)
        for (let dx = -R; dx <= R; dx++) {
          if ((dy === 0 && dx <= 0) || Math.hypot(dx, dy) < MIN_PERIOD) continue;
          const value = at(dx, dy);
          if (value <= 0) continue;
          let highest = true;
          for (let ey = -2; ey <= 2 && highest; ey++)
            for (let ex = -2; ex <= 2; ex++) if (at(dx + ex, dy + ey) > value) highest = false;
          if (highest) out.push({ offset: [dx, dy], value });
        }
      return out.sort((p, q) => q.value - p.value);
    },
  };
}

/** Sine of the angle between two offsets. */
function sine(p: readonly [number, number], q: readonly [number, number]): number {
  return Math.abs(p[0] * q[1] - p[1] * q[0]) / (Math.hypot(p[0], p[1]) * Math.hypot(q[0], q[1]) || 1);
}

/** Copies of the lattice averaged per cell, all within COPY_REACH periods of the nearest one's distance. */
const COPIES = 6;
const COPY_REACH = 2;
/** Most whole periods a hole cell may reach along each lattice offset. */
const MAX_STEPS = 40;

/**
 * Fills the hole's floor cells (`canvas.hole` and label `floor`) in place: each takes the mean texture, sampled
 * bilinearly, at its COPIES nearest offsets of the lattice that land wholly on known floor (`source`). False, with the
 * canvas untouched, when some cell has no such offset (the exemplar fill is then used for all of them).
 */
export function fillByLattice(canvas: Canvas, source: Uint8Array, lattice: Lattice, floor: number): boolean {
  const { w, h, rgb, hole, labels } = canvas;
  const [ax, ay] = lattice.a;
  const [bx, by] = lattice.b;
  const reach = Math.hypot(w, h);
  const shifts: [number, number, number][] = [];
  for (let i = -MAX_STEPS; i <= MAX_STEPS; i++)
    for (let j = -MAX_STEPS; j <= MAX_STEPS; j++) {
      const dx = i * ax + j * bx;
      const dy = i * ay + j * by;
      const length = Math.hypot(dx, dy);
      if ((i !== 0 || j !== 0) && length < reach) shifts.push([length, dx, dy]);
    }
  shifts.sort((p, q) => p[0] - q[0]);
  // A sample point is usable when the four cells around it are known floor.
  const usable = (u: number, v: number): boolean => {
    const x = Math.floor(u);
    const y = Math.floor(v);
    if (x < 0 || y < 0 || x + 1 >= w || y + 1 >= h) return false;
    const o = y * w + x;
    return source[o] === 1 && source[o + 1] === 1 && source[o + w] === 1 && source[o + w + 1] === 1;
  };
  const cells: number[] = [];
  for (let o = 0; o < hole.length; o++) if (hole[o] && (!labels || labels[o] === floor)) cells.push(o);
  const filled = new Float32Array(cells.length * 3);
  const period = Math.min(Math.hypot(ax, ay), Math.hypot(bx, by));
  const sample = new Float32Array(3);
  for (let k = 0; k < cells.length; k++) {
    const o = cells[k]!;
    const x = o % w;
    const y = (o - x) / w;
    // The mean of the nearest copies: the grout is the same in each, so it stays sharp, while what one tile has of
    // its own (a speck, a glint of the window) fades; copied alone it came back in every tile as a pale block.
    let copies = 0;
    let bound = Infinity;
    for (let s = 0; s < shifts.length && copies < COPIES; s++) {
      const [length, dx, dy] = shifts[s]!;
      if (length > bound) break;
      if (!usable(x + dx, y + dy)) continue;
      if (copies === 0) bound = length + COPY_REACH * period;
      bilinear(rgb, w, h, x + dx, y + dy, sample, 0);
      for (let c = 0; c < 3; c++) filled[k * 3 + c] = filled[k * 3 + c]! + sample[c]!;
      copies++;
    }
    if (copies === 0) return false;
    for (let c = 0; c < 3; c++) filled[k * 3 + c] = filled[k * 3 + c]! / copies;
  }
  for (let k = 0; k < cells.length; k++) for (let c = 0; c < 3; c++) rgb[cells[k]! * 3 + c] = filled[k * 3 + c]!;
  return true;
}
