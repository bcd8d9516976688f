import { INSUFFICIENT_CREDITS_MESSAGES, STUDIO_ROUTES } from '@stagecraft/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { creditLedger, designPlacements, designSessions } from '../../db/schema.ts';
import { describeEachDatabase, engineSuiteKinds } from '../../../test/test-app.ts';
import { dataUrl, meanDifference, rgbPixels, roomPhoto, studioUser } from '../../../test/studio.ts';

interface ResultBody {
  success: true;
  result_image: string;
  credits_remaining: number;
  session_id: string;
  placement_id: string;
}

describeEachDatabase(
  'studio: empty the room',
  (ctx) => {
    // A real kitchen (COCO val 802), 424x640, with three pieces marked on it: small enough for a fast engine.
    let kitchen: Buffer;
    let kitchenUrl: string;
    const boxes: [number, number, number, number][] = [
      [60, 120, 110, 170],
      [250, 560, 300, 610],
      [300, 300, 360, 350],
    ];
    const pieces = boxes.map((bbox, index) => ({ id: `d${index}`, class_name: 'chair', bbox, confidence: 0.8 }));
    beforeAll(async () => {
      kitchen = await roomPhoto('coco_val2017_000000000802.jpg', 640);
      kitchenUrl = dataUrl(kitchen);
    });

    it('removes every piece in one step for 1 credit per object, recorded once with the session', async () => {
      const user = await studioUser(ctx(), { credits: 5 });
      // The same piece listed twice is removed and charged once.
      const response = await user.post(STUDIO_ROUTES.removeAllObjects, {
        image_data: kitchenUrl,
        detections: [...pieces, pieces[0]],
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<ResultBody>();
      expect(body.credits_remaining).toBe(2);
      expect(await user.credits()).toBe(2);

      const stored = await ctx().app.inject({ method: 'GET', url: body.result_image });
      expect(stored.statusCode).toBe(200);
      const before = await rgbPixels(kitchen);
      const after = await rgbPixels(stored.rawPayload);
      for (const box of boxes) expect(meanDifference(before, after, box, 'inside'), String(box)).toBeGreaterThan(3);
      // Far from every piece, the photo is as it was (JPEG re-encoding aside).
      const untouched: [number, number, number, number] = [200, 0, 424, 260];
      expect(meanDifference(before, after, untouched, 'inside')).toBeLessThan(1.5);

      const ledger = await ctx().db.select().from(creditLedger).where(eq(creditLedger.userId, user.id));
      expect(ledger.map((row) => [row.delta, row.reason])).toEqual([[-3, 'removal']]);
      const [placement] = await ctx().db.select().from(designPlacements).where(eq(designPlacements.id, body.placement_id));
      expect(placement).toMatchObject({ action: 'removal', furnitureType: 'remove_all', creditsSpent: 3 });
      const [session] = await ctx().db.select().from(designSessions).where(eq(designSessions.id, body.session_id));
      expect(session).toMatchObject({ userId: user.id, placementCount: 1, previewMediaId: placement?.resultMediaId });
    });

    it('refuses before any work: too few credits (402), nothing listed or a box off the image (400); nothing charged', async () => {
      const poor = await studioUser(ctx(), { credits: 2 });
      const refused = await poor.post(STUDIO_ROUTES.removeAllObjects, { image_data: kitchenUrl, detections: pieces });
      expect(refused.statusCode).toBe(402);
      expect(refused.json().detail).toBe(INSUFFICIENT_CREDITS_MESSAGES.removeObject);
      expect(await poor.credits()).toBe(2);

      const user = await studioUser(ctx(), { credits: 5 });
      const none = await user.post(STUDIO_ROUTES.removeAllObjects, { image_data: kitchenUrl, detections: [] });
      expect(none.statusCode).toBe(400);
      const outside = { id: 'far', class_name: 'sofa', bbox: [900, 900, 1000, 1000], confidence: 1 };
      const off = await user.post(STUDIO_ROUTES.removeAllObjects, { image_data: kitchenUrl, detections: [pieces[0], outside] });
      expect(off.statusCode).toBe(400);
      expect(off.json().detail).toBe('Detection not found');
      expect(await user.credits()).toBe(5);
      expect(await ctx().db.select().from(creditLedger).where(eq(creditLedger.userId, user.id))).toHaveLength(0);
    });

    it("answers 404 for another user's session and charges nothing", async () => {
      const owner = await studioUser(ctx(), { credits: 3 });
      const stranger = await studioUser(ctx(), { credits: 3 });
      const first = (
        await owner.post(STUDIO_ROUTES.removeObject, { image_data: kitchenUrl, detection: pieces[0] })
      ).json<ResultBody>();
      const foreign = await stranger.post(STUDIO_ROUTES.removeAllObjects, {
        image_data: kitchenUrl,
        detections: pieces.slice(1),
        session_id: first.session_id,
      });
      expect(foreign.statusCode).toBe(404);
      expect(await stranger.credits()).toBe(3);
    });
  },
  { env: { VISION_WORKERS: '1' } },
  engineSuiteKinds(),
);
