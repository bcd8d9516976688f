import type { LabImage } from '../walls/slic.ts';
import { toCamera, type Vec3 } from './camera.ts';
import { FACE, faceWorld, type BoxLayout, type RayGrid } from './layout.ts';
import type { ManhattanCamera } from './manhattan.ts';
import { ROOM_LABEL } from './types.ts';

/**
 * Doors and framed panels the wall classifier took for wall. A closed door is a plain panel, as smooth as the wall
 * around it, and the classifier painted it (listing bedrooms and bathrooms, their white doors on beige walls); a
 * mirror shows the wall it faces, a window's pale glass or blind reads as one more pale wall, and the paint ran
 * into pictures. What gives them away is their frame: on the wall's plane, two upright edges a door's width apart
 * standing on the floor and joined at a door's height by a level edge; or two upright edges side by side joined at
 * the bottom and the top by level edges, hanging on the wall; around a panel of another colour than the wall. The
 * search runs on each wall of the layout, in the wall's own metres, so the edges are looked for where the camera
 * puts them.
 */

export interface FramedPanel {
  readonly face: number;
  /**
   * A door stands on the floor; a panel hangs on the wall (a picture, a mirror, a window, a television); `known`:
   * one of the openings handed in, confirmed by its frame.
   */
  readonly kind: 'door' | 'panel' | 'known';
  /** Along the wall (u0, u1) and height above the floor (v0, v1), metres at the layout's eye height. */
  readonly rect: [number, number, number, number];
  readonly corners: Vec3[];
}

/** Step of the search along the wall and up it (metres). */
const U_STEP = 0.02;
const V_STEP = 0.04;
/** A door's leaf and frame, metres: width, height. Wide, because the eye height behind the metres is a guess. */
const MIN_WIDTH = 0.55;
const MAX_WIDTH = 1.3;
/** The least of a door the photo's side cuts that must be in the frame (metres). */
const MIN_CUT_WIDTH = 0.2;
const MIN_HEIGHT = 1.6;
const MAX_HEIGHT = 2.5;
/** Height over width of a door, whatever the scale (a standard door is 2.03 x 0.81 m: 2.5). */
const MIN_ASPECT = 1.7;
const MAX_ASPECT = 3.6;
/** Colour step (CIELAB distance between the two sides, 2 px out) that counts as an edge. */
const EDGE_STEP = 7;
/** Share of a side's visible samples that must lie on an edge. */
const MIN_SIDE_SUPPORT = 0.7;
const MIN_TOP_SUPPORT = 0.6;
/** Share of a side's samples that must be visible (on this wall, in the frame). */
const MIN_VISIBLE = 0.6;
/** A hanging panel's least side (metres), its widest, and the lowest its bottom may sit above the floor. */
const MIN_PANEL_SIDE = 0.25;
const MAX_PANEL_WIDTH = 3;
const MIN_PANEL_BOTTOM = 0.25;
/** Frames of each kind judged by their panel per wall, best edge support first. */
const MAX_JUDGED = 400;
/**
 * Share of a wall's wall-labelled samples on an upright edge above which the wall is striped, and not searched (the
 * listing photos' plain walls: 0.08-0.62, grain and JPEG noise; striped rendered walls: 0.95-0.97).
 */
const MAX_PATTERN_EDGES = 0.8;
/** Farthest a door may stand from the camera, metres at the layout's eye height. */
const MAX_DISTANCE = 10;
/** Share of the panel the classifier must call wall. */
const MIN_PANEL_WALL = 0.5;
/** How near (CIELAB a*b*) a darker panel's colour may come to the wall's, dimmed, and still be taken for shade. */
const SHADE_CHROMA = 3;
/** The band around a frame (steps along the wall out from its sides; half as many up and down). */
const RING_FROM = 3;
const RING_TO = 7;
/** Share of that band the classifier must call wall. */
const MIN_RING_WALL = 0.5;
/** The panel's median colour must differ this much (CIELAB) from the wall's own, and from the band around it. */
const MIN_PANEL_CONTRAST = 6;

/** An opening found where the classifier saw no wall (room-model.ts findOpenings), on a wall face of the layout. */
export interface KnownOpening {
  readonly face: number;
  readonly rect: readonly [number, number, number, number];
}

