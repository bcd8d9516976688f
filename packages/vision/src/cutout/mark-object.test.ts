import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { iou } from '../detect/boxes.ts';
import { VisionError } from '../errors.ts';
import { maskArea, maskBBox } from '../mask.ts';
import { readFixture } from '../testing/fixtures.ts';
import { markObject, objectMask } from './mark-object.ts';

/** A real armchair product photo laid on a plain wall-and-floor backdrop at a known place. */
let scene: Buffer;
const chairBox: [number, number, number, number] = [300, 180, 0, 0];

beforeAll(async () => {
  const chair = await sharp(await readFixture('furniture/furni_sofa.png'))
    .resize({ width: 260 })
    .png()
    .toBuffer();
  const { width = 0, height = 0 } = await sharp(chair).metadata();
  chairBox[2] = chairBox[0] + width;
  chairBox[3] = chairBox[1] + height;
  const backdrop = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#e9e4dc' } })
    .composite([
      { input: { create: { width: 900, height: 240, channels: 3, background: '#b89a74' } }, top: 360, left: 0 },
      { input: chair, top: chairBox[1], left: chairBox[0] },
    ])
    .png()
    .toBuffer();
  scene = backdrop;
});

describe('markObject', () => {
  it('turns a click on the armchair into a box that hugs it, not a fixed square', async () => {
    const clickX = Math.round((chairBox[0] + chairBox[2]) / 2);
    const clickY = Math.round(chairBox[1] + (chairBox[3] - chairBox[1]) * 0.55);
    const detection = await markObject(scene, clickX, clickY, 'armchair');
    expect(detection.class_name).toBe('armchair');
    expect(detection.confidence).toBe(1);
    expect(iou(detection.bbox, chairBox)).toBeGreaterThan(0.75);
  }, 60_000);

  it('refuses a point outside the photo', async () => {
    await expect(markObject(scene, 5000, 10, 'lamp')).rejects.toBeInstanceOf(VisionError);
  });
});

describe('objectMask', () => {
  it('covers the armchair inside its box but not the backdrop around it', async () => {
    const mask = await objectMask(scene, chairBox);
    const boxArea = (chairBox[2] - chairBox[0]) * (chairBox[3] - chairBox[1]);
    const area = maskArea(mask);
    // An armchair fills much of its box but not all of it (legs, curved back), and little spills outside.
    expect(area).toBeGreaterThan(boxArea * 0.45);
    expect(area).toBeLessThan(boxArea * 1.1);
    expect(mask.data[10 * mask.width + 10]).toBe(0);
    // Its extent is the armchair's, inside the box (the box is the product photo's, transparent margin included).
    expect(iou(maskBBox(mask)!, chairBox)).toBeGreaterThan(0.75);
  }, 60_000);
});
