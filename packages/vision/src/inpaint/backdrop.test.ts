import { describe, expect, it } from 'vitest';
import type { Box, Mask } from '../mask.ts';
import { fixtureAt960 } from '../testing/fixtures.ts';
import { boxShare } from '../testing/mask-share.ts';
import { removalMask, removeObjects } from './index.ts';

const covered = (mask: Mask, [x0, y0, x1, y1]: Box): number => boxShare(mask, x0, y0, x1, y1);

// The detector's box for the bed of `furnished_houses_143_bedroom` at 960 px: seen at an angle, it takes in the wall
// above the bed's foot, where three pictures hang across its top edge (their tops 60 px above it).
const BED: Box = [361, 286, 839, 635];
/** The three pictures' parts inside the bed's box. */
const PICTURES: readonly Box[] = [
  [640, 294, 666, 340],
  [690, 294, 722, 340],
  [748, 294, 790, 340],
];

describe("a box removal's backdrop", () => {
  it("keeps the pictures a bed's box cuts across, and takes the lamp standing inside the box", async () => {
    const image = await fixtureAt960('furnished_houses_143_bedroom.jpg');
    const hole = await removalMask(image, BED);
    // The pictures' parts inside the box stay as they are (before: cut in two by the box's top edge).
    for (const picture of PICTURES) expect(covered(hole, picture)).toBeLessThan(0.02);
    // The nightstand lamp wholly inside the box goes with the bed, and so do the bed and its pillows.
    expect(covered(hole, [552, 308, 576, 372])).toBe(1);
    expect(covered(hole, [380, 310, 560, 400])).toBe(1);
    expect(covered(hole, [420, 400, 820, 630])).toBe(1);
  });

  it('leaves those pictures byte for byte as they were when the room is emptied', async () => {
    const image = await fixtureAt960('furnished_houses_143_bedroom.jpg');
    const emptied = await removeObjects(image, [BED]);
    for (const [x0, y0, x1, y1] of PICTURES)
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++)
          for (let c = 0; c < 3; c++)
            expect(emptied.data[(y * image.width + x) * 3 + c]).toBe(image.data[(y * image.width + x) * 3 + c]);
    // The bed itself is gone: its duvet's dusky mauve no longer fills the middle of the box.
    let changed = 0;
    for (let y = 420; y < 600; y++)
      for (let x = 520; x < 800; x++) {
        const i = (y * image.width + x) * 3;
        if (Math.abs(emptied.data[i]! - image.data[i]!) + Math.abs(emptied.data[i + 1]! - image.data[i + 1]!) > 20) changed++;
      }
    expect(changed / (180 * 280)).toBeGreaterThan(0.5);
  });
});