/**
 * Doors and hanging panels on the layout's walls, found where the classifier called their panel wall. `labels` of
 * their pixels become `opening` (doors) or `object` (panels). The work image's CIELAB planes, the layout and its
 * camera at the work size. `known` openings are judged as frames too, by the wall around them and their colour:
 * those that pass come back with the kind `known` (a mirror whose middle the classifier painted is kept off the wall
 * whole; a stretch of kitchen wall the classifier refused in part, with no wall around it, is not).
 */
export function findFramedPanels(
  lab: LabImage,
  labels: Uint8Array,
  faces: Uint8Array,
  grid: RayGrid,
  box: BoxLayout,
  camera: ManhattanCamera,
  known: readonly KnownOpening[] = [],
): FramedPanel[] {
  const ww = lab.width;
  const wh = lab.height;
  const cx = ww / 2;
  const cy = camera.principalY;
  const project = (p: Vec3): [number, number] | null => {
    const c = toCamera(camera.pose, p);
    if (c[2] <= 1e-6) return null;
    return [cx + (camera.focal * c[0]) / c[2], cy + (camera.focal * c[1]) / c[2]];
  };
  // Whether the colour steps by EDGE_STEP or more between the points 2 px either side of (x, y) across (nx, ny).
  const steps = (x: number, y: number, nx: number, ny: number): boolean => {
    const a = labAt(lab, x + 2 * nx, y + 2 * ny);
    const b = labAt(lab, x - 2 * nx, y - 2 * ny);
    if (a < 0 || b < 0) return false;
    const dl = lab.l[a]! - lab.l[b]!;
    const da = lab.a[a]! - lab.a[b]!;
    const db = lab.b[a]! - lab.b[b]!;
    return dl * dl + da * da + db * db >= EDGE_STEP * EDGE_STEP;
  };
  // An edge within a pixel of (x, y) across the unit normal (nx, ny).
  const edgeAt = (x: number, y: number, nx: number, ny: number): boolean =>
    steps(x, y, nx, ny) || steps(x + nx, y + ny, nx, ny) || steps(x - nx, y - ny, nx, ny);

  const found: FramedPanel[] = [];
  for (const face of [FACE.left, FACE.right, FACE.back, FACE.front]) {
    const { normal, distance } = faceWorld(box, face);
    // The wall's axis (x or z), the one it runs along, and which side of the camera it stands.
    const axis = normal[0] !== 0 ? 0 : 2;
    const runAxis = axis === 0 ? 2 : 0;
    const sign = normal[axis]!;
    // A pixel of the wall in the wall's own metres: along it (u) and above the floor (v).
    const alongOf = (i: number): number =>
      (runAxis === 0 ? grid.dx[i]! : grid.dz[i]!) * (distance / Math.abs(axis === 0 ? grid.dx[i]! : grid.dz[i]!));
    const heightOf = (i: number): number => grid.dy[i]! * (distance / Math.abs(axis === 0 ? grid.dx[i]! : grid.dz[i]!)) + box.eye;
    // The wall's visible run: its pixels' u.
    let lo = Infinity;
    let hi = -Infinity;
    let facePixels = 0;
    for (let i = 0; i < faces.length; i++) {
      if (faces[i] !== face) continue;
      const u = alongOf(i);
      lo = Math.min(lo, u);
      hi = Math.max(hi, u);
      facePixels++;
    }
    if (facePixels < 0.02 * faces.length || distance > MAX_DISTANCE) continue;
    // Only as far as a door may stand (a wall the layout runs out to 30 m would make the search slow, and wrong).
    const uMin = Math.max(lo, -MAX_DISTANCE);
    const uMax = Math.min(hi, MAX_DISTANCE);
    const nu = Math.floor((uMax - uMin) / U_STEP) + 1;
    const nv = Math.floor(MAX_HEIGHT / V_STEP) + 2;
    if (nu < MIN_WIDTH / U_STEP) continue;
    const at = (u: number, v: number): Vec3 => {
      const p: [number, number, number] = [0, v - box.eye, 0];
      p[axis] = sign * distance;
      p[runAxis] = u;
      return p;
    };
    // Each sample's image point, one more column and row for the directions up and along the wall (NaN: behind).
    const px = new Float64Array((nu + 1) * (nv + 1));
    const py = new Float64Array((nu + 1) * (nv + 1));
    for (let iu = 0; iu <= nu; iu++) {
      for (let iv = 0; iv <= nv; iv++) {
        const p = project(at(uMin + iu * U_STEP, iv * V_STEP));
        px[iu * (nv + 1) + iv] = p ? p[0] : NaN;
        py[iu * (nv + 1) + iv] = p ? p[1] : NaN;
      }
    }
    // Per sample (iu, iv): 0 unseen, 1 seen without an edge, 2 seen on an edge; upright edges and level ones.
    const upright = new Uint8Array(nu * nv);
    const level = new Uint8Array(nu * nv);
    const pixelOf = new Int32Array(nu * nv).fill(-1);
    for (let iu = 0; iu < nu; iu++) {
      for (let iv = 0; iv < nv; iv++) {
        const q = iu * (nv + 1) + iv;
        const x0 = px[q]!;
        const y0 = py[q]!;
        const x = Math.round(x0);
        const y = Math.round(y0);
        // (NaN fails every comparison: a point behind the camera is out of the frame.)
        if (!(x >= 2 && y >= 2 && x < ww - 2 && y < wh - 2)) continue;
        const i = y * ww + x;
        if (faces[i] !== face) continue;
        const k = iu * nv + iv;
        pixelOf[k] = i;
        const up = q + 1;
        const along = q + nv + 1;
        if (Number.isNaN(px[up]!) || Number.isNaN(px[along]!)) continue;
        // Upright edge: across the image direction of the wall's vertical here; level: across the run's direction.
        const [vx, vy] = unit(px[up]! - x0, py[up]! - y0);
        const [rx, ry] = unit(px[along]! - x0, py[along]! - y0);
        upright[k] = edgeAt(x0, y0, -vy, vx) ? 2 : 1;
        level[k] = edgeAt(x0, y0, -ry, rx) ? 2 : 1;
      }
    }
    // A striped or patterned wall has upright edges everywhere: no frame can be told from its pattern.
    let seenSamples = 0;
    let edgeSamples = 0;
    for (let k = 0; k < upright.length; k++) {
      if (upright[k] === 0 || labels[pixelOf[k]!] !== ROOM_LABEL.wall) continue;
      seenSamples++;
      if (upright[k] === 2) edgeSamples++;
    }
    if (edgeSamples > MAX_PATTERN_EDGES * seenSamples) continue;
    // Running sums up each column (upright) and along each row (level): seen and on-edge counts.
    const col = runningCounts(upright, nu, nv + 1, (iu, iv) => iu * nv + iv);
    const row = runningCounts(level, nv, nu + 1, (iv, iu) => iu * nv + iv);
    const [colSeen, colEdge, rowSeen, rowEdge] = [col.seen, col.edge, row.seen, row.edge];
    // A side at iu from the floor to iv: the share of its samples seen and the share of those on an edge.
    const side = (iu: number, iv: number): number => {
      const from = Math.round(0.1 / V_STEP);
      const to = Math.max(from + 1, iv - 1);
      const seen = colSeen[iu * (nv + 1) + to]! - colSeen[iu * (nv + 1) + from]!;
      if (seen < MIN_VISIBLE * (to - from)) return 0;
      return (colEdge[iu * (nv + 1) + to]! - colEdge[iu * (nv + 1) + from]!) / seen;
    };
    const top = (iu0: number, iu1: number, iv: number): number => {
      const seen = rowSeen[iv * (nu + 1) + iu1]! - rowSeen[iv * (nu + 1) + iu0 + 1]!;
      if (seen < MIN_VISIBLE * (iu1 - iu0 - 1)) return 0;
      return (rowEdge[iv * (nu + 1) + iu1]! - rowEdge[iv * (nu + 1) + iu0 + 1]!) / seen;
    };
    // The best-edged side within two steps either way (the sample grid is coarser than a pixel on a near wall).
    const sideNear = (iu: number, iv: number): number => {
      let best = 0;
      for (let j = Math.max(0, iu - 2); j <= Math.min(nu - 1, iu + 2); j++) best = Math.max(best, side(j, iv));
      return best;
    };
    const topNear = (iu0: number, iu1: number, iv: number): number =>
      Math.max(top(iu0, iu1, iv), iv > 0 ? top(iu0, iu1, iv - 1) : 0, iv < nv - 1 ? top(iu0, iu1, iv + 1) : 0);

    // A wall the photo's side cuts: a door there may have one side out of the frame, which stands in for it.
    const cutBy = (u: number): boolean => {
      const p = project(at(u, 1));
      return p !== null && (p[0] < 0.03 * ww || p[0] > 0.97 * ww);
    };
    const cutStart = cutBy(uMin);
    const cutEnd = cutBy(uMax);
    const maxV = Math.min(MAX_HEIGHT, box.eye + box.ceiling - 0.1);
    const candidates: Candidate[] = [];
    for (let iv = Math.ceil(MIN_HEIGHT / V_STEP); iv * V_STEP <= maxV && iv < nv - 1; iv++) {
      const sides = new Float32Array(nu);
      for (let iu = 0; iu < nu; iu++) sides[iu] = sideNear(iu, iv);
      if (cutStart) sides[0] = 1;
      if (cutEnd) sides[nu - 1] = 1;
      for (let iu0 = 0; iu0 < nu; iu0++) {
        if (sides[iu0]! < MIN_SIDE_SUPPORT) continue;
        const cut0 = cutStart && iu0 === 0;
        const from = iu0 + Math.ceil((cut0 ? MIN_CUT_WIDTH : MIN_WIDTH) / U_STEP);
        for (let iu1 = from; iu1 < nu && (iu1 - iu0) * U_STEP <= MAX_WIDTH; iu1++) {
          if (sides[iu1]! < MIN_SIDE_SUPPORT) continue;
          const cut = cut0 || (cutEnd && iu1 === nu - 1);
          if (cut0 && cutEnd && iu1 === nu - 1) continue;
          const width = (iu1 - iu0) * U_STEP;
          const aspect = (iv * V_STEP) / width;
          if (!cut && (width < MIN_WIDTH || aspect < MIN_ASPECT || aspect > MAX_ASPECT)) continue;
          const t = topNear(iu0, iu1, iv);
          if (t < MIN_TOP_SUPPORT) continue;
          candidates.push({ iu0, iu1, iv0: 0, iv1: iv, score: Math.min(sides[iu0]!, sides[iu1]!) + t });
        }
      }
    }
    const doorCount = candidates.length;
    candidates.push(...hangingPanels(upright, nu, nv, topNear, maxV));
    const knownHere: Candidate[] = known
      .filter((o) => o.face === face && o.rect[1] > uMin && o.rect[0] < uMax)
      .map((o) => ({
        iu0: Math.max(0, Math.round((o.rect[0] - uMin) / U_STEP)),
        iu1: Math.min(nu - 1, Math.round((o.rect[1] - uMin) / U_STEP)),
        iv0: Math.max(0, Math.round(o.rect[2] / V_STEP)),
        iv1: Math.min(nv - 1, Math.round(o.rect[3] / V_STEP)),
        score: Infinity,
        known: true,
      }));
    if (candidates.length === 0 && knownHere.length === 0) continue;

    // The wall's own colour: the median of its pixels labelled wall.
    const wallPixels: number[] = [];
    for (let i = 0; i < faces.length; i++) if (faces[i] === face && labels[i] === ROOM_LABEL.wall) wallPixels.push(i);
    const wallColour = medianLab(lab, wallPixels);
    if (!wallColour) continue;
    const doorCandidates = candidates.slice(0, doorCount).sort(byScore);
    const panelCandidates = candidates.slice(doorCount).sort(byScore);
    const taken: Candidate[] = [];
    // Doors first; of each kind, the best-scored frames are judged (past a few hundred, the same edges again).
    for (const c of [...knownHere, ...doorCandidates.slice(0, MAX_JUDGED), ...panelCandidates.slice(0, MAX_JUDGED)]) {
      // A frame overlapping one taken is the same thing again (a known opening, often a part of a mirror or a
      // window the classifier refused, does not stand in the way of the whole frame).
      const overlaps = (t: Candidate) => c.iu0 < t.iu1 + 2 && c.iu1 > t.iu0 - 2 && c.iv0 < t.iv1 + 2 && c.iv1 > t.iv0 - 2;
      if (!c.known && taken.some((t) => !t.known && overlaps(t))) continue;
      // The panel: the samples strictly inside the frame.
      const inside: number[] = [];
      for (let iu = c.iu0 + 2; iu <= c.iu1 - 2; iu += 2) {
        for (let iv = c.iv0 + 3; iv <= c.iv1 - 2; iv += 2) {
          const i = pixelOf[iu * nv + iv]!;
          if (i >= 0) inside.push(i);
        }
      }
      // Only a panel the classifier took for wall needs finding (the rest it already keeps off the wall), and a
      // frame found on a piece of furniture in front of a wrongly placed wall is not a door.
      if (!c.known && inside.filter((i) => labels[i] === ROOM_LABEL.wall).length < MIN_PANEL_WALL * inside.length) continue;
      // A door or a picture hangs in a wall: the band around its frame is wall. A stretch of kitchen wall framed by
      // the counter, the cupboards and the cooker hood has no wall around it.
      const ring = ringAround(c, pixelOf, nu, nv);
      const ringWall = ring.filter((i) => labels[i] === ROOM_LABEL.wall);
      if (ringWall.length < MIN_RING_WALL * ring.length) continue;
      // And its panel is not the wall's colour, nor the wall in shade. A known opening is not wall by the
      // classifier already (a mirror showing the wall it faces is the wall's colour).
      if (!c.known) {
        const panel = medianLab(lab, inside);
        const around = medianLab(lab, ringWall);
        if (!panel || !around) continue;
        if (Math.hypot(panel[0] - wallColour[0], panel[1] - wallColour[1], panel[2] - wallColour[2]) < MIN_PANEL_CONTRAST)
          continue;
        if (Math.hypot(panel[0] - around[0], panel[1] - around[1], panel[2] - around[2]) < MIN_PANEL_CONTRAST) continue;
        if (shadowOf(panel, around)) continue;
      }
      // A wall the layout puts this far away is a layout gone wrong (a stripe of wallpaper then has a door's size).
      const far = Math.hypot(distance, uMin + ((c.iu0 + c.iu1) / 2) * U_STEP);
      if (far > MAX_DISTANCE) continue;
      taken.push(c);
    }
    for (const c of taken) {
      const u0 = uMin + c.iu0 * U_STEP;
      const u1 = uMin + c.iu1 * U_STEP;
      const v0 = c.iv0 * V_STEP;
      const v1 = c.iv1 * V_STEP;
      const kind = c.known ? 'known' : c.iv0 === 0 ? 'door' : 'panel';
      found.push({ face, kind, rect: [u0, u1, v0, v1], corners: [at(u0, v0), at(u1, v0), at(u1, v1), at(u0, v1)] });
      if (kind === 'known') continue;
      for (let i = 0; i < faces.length; i++) {
        if (faces[i] !== face || labels[i] === ROOM_LABEL.floor) continue;
        const u = alongOf(i);
        const v = heightOf(i);
        if (u >= u0 && u <= u1 && v >= v0 && v <= v1) labels[i] = kind === 'door' ? ROOM_LABEL.opening : ROOM_LABEL.object;
      }
    }
  }
  return found;
}

