import { STUDIO_ROUTES, type ResultImageResponse } from '@stagecraft/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { designPlacements } from '../../db/schema.ts';
import { describeEachDatabase, engineSuiteKinds } from '../../../test/test-app.ts';
import { emptyRoomUrl, meanDifference, openSession, rgbPixels, studioUser } from '../../../test/studio.ts';
import { createStudioEngine, type StudioEngine } from './engine.ts';

/** The real worker pool, keeping the boxes of placed pieces each wall change was handed. */
function recordingEngine(): StudioEngine & { placedBoxes: number[][][] } {
  const pool = createStudioEngine({ size: 1 });
  const engine = {
    ...pool,
    placedBoxes: [] as number[][][],
    changeWallMaterial(...args: Parameters<StudioEngine['changeWallMaterial']>) {
      engine.placedBoxes.push(args[3].map((box) => [...box]));
      return pool.changeWallMaterial(...args);
    },
  };
  return engine;
}

const engine = recordingEngine();
afterAll(() => engine.close());

describeEachDatabase(
  'studio: new walls keep the pieces the session placed',
  (ctx) => {
    let roomUrl: string;
    beforeAll(async () => {
      roomUrl = await emptyRoomUrl(640, 424);
    });

    it("hands the engine the placed sofa's box, and the sofa comes back as it was while the walls change", async () => {
      const owner = await studioUser(ctx(), { credits: 5 });
      const sessionId = await openSession(owner, roomUrl);
      const sofa = await owner.post(STUDIO_ROUTES.placeThemedFurniture, {
        image_data: roomUrl,
        x: 320,
        y: 300,
        size_scale: 1,
        image_width: 640,
        image_height: 424,
        theme_key: 'japandi',
        furniture_item: 'sofa',
        session_id: sessionId,
      });
      expect(sofa.statusCode, sofa.body).toBe(200);
      const placed = sofa.json<ResultImageResponse>();
      const [row] = await ctx()
        .db.select({ pieces: designPlacements.pieces })
        .from(designPlacements)
        .where(eq(designPlacements.id, placed.placement_id ?? ''));
      const [fx1, fy1, fx2, fy2] = row?.pieces?.[0]?.box ?? [0, 0, 0, 0];

      engine.placedBoxes.length = 0;
      const walls = await owner.post(STUDIO_ROUTES.changeWallMaterial, {
        image_data: placed.result_image,
        material_type: 'navy_blue_paint',
        session_id: sessionId,
      });
      expect(walls.statusCode, walls.body).toBe(200);
      expect(engine.placedBoxes).toHaveLength(1);
      const [box] = engine.placedBoxes[0] ?? [];
      expect(box?.map((value) => Math.round(value))).toEqual(
        [fx1 * 640, fy1 * 424, fx2 * 640, fy2 * 424].map((value) => Math.round(value)),
      );

      // The sofa's middle (inside its box, away from its outline) keeps its colours; the photo as a whole changed.
      const pixels = async (url: string) => rgbPixels((await ctx().app.inject({ method: 'GET', url })).rawPayload);
      const [before, after] = await Promise.all([
        pixels(placed.result_image),
        pixels(walls.json<ResultImageResponse>().result_image),
      ]);
      const [x1, y1, x2, y2] = [fx1 * before.width, fy1 * before.height, fx2 * before.width, fy2 * before.height];
      const w = x2 - x1;
      const h = y2 - y1;
      const middle = [x1 + 0.3 * w, y1 + 0.4 * h, x2 - 0.3 * w, y2 - 0.25 * h].map(Math.round) as [
        number,
        number,
        number,
        number,
      ];
      expect(meanDifference(before, after, middle, 'inside')).toBeLessThan(4);
      expect(meanDifference(before, after, [0, 0, before.width, before.height], 'inside')).toBeGreaterThan(8);
    }, 180_000);
  },
  { engine },
  engineSuiteKinds(),
);
