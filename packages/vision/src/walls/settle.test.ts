import { describe, expect, it } from 'vitest';
import type { LabImage, Superpixels } from './slic.ts';
import { settleWalls } from './settle.ts';
import { WALL_THRESHOLD } from './wall-mask.ts';

/**
 * A 8x8 grid of 6x6-pixel superpixels: two rows of white ceiling (which the classifier called wall and the vetoes
 * took), five rows of beige wall with a picture on it, a row of floor. The classifier left one block of the wall
 * out, and the vetoes missed one block of the ceiling.
 */
const BLOCK = 6;
const GRID = 8;
const SIZE = BLOCK * GRID;
type Block = { l: number; a: number; b: number; probability: number; classified: boolean; vetoed: boolean };
const CEILING: Block = { l: 95, a: 0, b: 1, probability: 0.6, classified: true, vetoed: false };
const WALL: Block = { l: 75, a: 4, b: 12, probability: 0.8, classified: true, vetoed: true };
const FLOOR: Block = { l: 45, a: 10, b: 28, probability: 0.05, classified: false, vetoed: false };
const ISLAND = { row: 4, column: 3 };
const STRAY = { row: 1, column: 4 };
const PICTURE = { row: 3, column: 6 };

function blockAt(row: number, column: number): Block {
  if (row === ISLAND.row && column === ISLAND.column) return { ...WALL, probability: 0.2, classified: false, vetoed: false };
  if (row === STRAY.row && column === STRAY.column) return { ...CEILING, probability: 0.5, vetoed: true };
  if (row === PICTURE.row && column === PICTURE.column) {
    return { l: 30, a: 20, b: -10, probability: 0.1, classified: false, vetoed: false };
  }
  return row < 2 ? CEILING : row < 7 ? WALL : FLOOR;
}

function room() {
  const labels = new Int32Array(SIZE * SIZE);
  const lab = {
    width: SIZE,
    height: SIZE,
    l: new Float32Array(SIZE * SIZE),
    a: new Float32Array(SIZE * SIZE),
    b: new Float32Array(SIZE * SIZE),
  };
  const classified = new Uint8Array(SIZE * SIZE);
  const vetoed = new Uint8Array(SIZE * SIZE);
  const probabilities = new Float32Array(GRID * GRID);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const row = Math.floor(y / BLOCK);
      const column = Math.floor(x / BLOCK);
      const block = blockAt(row, column);
      const i = y * SIZE + x;
      labels[i] = row * GRID + column;
      // A little texture, so that the blocks are not flat colours.
      lab.l[i] = block.l + ((x * 7 + y * 3) % 5) - 2;
      lab.a[i] = block.a;
      lab.b[i] = block.b;
      classified[i] = block.classified ? 1 : 0;
      vetoed[i] = block.vetoed ? 1 : 0;
      probabilities[row * GRID + column] = block.probability;
    }
  }
  const superpixels: Superpixels = { width: SIZE, height: SIZE, labels, count: GRID * GRID };
  return { analysis: { lab: lab as LabImage, superpixels }, probabilities, classified, vetoed };
}

const blockShare = (mask: Uint8Array, row: number, column: number): number => {
  let on = 0;
  for (let y = row * BLOCK; y < (row + 1) * BLOCK; y++)
    for (let x = column * BLOCK; x < (column + 1) * BLOCK; x++) on += mask[y * SIZE + x]!;
  return on / (BLOCK * BLOCK);
};

describe('settleWalls', () => {
  const { analysis, probabilities, classified, vetoed } = room();
  const settled = settleWalls(analysis, probabilities, WALL_THRESHOLD, classified, vetoed);

  it("closes an island of the wall's own colour that the classifier left out", () => {
    expect(blockShare(vetoed, ISLAND.row, ISLAND.column)).toBe(0);
    expect(blockShare(settled, ISLAND.row, ISLAND.column)).toBe(1);
  });

  it('takes off a block of ceiling the vetoes missed, amid the ceiling they took', () => {
    expect(blockShare(vetoed, STRAY.row, STRAY.column)).toBe(1);
    expect(blockShare(settled, STRAY.row, STRAY.column)).toBe(0);
  });

  it('leaves a picture of another colour on the wall, the floor and what the vetoes took', () => {
    expect(blockShare(settled, PICTURE.row, PICTURE.column)).toBe(0);
    for (let column = 0; column < GRID; column++) {
      expect(blockShare(settled, 7, column)).toBe(0);
      for (const row of [0, 1]) expect(blockShare(settled, row, column)).toBe(0);
      for (const row of [2, 5, 6]) expect(blockShare(settled, row, column)).toBe(1);
    }
  });

  it("adds no wall where it is told not to (a floor-standing piece's box), and still takes the stray ceiling off", () => {
    const box = new Uint8Array(SIZE * SIZE);
    for (let y = ISLAND.row * BLOCK; y < (ISLAND.row + 1) * BLOCK; y++) {
      for (let x = ISLAND.column * BLOCK; x < (ISLAND.column + 1) * BLOCK; x++) box[y * SIZE + x] = 1;
    }
    const held = settleWalls(analysis, probabilities, WALL_THRESHOLD, classified, vetoed, box);
    expect(blockShare(held, ISLAND.row, ISLAND.column)).toBe(0);
    expect(blockShare(held, STRAY.row, STRAY.column)).toBe(0);
    expect(blockShare(held, 5, 3)).toBe(1);
  });
});