interface Candidate {
  iu0: number;
  iu1: number;
  iv0: number;
  iv1: number;
  score: number;
  /** One of the openings handed in. */
  known?: boolean;
}

const byScore = (a: Candidate, b: Candidate): number =>
  b.score - a.score || (b.iu1 - b.iu0) * (b.iv1 - b.iv0) - (a.iu1 - a.iu0) * (a.iv1 - a.iv0);

/**
 * Framed panels hanging on a wall: two upright edges (runs of edge samples up a column, a missed sample bridged)
 * that stand side by side over a panel's height, joined at the bottom and the top of their overlap by level
 * edges. `upright`: the wall's samples (iu * nv + iv; 2 = on an edge); `level(iu0, iu1, iv)`: the share of the
 * level samples strictly between two columns at row iv that lie on an edge.
 */
/**
 * The samples of a band around a frame, outside it: beside its sides and above its top, and below its bottom when
 * it hangs (a door's bottom is the floor). Seen samples only (on the frame's wall, in the photo).
 */
function ringAround(c: Candidate, pixelOf: Int32Array, nu: number, nv: number): number[] {
  const out: number[] = [];
  const take = (iu: number, iv: number) => {
    if (iu < 0 || iu >= nu || iv < 0 || iv >= nv) return;
    const i = pixelOf[iu * nv + iv]!;
    if (i >= 0) out.push(i);
  };
  for (let iv = c.iv0 + 1; iv < c.iv1; iv += 2) {
    for (let d = RING_FROM; d <= RING_TO; d++) (take(c.iu0 - d, iv), take(c.iu1 + d, iv));
  }
  for (let iu = c.iu0; iu <= c.iu1; iu += 2) {
    for (let d = Math.ceil(RING_FROM / 2); d <= Math.ceil(RING_TO / 2); d++) {
      take(iu, c.iv1 + d);
      if (c.iv0 > 0) take(iu, c.iv0 - d);
    }
  }
  return out;
}

