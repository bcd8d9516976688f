import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { decodeImage } from '../image.ts';
import { FIXTURES_DIR } from '../testing/fixtures.ts';
import { boxShare } from '../testing/mask-share.ts';
import { wallMaterialMask } from './change-material.ts';

describe('wall cabinets made like the base cabinets', () => {
  it("keeps a listing kitchen's wooden wall cabinets off the wall, and paints the wall beside them", async () => {
    // furnished_houses_175_kitchen (1024x768): oak wall cabinets over white walls; the classifier called the
    // cabinets wall and they were painted whole.
    const image = await decodeImage(await readFile(`${FIXTURES_DIR}/furnished_houses_175_kitchen.jpg`));
    const { mask } = await wallMaterialMask(image);
    expect(boxShare(mask, 21, 85, 117, 320)).toBeLessThan(0.05);
    expect(boxShare(mask, 160, 128, 395, 277)).toBeLessThan(0.05);
    // The white wall right of the refrigerator.
    expect(boxShare(mask, 725, 341, 789, 533)).toBeGreaterThan(0.6);
  });

  it('leaves the wall of a kitchen whose cabinets are another colour than its walls', async () => {
    // furnished_houses_120_kitchen (1024x681): oak cabinets, beige walls.
    const image = await decodeImage(await readFile(`${FIXTURES_DIR}/furnished_houses_120_kitchen.jpg`));
    const { mask } = await wallMaterialMask(image);
    expect(boxShare(mask, 523, 117, 640, 245)).toBeLessThan(0.05);
    expect(boxShare(mask, 21, 64, 149, 267)).toBeGreaterThan(0.8);
  });
});
