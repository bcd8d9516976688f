import { STUDIO_ROUTES, type ResultImageResponse } from '@stagecraft/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, engineSuiteKinds } from '../../../test/test-app.ts';
import { dataUrl, openSession, rgbPixels, roomPhoto, studioUser } from '../../../test/studio.ts';
import { createStudioEngine, type StudioEngine } from './engine.ts';

/** The real worker pool, keeping whether each removal was handed a room model, and how many models it made. */
function recordingEngine(): StudioEngine & { rooms: boolean[]; modelsMade: number } {
  const pool = createStudioEngine({ size: 1 });
  const engine = {
    ...pool,
    rooms: [] as boolean[],
    modelsMade: 0,
    removeObject(...args: Parameters<StudioEngine['removeObject']>) {
      engine.rooms.push(args[2] !== null);
      return pool.removeObject(...args);
    },
    roomModel(...args: Parameters<StudioEngine['roomModel']>) {
      engine.modelsMade++;
      return pool.roomModel(...args);
    },
  };
  return engine;
}

const engine = recordingEngine();
afterAll(() => engine.close());

/** Mean RGB over a box of an RGB raster. */
function meanColour(image: { data: Uint8Array; width: number }, [x1, y1, x2, y2]: number[]): number[] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = y1!; y < y2!; y++)
    for (let x = x1!; x < x2!; x++) {
      for (let c = 0; c < 3; c++) sum[c]! += image.data[(y * image.width + x) * 3 + c]!;
      n++;
    }
  return sum.map((value) => value / n);
}

const distance = (a: number[], b: number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

describeEachDatabase(
  "studio: a removal is guided by the room model, its session's or the posted photo's",
  (ctx) => {
    // A listing bedroom (olive walls, grey carpet) at 960x720, and its bed as the detector boxes it.
    let bedroomUrl: string;
    const bed = { id: 'bed', class_name: 'bed', bbox: [209, 327, 726, 698] as [number, number, number, number], confidence: 0.9 };
    beforeAll(async () => {
      bedroomUrl = dataUrl(await roomPhoto('sparse_houses_245_bedroom.jpg', 960));
    });

    async function expectCarpetUnderBed(url: string): Promise<void> {
      const after = await rgbPixels((await ctx().app.inject({ method: 'GET', url })).rawPayload);
      // The carpet beside the bed's foot, the wall above its headboard, and the floor where the bed stood.
      const carpet = meanColour(after, [20, 640, 140, 710]);
      const wall = meanColour(after, [300, 200, 650, 300]);
      const underBed = meanColour(after, [300, 640, 650, 690]);
      // Without the room model the wall's olive ran down over the whole hole (seen); guided, the floor continues.
      expect(distance(underBed, carpet)).toBeLessThan(distance(underBed, wall));
      expect(distance(underBed, carpet)).toBeLessThan(25);
    }

    it("fills the bed's floor with carpet, not with the wall's colour", async () => {
      const owner = await studioUser(ctx(), { credits: 5 });
      const sessionId = await openSession(owner, bedroomUrl);
      engine.rooms.length = 0;
      const removed = await owner.post(STUDIO_ROUTES.removeObject, {
        image_data: bedroomUrl,
        detection: bed,
        session_id: sessionId,
      });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(engine.rooms).toEqual([true]);
      const url = removed.json<ResultImageResponse>().result_image;
      await expectCarpetUnderBed(url);
    }, 180_000);

    it("guides an edit posted without a session by the photo's own model, made once for the photo", async () => {
      const owner = await studioUser(ctx(), { credits: 5 });
      engine.rooms.length = 0;
      engine.modelsMade = 0;
      const removed = await owner.post(STUDIO_ROUTES.removeObject, { image_data: bedroomUrl, detection: bed });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(engine.rooms).toEqual([true]);
      await expectCarpetUnderBed(removed.json<ResultImageResponse>().result_image);
      // A second edit of the same photo, without a session either, reuses its model; so do the two sessions the
      // edits started (each stores the model of its original, the same photo), instead of modelling it again.
      const walls = await owner.post(STUDIO_ROUTES.changeWallMaterial, { image_data: bedroomUrl, material_type: 'white_paint' });
      expect(walls.statusCode, walls.body).toBe(200);
      const sessions = [removed, walls].map((response) => response.json<ResultImageResponse>().session_id ?? 'none');
      expect(new Set(sessions).size).toBe(2);
      expect(sessions).not.toContain('none');
      const models = await Promise.all(
        sessions.map(async (id) => (await owner.get(STUDIO_ROUTES.sessionRoomModel(id))).json<{ room_model: object }>()),
      );
      expect(models[1]!.room_model).toEqual(models[0]!.room_model);
      expect(engine.modelsMade).toBe(1);
    }, 180_000);
  },
  { engine },
  engineSuiteKinds(),
);