function hangingPanels(
  upright: Uint8Array,
  nu: number,
  nv: number,
  level: (iu0: number, iu1: number, iv: number) => number,
  maxV: number,
): Candidate[] {
  const minRun = Math.ceil(MIN_PANEL_SIDE / V_STEP);
  const runs: [number, number][][] = [];
  for (let iu = 0; iu < nu; iu++) {
    const column: [number, number][] = [];
    let start = -1;
    let last = -1;
    for (let iv = 0; iv < nv; iv++) {
      if (upright[iu * nv + iv] !== 2) continue;
      if (start < 0 || iv - last > 2) {
        if (start >= 0 && last - start >= minRun) column.push([start, last]);
        start = iv;
      }
      last = iv;
    }
    if (start >= 0 && last - start >= minRun) column.push([start, last]);
    runs.push(column);
  }
  const lowest = Math.ceil(MIN_PANEL_BOTTOM / V_STEP);
  const highest = Math.floor(maxV / V_STEP);
  const out: Candidate[] = [];
  for (let iu0 = 0; iu0 < nu; iu0++) {
    for (const [a0, a1] of runs[iu0]!) {
      for (let iu1 = iu0 + Math.ceil(MIN_PANEL_SIDE / U_STEP); iu1 < nu && (iu1 - iu0) * U_STEP <= MAX_PANEL_WIDTH; iu1++) {
        for (const [b0, b1] of runs[iu1]!) {
          const from = Math.max(a0, b0, lowest) - 1;
          const to = Math.min(a1, b1, highest) + 1;
          if (to - from < minRun) continue;
          // The level edges across: the lowest and the highest row of the overlap with one.
          let bottom = -1;
          let top = -1;
          for (let iv = Math.max(lowest, from); iv <= Math.min(highest, to, nv - 1); iv++) {
            if (level(iu0, iu1, iv) < MIN_TOP_SUPPORT) continue;
            if (bottom < 0) bottom = iv;
            top = iv;
          }
          if (bottom < 0 || top - bottom < minRun) continue;
          out.push({ iu0, iu1, iv0: bottom, iv1: top, score: level(iu0, iu1, bottom) + level(iu0, iu1, top) });
        }
      }
    }
  }
  return out;
}

