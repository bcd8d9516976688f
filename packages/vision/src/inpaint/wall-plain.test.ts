import { describe, expect, it } from 'vitest';
import { createImage, type RgbImage } from '../image.ts';
import { boxMask } from '../mask.ts';
import { decodeRoomLabels, encodeLabels } from '../room/labels.ts';
import { ROOM_LABEL, type RoomModel } from '../room/types.ts';
import { wallAndFloorModel } from '../testing/wall-and-floor-model.ts';
import { inpaintDecoded } from './index.ts';
import { fillPlainWalls } from './wall-plain.ts';

const W = 240;
const H = 160;
const JUNCTION = 90;
/** The removed piece: a sofa across the wall's foot and the floor. */
const SOFA = { x0: 60, y0: 50, x1: 180, y1: 140 };
/** A dark picture hanging on the wall just above the sofa. */
const PICTURE = { x0: 100, y0: 20, x1: 140, y1: 44 };

/** The wall's light: brighter toward the window on the left and toward the ceiling. */
const wallLight = (x: number, y: number): number => 232 - (50 * x) / W - (20 * y) / JUNCTION;

function scene(wall: (x: number, y: number) => number = wallLight): RgbImage {
  const image = createImage(W, H);
  let seed = 7;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const n = ((seed >>> 24) % 5) - 2;
      let v: number[];
      if (y >= JUNCTION) v = y % 8 < 1 ? [90, 55, 30] : [150, 100, 60];
      else if (x >= PICTURE.x0 && x < PICTURE.x1 && y >= PICTURE.y0 && y < PICTURE.y1) v = [40, 60, 90];
      else {
        const l = wall(x, y);
        v = [l, l - 3, l - 8];
      }
      if (x >= SOFA.x0 && x < SOFA.x1 && y >= SOFA.y0 && y < SOFA.y1) v = [200, 20, 30];
      image.data.set([v[0]! + n, v[1]! + n, v[2]! + n], (y * W + x) * 3);
    }
  return image;
}

/** The room model of that scene: one wall above the junction, the floor below, the sofa an object. */
function model(): RoomModel {
  return wallAndFloorModel({
    width: W,
    height: H,
    junction: JUNCTION,
    object: [SOFA.x0, SOFA.y0, SOFA.x1, SOFA.y1],
    focalPx: 200,
  });
}

/** Mean absolute error (red channel) against the wall's true light over the sofa's wall part, and its darkest pixel. */
function wallError(out: RgbImage): { error: number; darkest: number } {
  let error = 0;
  let n = 0;
  let darkest = 255;
  for (let y = SOFA.y0; y < JUNCTION - 2; y++)
    for (let x = SOFA.x0; x < SOFA.x1; x++) {
      const r = out.data[(y * W + x) * 3]!;
      error += Math.abs(r - wallLight(x, y));
      darkest = Math.min(darkest, r);
      n++;
    }
  return { error: error / n, darkest };
}

const hole = () => boxMask(W, H, [SOFA.x0, SOFA.y0, SOFA.x1, SOFA.y1]);

