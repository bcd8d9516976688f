import { describe, expect, it } from 'vitest';
import { createMask } from '../mask.ts';
import { seededRandom } from '../place/match.ts';
import { syntheticRoomModel } from '../testing/box-room-model.ts';
import { renderSyntheticRoom } from '../testing/synthetic-rooms.ts';
import { fillByLattice, floorLattice } from './floor-lattice.ts';
import { inpaintDecoded } from './index.ts';

const SIDE = 300;
/** The hole: a square in the middle of the canvas. */
const inHole = (x: number, y: number): boolean => x >= 100 && x < 200 && y >= 100 && y < 200;

/** A texture canvas (128 = the floor's light) from a value per cell, with the middle square as its hole. */
function canvasOf(value: (x: number, y: number) => number) {
  const rgb = new Float32Array(SIDE * SIDE * 3);
  const hole = new Uint8Array(SIDE * SIDE);
  const truth = new Float32Array(SIDE * SIDE);
  for (let y = 0; y < SIDE; y++)
    for (let x = 0; x < SIDE; x++) {
      const o = y * SIDE + x;
      truth[o] = value(x, y);
      hole[o] = inHole(x, y) ? 1 : 0;
      for (let c = 0; c < 3; c++) rgb[o * 3 + c] = hole[o] ? 128 : truth[o]!;
    }
  const source = Uint8Array.from(hole, (h) => 1 - h);
  const labels = new Uint8Array(SIDE * SIDE);
  return { canvas: { w: SIDE, h: SIDE, rgb, hole, labels }, source, truth };
}

/** Square tiles of a period that is no whole number of cells, dark grout, each tile a little lighter or darker. */
function tiles(period: number, seed: number) {
  const rnd = seededRandom(seed);
  const tone = Array.from({ length: 400 }, () => (rnd() - 0.5) * 16);
  return canvasOf((x, y) => {
    const [u, v] = [x / period, y / period];
    const grout = Math.min(u - Math.floor(u), v - Math.floor(v)) * period < 2;
    return (grout ? 80 : 140 + tone[(Math.floor(u) * 20 + Math.floor(v)) % 400]!) + (rnd() - 0.5) * 8;
  });
}

/** Correlation of the filled hole with the truth. */
function holeCorrelation(rgb: Float32Array, truth: Float32Array, hole: Uint8Array): number {
  const a: number[] = [];
  const b: number[] = [];
  for (let o = 0; o < hole.length; o++) {
    if (!hole[o]) continue;
    a.push(rgb[o * 3]!);
    b.push(truth[o]!);
  }
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const [ma, mb] = [mean(a), mean(b)];
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let k = 0; k < a.length; k++) {
    ab += (a[k]! - ma) * (b[k]! - mb);
    aa += (a[k]! - ma) ** 2;
    bb += (b[k]! - mb) ** 2;
  }
  return ab / Math.sqrt(aa * bb);
}

describe('floorLattice and fillByLattice', () => {
  it("finds a tile floor's two periods to a tenth of a cell and fills the hole with the grout in phase", () => {
    const { canvas, source, truth } = tiles(29.3, 1);
    const lattice = floorLattice(canvas.rgb, source, SIDE, SIDE);
    expect(lattice).not.toBeNull();
    const periods = [lattice!.a, lattice!.b].map(([x, y]) => [Math.abs(x), Math.abs(y)]).sort((p, q) => q[0]! - p[0]!);
    expect(periods[0]![0]).toBeCloseTo(29.3, 0);
    expect(Math.abs(periods[0]![0]! - 29.3)).toBeLessThan(0.1);
    expect(Math.abs(periods[1]![1]! - 29.3)).toBeLessThan(0.1);
    expect(periods[0]![1]).toBeLessThan(0.2);
    expect(fillByLattice(canvas, source, lattice!, 0)).toBe(true);
    // The grout is where the truth has it: a fill out of phase by a quarter tile correlates near zero.
    expect(holeCorrelation(canvas.rgb, truth, canvas.hole)).toBeGreaterThan(0.85);
    // Known cells are never written.
    for (let o = 0; o < source.length; o++) if (source[o] && canvas.rgb[o * 3] !== truth[o]) throw new Error(`cell ${o} written`);
  });

  it('finds no lattice in carpet or in boards of random lengths', () => {
    const rnd = seededRandom(2);
    const grain = Array.from({ length: SIDE * SIDE }, () => rnd() * 40);
    const carpet = canvasOf((x, y) => 108 + (grain[y * SIDE + x]! + grain[y * SIDE + ((x + 1) % SIDE)]!) / 2);
    expect(floorLattice(carpet.canvas.rgb, carpet.source, SIDE, SIDE)).toBeNull();
    // Boards 12 cells wide along x, each length random, each board its own tone, a dark seam between them.
    const seams = Array.from({ length: 40 }, () => rnd() * 200);
    const tone = Array.from({ length: 400 }, () => (rnd() - 0.5) * 30);
    const boards = canvasOf((x, y) => {
      const row = Math.floor(y / 12);
      const piece = Math.floor((x + seams[row % 40]!) / 110);
      const seam = y % 12 === 0 || (x + seams[row % 40]!) % 110 < 1;
      return seam ? 90 : 130 + tone[(row * 7 + piece) % 400]! + (rnd() - 0.5) * 10;
    });
    expect(floorLattice(boards.canvas.rgb, boards.source, SIDE, SIDE)).toBeNull();
  });

  it('refuses a lattice some hole cell cannot reach on known floor, and leaves the canvas as it was', () => {
    const { canvas, source } = tiles(29.3, 3);
    const lattice = floorLattice(canvas.rgb, source, SIDE, SIDE)!;
    // Only a thin strip of floor left, one tile from the hole's top: rows below the hole find no copy.
    const strip = Uint8Array.from(source, (s, o) => (s && Math.floor(o / SIDE) >= 70 && Math.floor(o / SIDE) < 74 ? 1 : 0));
    const before = Float32Array.from(canvas.rgb);
    expect(fillByLattice(canvas, strip, lattice, 0)).toBe(false);
    expect(canvas.rgb).toEqual(before);
  });

  it("continues a rendered room's tiles across a removal's hole", () => {
    // Room 4 of the synthetic set has 0.57 m tiles; the exemplar fill gave a correlation of 0.54 with the truth (a flat
    // field with the grout gone), the lattice 0.79.
    const W = 480;
    const H = 320;
    const render = renderSyntheticRoom(4, { width: W, height: H });
    expect(render.floor.kind).toBe('tiles');
    const hole = createMask(W, H);
    for (let y = Math.round(0.7 * H); y < Math.round(0.95 * H); y++)
      for (let x = Math.round(0.3 * W); x < Math.round(0.7 * W); x++) hole.data[y * W + x] = 255;
    const filled = inpaintDecoded(render.image, hole, { room: syntheticRoomModel(render) });
    const floorHole = Uint8Array.from(hole.data, (v, i) => (v && render.labels[i] === 0 ? 1 : 0));
    const lum = (data: Uint8Array) =>
      Float32Array.from({ length: W * H * 3 }, (_, k) => (k % 3 === 0 ? data[k]! + data[k + 1]! + data[k + 2]! : 0));
    const truth = lum(render.image.data).filter((_, k) => k % 3 === 0);
    expect(holeCorrelation(lum(filled.data), truth, floorHole)).toBeGreaterThan(0.7);
  });
});