/**
 * Running counts over sample states (0 unseen, 1 seen, 2 on an edge) along `lines` lines of `span - 1` samples:
 * `seen[line * span + k]` and `edge[...]` count the first k samples of the line (`at(line, k)` indexes `states`).
 */
function runningCounts(
  states: Uint8Array,
  lines: number,
  span: number,
  at: (line: number, k: number) => number,
): { seen: Int32Array; edge: Int32Array } {
  const seen = new Int32Array(lines * span);
  const edge = new Int32Array(lines * span);
  for (let line = 0; line < lines; line++) {
    for (let k = 0; k < span - 1; k++) {
      const s = states[at(line, k)]!;
      seen[line * span + k + 1] = seen[line * span + k]! + (s > 0 ? 1 : 0);
      edge[line * span + k + 1] = edge[line * span + k]! + (s === 2 ? 1 : 0);
    }
  }
  return { seen, edge };
}

/**
 * Whether a panel is the wall around it in shade: darker, with the wall's own colour dimmed in proportion (a shadow
 * on the wall, or the dim side of a light pool, framed by chance).
 */
function shadowOf(panel: readonly number[], around: readonly number[]): boolean {
  if (panel[0]! >= around[0]!) return false;
  const dim = panel[0]! / Math.max(1, around[0]!);
  return Math.hypot(panel[1]! - dim * around[1]!, panel[2]! - dim * around[2]!) < SHADE_CHROMA;
}

function labAt(lab: LabImage, x: number, y: number): number {
  const xi = Math.round(x);
  const yi = Math.round(y);
  return xi < 0 || yi < 0 || xi >= lab.width || yi >= lab.height ? -1 : yi * lab.width + xi;
}

function unit(x: number, y: number): [number, number] {
  const n = Math.hypot(x, y) || 1;
  return [x / n, y / n];
}

/**
 * Per-channel median CIELAB of the pixels; null when under 20. A typed array sorts numerically without a comparator,
 * several times faster than an array with one: the frame search asks for two medians per candidate it judges, up to
 * 800 per wall, and spent a third of its time here.
 */
function medianLab(lab: LabImage, pixels: readonly number[]): [number, number, number] | null {
  if (pixels.length < 20) return null;
  const values = new Float32Array(pixels.length);
  const median = (channel: Float32Array): number => {
    for (let k = 0; k < pixels.length; k++) values[k] = channel[pixels[k]!]!;
    return values.sort()[pixels.length >> 1]!;
  };
  return [median(lab.l), median(lab.a), median(lab.b)];
}