describe('fillPlainWalls', () => {
  it('fills a painted wall behind a removed piece with the wall’s own light, and never the picture’s colour', () => {
    const filled = fillPlainWalls(scene(), hole(), model());
    expect(filled).not.toBeNull();
    const { error, darkest } = wallError(filled!.image);
    expect(error).toBeLessThan(4);
    expect(darkest).toBeGreaterThan(150);
    // The floor's part of the hole is left for the floor's own fill.
    expect(filled!.rest.data[120 * W + 100]).toBe(255);
    expect(filled!.rest.data[70 * W + 100]).toBe(0);
  });

  it('does better on that wall than the exemplar fill alone', () => {
    const plain = wallError(inpaintDecoded(scene(), hole()));
    const guided = wallError(inpaintDecoded(scene(), hole(), { room: model() }));
    expect(guided.error).toBeLessThan(plain.error - 1);
  });

  it('fills the wall all the same where the layout runs its ceiling down over it', () => {
    // The layout's ceiling ends at row 70, inside the sofa's span (50-140): a wall photographed without its ceiling
    // (furnished_houses_163) was filled in two bands, the upper one by the exemplar fill as blotches.
    const low = wallAndFloorModel({
      width: W,
      height: H,
      junction: JUNCTION,
      object: [SOFA.x0, SOFA.y0, SOFA.x1, SOFA.y1],
      focalPx: 200,
      ceilingTo: 70,
    });
    const filled = fillPlainWalls(scene(), hole(), low);
    expect(filled).not.toBeNull();
    expect(filled!.rest.data[55 * W + 100]).toBe(0);
    const { error, darkest } = wallError(filled!.image);
    expect(error).toBeLessThan(4);
    expect(darkest).toBeGreaterThan(150);
  });

  it('carries the wall down over the floor too far for the floor fill, to where the near floor begins', () => {
    const image = scene();
    const hole = boxMask(W, H, [SOFA.x0, SOFA.y0, SOFA.x1, SOFA.y1]);
    // The floor rows of the hole from the junction to row 110 lie beyond the floor fill's reach; the rest of the
    // hole's floor, below, has been filled already (it is no longer in the hole).
    const farFloor = new Uint8Array(W * H);
    for (let y = JUNCTION; y < SOFA.y1; y++)
      for (let x = SOFA.x0; x < SOFA.x1; x++) {
        if (y < 110) farFloor[y * W + x] = 1;
        else hole.data[y * W + x] = 0;
      }
    const plain = fillPlainWalls(image, hole, model())!;
    const carried = fillPlainWalls(image, hole, model(), farFloor)!;
    for (let y = JUNCTION; y < 110; y++)
      for (let x = SOFA.x0 + 5; x < SOFA.x1 - 5; x += 10) {
        expect(plain.rest.data[y * W + x], `row ${y}`).toBe(255);
        expect(carried.rest.data[y * W + x], `row ${y}`).toBe(0);
        // The wall's pale light, not the floor's brown.
        const [r, , b] = [carried.image.data[(y * W + x) * 3]!, 0, carried.image.data[(y * W + x) * 3 + 2]!];
        expect(r - b, `row ${y}`).toBeLessThan(20);
        expect(r, `row ${y}`).toBeGreaterThan(160);
      }
  });

  it('keeps the corner of two walls behind the piece where the photo shows it, each wall in its own light', () => {
    // Two walls meet at column 160: the left one faces the window (pale), the right one does not (darker). The
    // layout puts their corner at column 140, 20 px off, as layouts often are.
    const [photoCorner, layoutCorner] = [160, 140];
    const light = (x: number, y: number): number => (x < photoCorner ? 226 - (8 * y) / JUNCTION : 186 - (8 * y) / JUNCTION);
    const twoWalls = model();
    const [wall] = twoWalls.walls;
    const side = (x0: number, x1: number) => ({
      ...wall!,
      polygon: [
        [x0, 0],
        [x1, 0],
        [x1, JUNCTION],
        [x0, JUNCTION],
      ] as [number, number][],
    });
    const room = { ...twoWalls, walls: [side(0, layoutCorner), { ...side(layoutCorner, W), axis: 'x' as const }] };
    const filled = fillPlainWalls(scene(light), hole(), room);
    expect(filled).not.toBeNull();
    // Mean error against each wall's true light over the hole's wall part, left and right of the corner.
    const error = (x0: number, x1: number): number => {
      let sum = 0;
      let n = 0;
      for (let y = SOFA.y0; y < JUNCTION - 2; y++)
        for (let x = x0; x < x1; x++) {
          sum += Math.abs(filled!.image.data[(y * W + x) * 3]! - light(x, y));
          n++;
        }
      return sum / n;
    };
    // Measured: 1.7, 1.2 and 1.4 at the corner; one membrane across both walls made the corner a ramp: 5.6, 8.6, 17.3.
    expect(error(SOFA.x0, photoCorner)).toBeLessThan(3);
    expect(error(photoCorner, SOFA.x1)).toBeLessThan(3);
    // Right at the corner, the step is there: no ramp between the two lights.
    expect(error(photoCorner - 6, photoCorner + 6)).toBeLessThan(4);
  });

  it('fills the wall of a piece that stands under a window, the window being no source of its light', () => {
    // A window across the top of the sofa's span (rows 30-50, the room model's opening): the wall shows only at the
    // sofa's sides. Counted as furniture, the window left most of the ring unlike the wall and the fill refused.
    const WINDOW = { x0: 40, y0: 30, x1: 200, y1: 50 };
    const image = scene();
    for (let y = WINDOW.y0; y < WINDOW.y1; y++)
      for (let x = WINDOW.x0; x < WINDOW.x1; x++) image.data.set([150, 190, 235], (y * W + x) * 3);
    const room = model();
    const labels = decodeRoomLabels(room);
    const { width: lw } = room.labels;
    for (let y = WINDOW.y0 / 2; y < WINDOW.y1 / 2; y++)
      for (let x = WINDOW.x0 / 2; x < WINDOW.x1 / 2; x++) labels[y * lw + x] = ROOM_LABEL.opening;
    const filled = fillPlainWalls(image, hole(), { ...room, labels: { ...room.labels, data: encodeLabels(labels) } });
    expect(filled).not.toBeNull();
    const { error } = wallError(filled!.image);
    expect(error).toBeLessThan(6);
    // Not the window's blue.
    for (let y = SOFA.y0; y < JUNCTION - 2; y += 6)
      for (let x = SOFA.x0; x < SOFA.x1; x += 10) {
        const p = (y * W + x) * 3;
        expect(filled!.image.data[p + 2]! - filled!.image.data[p]!, `(${x}, ${y})`).toBeLessThan(5);
      }
  });

  it('takes no light from a blown-out window the room model calls wall, whose foot the removed piece hid', () => {
    // A framed window of blown-out glass (255) on the right, its frame open at the bottom where the sofa hides it:
    // the glass is flat and reached from the hole's rim. It carried its white over the wall behind the removed bed
    // (furnished_houses_152, _163: a white slab on a grey or cream wall). Measured under the glass: 22.6 mean error
    // and up to 245 with the glass a source of the wall's light; 2.4 and up to 192 without.
    const GLASS = { x0: 150, y0: 10, x1: 178 };
    const image = scene();
    // Frame and glass down to the sofa's top, which hides the window's foot.
    for (let y = GLASS.y0 - 2; y < SOFA.y0; y++)
      for (let x = GLASS.x0 - 2; x < GLASS.x1 + 2; x++) {
        const glass = y >= GLASS.y0 && x >= GLASS.x0 && x < GLASS.x1;
        image.data.set(glass ? [255, 255, 255] : [90, 80, 70], (y * W + x) * 3);
      }
    const filled = fillPlainWalls(image, hole(), model());
    expect(filled).not.toBeNull();
    const under = { error: 0, brightest: 0, n: 0 };
    for (let y = SOFA.y0; y < JUNCTION - 2; y++)
      for (let x = GLASS.x0; x < GLASS.x1; x++) {
        const r = filled!.image.data[(y * W + x) * 3]!;
        under.error += Math.abs(r - wallLight(x, y));
        under.brightest = Math.max(under.brightest, r);
        under.n++;
      }
    expect(under.error / under.n).toBeLessThan(6);
    expect(under.brightest).toBeLessThan(215);
  });

  it('leaves a patterned wall (wallpaper stripes) to the exemplar fill, which copies its pattern', () => {
    const striped = scene((x, y) => (x % 12 < 6 ? 220 : 170) - (10 * y) / JUNCTION);
    expect(fillPlainWalls(striped, hole(), model())).toBeNull();
  });
});
