import { describe, expect, it, vi } from 'vitest';
import { decodeImage } from '../image.ts';
import { maskArea } from '../mask.ts';
import { roomCenterNetHalf, roomModel, roomModelWithWallsFromHalves, roomNanoDetHalf } from '../room/index.ts';
import { readFixture } from '../testing/fixtures.ts';
import { detectionsOfSource, wallMaterialMask } from './change-material.ts';

// The real detector, counted: a wall change handed a room model of the same photo must not run it again.
vi.mock('../detect/detect.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../detect/detect.ts')>();
  return { ...real, detectObjects: vi.fn(real.detectObjects) };
});
const { detectObjects } = await import('../detect/detect.ts');

describe("the room model's detections", () => {
  it('are reused by a wall change on the very photo the model was made from, and only there', async () => {
    const photo = await decodeImage(await readFixture('furnished_houses_101_bedroom.jpg'));
    const model = await roomModel(photo);
    expect(model.source?.detections.length).toBeGreaterThan(0);
    expect(detectionsOfSource(model, photo)).toEqual(model.source?.detections);
    // One pixel changed (an edit) makes it another photo; a model stored before it kept its source has none.
    const edited = { ...photo, data: Uint8Array.from(photo.data) };
    edited.data[0] = (edited.data[0]! + 1) % 256;
    expect(detectionsOfSource(model, edited)).toBeNull();
    expect(detectionsOfSource({ ...model, source: undefined }, photo)).toBeNull();

    vi.mocked(detectObjects).mockClear();
    const reused = await wallMaterialMask(photo, { room: model });
    expect(detectObjects).not.toHaveBeenCalled();
    await wallMaterialMask(edited, { room: model });
    expect(detectObjects).toHaveBeenCalledTimes(1);
    // Reusing changes nothing but the time: the same mask as with the detections handed over.
    const given = await wallMaterialMask(photo, { room: model, detections: model.source!.detections });
    expect(Buffer.from(reused.mask.data).equals(Buffer.from(given.mask.data))).toBe(true);
  });

  it("reuses the wall segmentation the model was built on for the model's own photo, the same mask sooner", async () => {
    const photo = await decodeImage(await readFixture('furnished_houses_101_bedroom.jpg'));
    const { model, walls } = await roomModelWithWallsFromHalves(
      await roomCenterNetHalf(photo, true),
      await roomNanoDetHalf(photo, true),
    );
    expect(walls.analysis.deep.length).toBe(0);
    const segmented = await wallMaterialMask(photo, { room: model });
    const reused = await wallMaterialMask(photo, { room: model, walls });
    expect(maskArea(reused.mask)).toBeGreaterThan(0.1 * photo.width * photo.height);
    expect(Buffer.from(reused.mask.data).equals(Buffer.from(segmented.mask.data))).toBe(true);

    // It is read on the model's photo (a segmentation that calls nothing wall paints nothing), and only there.
    const noWall = {
      ...walls,
      probabilities: new Float32Array(walls.probabilities.length),
      workWall: new Uint8Array(walls.workWall.length),
    };
    expect(maskArea((await wallMaterialMask(photo, { room: model, walls: noWall })).mask)).toBe(0);
    const edited = { ...photo, data: Uint8Array.from(photo.data) };
    edited.data[0] = (edited.data[0]! + 1) % 256;
    const onEdited = await wallMaterialMask(edited, { room: model, walls: noWall });
    expect(maskArea(onEdited.mask)).toBeGreaterThan(0.1 * photo.width * photo.height);
  });
});
