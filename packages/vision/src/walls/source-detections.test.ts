import { describe, expect, it, vi } from 'vitest';
import { decodeImage } from '../image.ts';
import { roomModel } from '../room/index.ts';
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
});
