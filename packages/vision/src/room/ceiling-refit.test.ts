import { describe, expect, it } from 'vitest';
import { cameraPose } from './camera.ts';
import { refitBoxCeiling } from './ceiling-refit.ts';
import { FACE, rayGrid, renderFaces, type BoxLayout } from './layout.ts';

const W = 480;
const H = 320;
// A camera 35 degrees off the room's axes, looking 3 degrees down: two walls in view, each wall's top running to
// its own vanishing point.
const grid = rayGrid(cameraPose((3 * Math.PI) / 180, 0, (35 * Math.PI) / 180), 300, W, H, W, H);
const room: BoxLayout = { left: 2.2, right: 2.8, back: 0.5, front: 4.2, ceiling: 0.95, eye: 1.45 };

/** The analysis parts the refit reads: a CIE Lab photo of `room` whose ceiling and walls differ by about 3 ΔE. */
function photo(ceilingLab: [number, number, number], wallLab: [number, number, number]) {
  const faces = renderFaces(grid, room);
  const l = new Float32Array(W * H);
  const a = new Float32Array(W * H);
  const b = new Float32Array(W * H);
  for (let i = 0; i < faces.length; i++) {
    const [pl, pa, pb] = faces[i] === FACE.ceiling ? ceilingLab : wallLab;
    l[i] = pl;
    a[i] = pa;
    b[i] = pb;
  }
  return { work: { data: new Uint8Array(W * H * 3), width: W, height: H }, lab: { width: W, height: H, l, a, b } };
}
const noBoxes = new Uint8Array(W * H);

describe('refitBoxCeiling', () => {
  const faint = photo([90, 0, 2], [87, 1, 4]);

  it('finds the ceiling height the photo shows where the fitted box put it too high or too low', () => {
    for (const fitted of [1.65, 0.7]) {
      const refit = refitBoxCeiling(faint, grid, { ...room, ceiling: fitted }, noBoxes);
      expect(refit).not.toBeNull();
      expect(Math.abs(refit! - room.ceiling) / room.ceiling).toBeLessThan(0.04);
    }
  });

  it('keeps the fitted height when the photo shows its edge, or shows no junction at all', () => {
    expect(refitBoxCeiling(faint, grid, room, noBoxes)).toBeNull();
    expect(refitBoxCeiling(photo([87, 1, 4], [87, 1, 4]), grid, { ...room, ceiling: 1.65 }, noBoxes)).toBeNull();
  });

  it('does not take a junction that runs through detected pieces', () => {
    // A wardrobe's box over most of the frame's width, reaching above the ceiling's edge.
    const wardrobes = new Uint8Array(W * H);
    for (let y = 0; y < H; y++) for (let x = 20; x < W - 20; x++) wardrobes[y * W + x] = 1;
    expect(refitBoxCeiling(faint, grid, { ...room, ceiling: 1.65 }, wardrobes)).toBeNull();
  });
});
