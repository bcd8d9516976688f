import { STUDIO_ROUTES, type ResultImageResponse } from '@stagecraft/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { designPlacements } from '../../db/schema.ts';
import { describeEachDatabase, engineSuiteKinds } from '../../../test/test-app.ts';
import { emptyRoomUrl, openSession, studioUser } from '../../../test/studio.ts';

describeEachDatabase(
  'studio: pieces placed in 3D keep their pose with the session',
  (ctx) => {
    // An empty room, landscape as listing photos are.
    let roomUrl: string;
    beforeAll(async () => {
      roomUrl = await emptyRoomUrl(640, 424);
    });

    /** A click in that room, as every placement here sends it. */
    const clickIn = (x: number, y: number) => ({ image_data: roomUrl, x, y, size_scale: 1, image_width: 640, image_height: 424 });

    const piecesOf = async (placementId: string | null) => {
      const [row] = await ctx()
        .db.select({ pieces: designPlacements.pieces })
        .from(designPlacements)
        .where(and(eq(designPlacements.id, placementId ?? '')));
      return row?.pieces ?? null;
    };

    it('draws a theme piece with a mesh at its pose, turns the next one to the yaw asked, and follows undo and removal', async () => {
      const owner = await studioUser(ctx(), { credits: 12 });
      const sessionId = await openSession(owner, roomUrl);
      const place = (image: string, item: string, x: number, y: number, extra: object = {}) =>
        owner.post(STUDIO_ROUTES.placeThemedFurniture, {
          ...clickIn(x, y),
          image_data: image,
          theme_key: 'japandi',
          furniture_item: item,
          session_id: sessionId,
          ...extra,
        });

      // A sofa by the back wall: drawn from its mesh, its pose in the answer and with the step.
      const sofa = await place(roomUrl, 'sofa', 320, 300);
      expect(sofa.statusCode, sofa.body).toBe(200);
      const first = sofa.json<ResultImageResponse>();
      expect(first.pose?.scale).toBe(1);
      expect(first.pose?.position.every(Number.isFinite)).toBe(true);
      const afterSofa = await piecesOf(first.placement_id);
      expect(afterSofa).toHaveLength(1);
      expect(afterSofa?.[0]).toMatchObject({ furnitureType: 'sofa', theme: 'japandi' });
      expect(afterSofa?.[0]?.pose.yawDeg).toBe(first.pose?.yaw_degrees);
      const [bx1, by1, bx2, by2] = afterSofa?.[0]?.box ?? [0, 0, 0, 0];
      expect(bx2).toBeGreaterThan(bx1);
      expect(by2).toBeGreaterThan(by1);

      // An armchair on that image, turned by the client to 90 degrees: drawn at that yaw, after the sofa.
      const armchair = await place(first.result_image, 'armchair', 200, 380, { yaw_degrees: 90 });
      expect(armchair.statusCode, armchair.body).toBe(200);
      const second = armchair.json<ResultImageResponse>();
      expect(second.pose?.yaw_degrees).toBe(90);
      expect((await piecesOf(second.placement_id))?.map((piece) => piece.furnitureType)).toEqual(['sofa', 'armchair']);

      // After an undo the client sends the sofa's image again: the armchair is not in it, so not in the new step.
      const lamp = await place(first.result_image, 'floor_lamp', 520, 330);
      expect(lamp.statusCode, lamp.body).toBe(200);
      const third = lamp.json<ResultImageResponse>();
      expect((await piecesOf(third.placement_id))?.map((piece) => piece.furnitureType)).toEqual(['sofa', 'floor_lamp']);

      // Removing what covers the sofa's box takes the sofa out of the image's pieces; the lamp stays.
      const removal = await owner.post(STUDIO_ROUTES.removeObject, {
        image_data: third.result_image,
        detection: { id: 'sofa', class_name: 'sofa', bbox: [bx1 * 640, by1 * 424, bx2 * 640, by2 * 424], confidence: 1 },
        session_id: sessionId,
      });
      expect(removal.statusCode, removal.body).toBe(200);
      const removed = removal.json<ResultImageResponse>();
      expect(removed.pose).toBeUndefined();
      expect((await piecesOf(removed.placement_id))?.map((piece) => piece.furnitureType)).toEqual(['floor_lamp']);
      expect(await owner.credits()).toBe(12 - 2 * 3 - 1);
    }, 180_000);

    it("draws a piece posted without a session in 3D too, in the posted photo's room, and keeps its pose with the session it starts", async () => {
      const owner = await studioUser(ctx(), { credits: 1 });
      const sofa = await owner.post(STUDIO_ROUTES.placeFurniture, {
        ...clickIn(320, 300),
        furniture_type: 'sofa',
        yaw_degrees: 30,
      });
      expect(sofa.statusCode, sofa.body).toBe(200);
      const placed = sofa.json<ResultImageResponse>();
      // The sprite path has no pose to give; the 3D one answers with the yaw asked.
      expect(placed.pose?.yaw_degrees).toBe(30);
      expect(placed.pose?.position.every(Number.isFinite)).toBe(true);
      expect((await piecesOf(placed.placement_id))?.[0]).toMatchObject({ furnitureType: 'sofa', pose: { yawDeg: 30 } });
    }, 120_000);

    it('refuses a yaw outside -360..360 before charging', async () => {
      const owner = await studioUser(ctx(), { credits: 2 });
      const answer = await owner.post(STUDIO_ROUTES.placeThemedFurniture, {
        ...clickIn(10, 10),
        theme_key: 'japandi',
        furniture_item: 'sofa',
        yaw_degrees: 400,
      });
      expect(answer.statusCode).toBe(400);
      expect(await owner.credits()).toBe(2);
    });
  },
  { env: { VISION_WORKERS: '1' } },
  engineSuiteKinds(),
);
