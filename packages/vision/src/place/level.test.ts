import { describe, expect, it } from 'vitest';
import { levelSprite } from './level.ts';

/**
 * A camera 140 cm up, 380 cm from a piece, looking 15 degrees down, images two vertical posts 80 cm apart and
 * 150 cm tall standing either side of the footprint centre: their images converge toward the floor. Levelled,
 * they must stand upright, and the figures placement reads must follow.
 */
const PITCH = 15;
const HEIGHT = 140;
const DISTANCE = 380;
const F = 700;
const PX = 210;
const PY = 90;
const SIZE = 420;

const t = (PITCH * Math.PI) / 180;
/** Pixel of a point `lateral` cm right, `up` cm above the floor, `ahead` cm in front of the camera. */
function project(lateral: number, up: number, ahead: number): [number, number] {
  const y = up - HEIGHT;
  const camUp = y * Math.cos(t) + ahead * Math.sin(t);
  const depth = -y * Math.sin(t) + ahead * Math.cos(t);
  return [PX + (F * lateral) / depth, PY - (F * camUp) / depth];
}

function pitchedPosts(): { rgba: Uint8Array; contact: { x: number; y: number }; pxPerCm: number } {
  const rgba = new Uint8Array(SIZE * SIZE * 4);
  for (const lateral of [-40, 40]) {
    for (let up = 0; up <= 150; up += 0.05) {
      const [u, v] = project(lateral, up, DISTANCE);
      for (let dx = -1; dx <= 1; dx++) {
        const x = Math.round(u) + dx;
        const y = Math.round(v);
        if (x >= 0 && y >= 0 && x < SIZE && y < SIZE) rgba.set([200, 60, 40, 255], (y * SIZE + x) * 4);
      }
    }
  }
  const contact = project(0, 0, DISTANCE);
  const right = project(10, 0, DISTANCE);
  return { rgba, contact: { x: contact[0], y: contact[1] }, pxPerCm: (right[0] - contact[0]) / 10 };
}

/** Mean column of the opaque pixels of a row, left of `split` or right of it. */
function postColumn(rgba: Uint8Array, width: number, row: number, left: boolean, split: number): number {
  let sum = 0;
  let n = 0;
  for (let x = 0; x < width; x++) {
    if (left !== x < split) continue;
    if (rgba[(row * width + x) * 4 + 3]! > 128) ((sum += x), (n += 1));
  }
  return n ? sum / n : NaN;
}

function rowsOfPost(rgba: Uint8Array, width: number, height: number): [number, number] {
  let top = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (rgba[(y * width + x) * 4 + 3]! > 128) {
        if (top < 0) top = y;
        bottom = y;
        break;
      }
    }
  }
  return [top, bottom];
}

describe('levelSprite', () => {
  it('stands the verticals of a pitched render upright and moves the contact and scale with them', () => {
    const posts = pitchedPosts();
    const sprite = { width: SIZE, height: SIZE, shadow: null, ...posts };
    // Before: the posts lean in toward the floor (the camera looks down on them).
    const [top0, bottom0] = rowsOfPost(sprite.rgba, SIZE, SIZE);
    const split0 = posts.contact.x;
    const spreadTop0 = postColumn(sprite.rgba, SIZE, top0 + 2, false, split0) - postColumn(sprite.rgba, SIZE, top0 + 2, true, split0);
    const spreadBottom0 =
      postColumn(sprite.rgba, SIZE, bottom0 - 2, false, split0) - postColumn(sprite.rgba, SIZE, bottom0 - 2, true, split0);
    expect(spreadTop0 - spreadBottom0).toBeGreaterThan(6);

    const level = levelSprite(sprite, { pitchDeg: PITCH, heightCm: HEIGHT, distanceCm: DISTANCE });
    const [top, bottom] = rowsOfPost(level.rgba, level.width, level.height);
    const split = level.contact.x;
    for (const left of [true, false]) {
      const atTop = postColumn(level.rgba, level.width, top + 2, left, split);
      const atBottom = postColumn(level.rgba, level.width, bottom - 2, left, split);
      // Within the one pixel the posts were rounded to when drawn; before, each leaned over three.
      expect(Math.abs(atTop - atBottom), left ? 'left post' : 'right post').toBeLessThanOrEqual(1);
    }
    // The contact stays on the floor between the posts' feet, and the scale becomes the level camera's:
    // f / distance, where the pitched camera had f / (D cos t + H sin t).
    const feetLeft = postColumn(level.rgba, level.width, bottom - 1, true, split);
    const feetRight = postColumn(level.rgba, level.width, bottom - 1, false, split);
    expect(Math.abs(level.contact.x - (feetLeft + feetRight) / 2)).toBeLessThan(1);
    expect(Math.abs(level.contact.y - bottom)).toBeLessThan(2);
    expect(level.pxPerCm).toBeCloseTo(F / DISTANCE, 2);
    expect(Math.abs(feetRight - feetLeft - 80 * level.pxPerCm)).toBeLessThan(2);
  });

  it('leaves a sprite rendered level untouched', () => {
    const sprite = { width: SIZE, height: SIZE, shadow: null, ...pitchedPosts() };
    expect(levelSprite(sprite, { pitchDeg: 0, heightCm: HEIGHT, distanceCm: DISTANCE })).toBe(sprite);
  });
});
