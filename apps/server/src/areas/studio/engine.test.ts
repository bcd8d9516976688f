import { isVisionError } from '@stagecraft/vision';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readRoomFixture } from '../../../test/studio.ts';
import { createStudioEngine, warmUpEngine } from './engine.ts';

describe('the in-process studio engine', () => {
  it('refuses work after close instead of starting new worker threads that would keep the process alive', async () => {
    const engine = createStudioEngine({ size: 1 });
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a98' } })
      .jpeg()
      .toBuffer();
    const job = { priority: 'normal' as const };
    const fitted = await engine.fitJpeg(new Uint8Array(photo), 32, job);
    expect((await sharp(fitted).metadata()).width).toBe(32);
    await engine.close();
    // A late call (a room model a request started in the background) fails instead of reopening the pool.
    const late = await engine.fitJpeg(new Uint8Array(photo), 32, job).catch((error: unknown) => error);
    expect(isVisionError(late) && late.code).toBe('worker_failed');
    expect(process.getActiveResourcesInfo().filter((resource) => resource === 'MessagePort')).toEqual([]);
  });

  it('warms every thread up: each runs a wall change, so the models are loaded before a user needs them', async () => {
    const engine = createStudioEngine({ size: 2 });
    const calls: string[] = [];
    const counting = {
      ...engine,
      changeWallMaterial: (...args: Parameters<typeof engine.changeWallMaterial>) => {
        calls.push(args[1]);
        return engine.changeWallMaterial(...args);
      },
    };
    const info: object[] = [];
    const warned: object[] = [];
    try {
      await warmUpEngine(counting, 2, { info: (object) => info.push(object), warn: (object) => warned.push(object) });
      expect(calls).toEqual(['white_paint', 'white_paint']);
      expect(warned).toEqual([]);
      expect(info).toEqual([expect.objectContaining({ threads: 2 })]);
      // The warmed pool still takes work: a detection (both halves, one per thread) of a plain wall finds nothing.
      const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c8beb0' } })
        .jpeg()
        .toBuffer();
      expect(await engine.detectObjects(new Uint8Array(photo), { priority: 'normal' })).toEqual([]);
    } finally {
      await engine.close();
    }
  });

  it("paints a room model's own photo from the segmentation the model was built on, as it would from scratch", async () => {
    const engine = createStudioEngine({ size: 2 });
    try {
      const photo = new Uint8Array(await readRoomFixture('furnished_houses_103_bedroom.jpg'));
      const job = { priority: 'normal' as const };
      const model = await engine.roomModel(photo, job);
      const reusing = await engine.changeWallMaterial(photo, 'sage_green_paint', model, [], job);
      // The same model read back (a copy, as from the database) has no segmentation kept beside it.
      const fresh = await engine.changeWallMaterial(photo, 'sage_green_paint', structuredClone(model), [], job);
      expect(Buffer.compare(reusing, fresh)).toBe(0);
      expect(Buffer.compare(reusing, Buffer.from(photo))).not.toBe(0);
    } finally {
      await engine.close();
    }
  });
});
