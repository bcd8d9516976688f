import { STUDIO_ROUTES, THEME_KEYS, type StageRoomPlanResponse, type StageRoomResponse } from '@stagecraft/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { designPlacements } from '../../db/schema.ts';
import { themeFurnitureList } from './catalogue.ts';
import { describeEachDatabase, engineSuiteKinds } from '../../../test/test-app.ts';
import { emptyRoomUrl, openSession, studioUser } from '../../../test/studio.ts';

describeEachDatabase(
  'studio: stage this room',
  (ctx) => {
    let roomUrl: string;
    beforeAll(async () => {
      roomUrl = await emptyRoomUrl(640, 424);
    });

    it('shows the plan and its price for free, stages it for 2 credits a piece, and lists each piece with its box', async () => {
      const owner = await studioUser(ctx(), { credits: 40 });
      const sessionId = await openSession(owner, roomUrl);

      const planned = await owner.post(STUDIO_ROUTES.stageRoomPlan, {
        session_id: sessionId,
        theme_key: 'japandi',
        room_type: 'living',
      });
      expect(planned.statusCode, planned.body).toBe(200);
      const plan = planned.json<StageRoomPlanResponse>();
      expect(plan.room_type).toBe('living');
      expect(plan.room_type_guessed).toBe(false);
      expect(plan.pieces.length).toBeGreaterThan(0);
      expect(plan.credits).toBe(2 * plan.pieces.length);
      expect(await owner.credits()).toBe(40);

      const staged = await owner.post(STUDIO_ROUTES.stageRoom, {
        image_data: roomUrl,
        session_id: sessionId,
        theme_key: 'japandi',
        room_type: 'living',
      });
      expect(staged.statusCode, staged.body).toBe(200);
      const answer = staged.json<StageRoomResponse>();
      expect(answer.room_type).toBe('living');
      expect(answer.staged.map((piece) => piece.furniture_type).sort()).toEqual(
        plan.pieces.map((piece) => piece.furniture_type).sort(),
      );
      for (const { bbox } of answer.staged) {
        expect(bbox[2]).toBeGreaterThan(bbox[0]);
        expect(bbox[3]).toBeGreaterThan(bbox[1]);
        expect(Math.max(bbox[2], bbox[0])).toBeLessThanOrEqual(640);
        expect(Math.max(bbox[3], bbox[1])).toBeLessThanOrEqual(424);
      }
      expect(answer.credits_remaining).toBe(40 - plan.credits);
      expect(await owner.credits()).toBe(40 - plan.credits);
      const [row] = await ctx()
        .db.select()
        .from(designPlacements)
        .where(eq(designPlacements.id, answer.placement_id ?? ''));
      expect(row?.creditsSpent).toBe(plan.credits);
      expect(row?.pieces).toHaveLength(answer.staged.length);

      // A staged piece is removable as a detected object: its box removed, it leaves the image's pieces.
      const first = answer.staged[0];
      const removal = await owner.post(STUDIO_ROUTES.removeObject, {
        image_data: answer.result_image,
        detection: {
          id: 'staged-0',
          class_name: first?.furniture_type ?? 'sofa',
          bbox: first?.bbox ?? [0, 0, 1, 1],
          confidence: 1,
        },
        session_id: sessionId,
      });
      expect(removal.statusCode, removal.body).toBe(200);
      const [after] = await ctx()
        .db.select()
        .from(designPlacements)
        .where(eq(designPlacements.id, removal.json<StageRoomResponse>().placement_id ?? ''));
      expect(after?.pieces?.length).toBeLessThan(answer.staged.length);
    }, 240_000);

    it('refuses clearly: no session (400), another user session (404), a theme without 3D pieces (422), too few credits (402); charges nothing', async () => {
      const owner = await studioUser(ctx(), { credits: 3 });
      const sessionId = await openSession(owner, roomUrl);
      expect((await owner.post(STUDIO_ROUTES.stageRoomPlan, { theme_key: 'japandi' })).statusCode).toBe(400);
      const stranger = await studioUser(ctx(), { credits: 10 });
      expect((await stranger.post(STUDIO_ROUTES.stageRoomPlan, { session_id: sessionId, theme_key: 'japandi' })).statusCode).toBe(
        404,
      );
      // The library gains meshes theme by theme: any theme still without them is refused with the reason.
      const bare = THEME_KEYS.find((theme) => Object.keys(themeFurnitureList(theme).meshes).length === 0);
      if (bare) {
        const refused = await owner.post(STUDIO_ROUTES.stageRoomPlan, { session_id: sessionId, theme_key: bare });
        expect(refused.statusCode).toBe(422);
        expect(refused.json<{ detail: string }>().detail).toMatch(
          new RegExp(`^Placement failed: The ${bare} theme has no pieces for one-click staging`),
        );
      }
      // 3 credits: less than any plan of two pieces or more costs.
      const short = await owner.post(STUDIO_ROUTES.stageRoom, {
        image_data: roomUrl,
        session_id: sessionId,
        theme_key: 'japandi',
        room_type: 'living',
      });
      expect(short.statusCode, short.body).toBe(402);
      expect(short.json<{ detail: string }>().detail).toBe('Insufficient credits for themed furniture placement');
      expect(await owner.credits()).toBe(3);
    }, 120_000);
  },
  { env: { VISION_WORKERS: '1' } },
  engineSuiteKinds(),
);
