import { INSUFFICIENT_CREDITS_MESSAGES, STUDIO_ROUTES } from '@stagecraft/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { creditHolds, creditLedger } from '../../db/schema.ts';
import { describeEachDatabase } from '../../../test/test-app.ts';
import { dataUrl, roomPhoto, studioUser } from '../../../test/studio.ts';
import { holdCredits, releaseAllHolds } from '../billing/credit-holds.ts';
import { createStudioEngine, type StudioEngine } from './engine.ts';

/** The real worker pool (one worker), counting the removals it is asked for. */
function countingEngine(): StudioEngine & { runs: number } {
  const pool = createStudioEngine({ size: 1 });
  const engine = {
    ...pool,
    runs: 0,
    removeObject(...args: Parameters<StudioEngine['removeObject']>) {
      engine.runs += 1;
      return pool.removeObject(...args);
    },
  };
  return engine;
}

const engine = countingEngine();
afterAll(() => engine.close());

describeEachDatabase(
  'studio credit holds',
  (ctx) => {
    let photo: string;
    let damaged: string;
    beforeAll(async () => {
      // A real room, large enough that its removal takes longer than a refusal may.
      const jpeg = await roomPhoto('coco_val2017_000000000802.jpg', 640);
      photo = dataUrl(jpeg);
      damaged = dataUrl(jpeg.subarray(0, jpeg.length / 2));
    });
    const removal = { id: 'd1', class_name: 'refrigerator', bbox: [250, 190, 420, 540], confidence: 0.9 };
    const holdsOf = (userId: number) => ctx().db.select().from(creditHolds).where(eq(creditHolds.userId, userId));

    it('starts one engine run for 1 credit and 20 calls at once; the other 19 are refused at once', async () => {
      const user = await studioUser(ctx(), { credits: 1 });
      engine.runs = 0;
      const timed = async () => {
        const started = performance.now();
        const response = await user.post(STUDIO_ROUTES.removeObject, { image_data: photo, detection: removal });
        return { status: response.statusCode, detail: response.json().detail, ms: performance.now() - started };
      };
      const answers = await Promise.all(Array.from({ length: 20 }, timed));
      expect(engine.runs).toBe(1);
      const served = answers.filter((answer) => answer.status === 200);
      expect(served).toHaveLength(1);
      const refused = answers.filter((answer) => answer.status === 402);
      expect(refused).toHaveLength(19);
      for (const answer of refused) {
        expect(answer.detail).toBe(INSUFFICIENT_CREDITS_MESSAGES.removeObject);
        // Refused while the one engine run was still going, not after it.
        expect(answer.ms).toBeLessThan(served[0]?.ms ?? 0);
      }
      expect(await user.credits()).toBe(0);
      const charges = await ctx().db.select().from(creditLedger).where(eq(creditLedger.userId, user.id));
      expect(charges.map((row) => [row.reason, row.delta, row.balanceAfter])).toEqual([['removal', -1, 0]]);
      expect(await holdsOf(user.id)).toHaveLength(0);
    });

    it('releases the hold of a failed engine run, so the credit is still there for the next call', async () => {
      const user = await studioUser(ctx(), { credits: 1 });
      const failed = await user.post(STUDIO_ROUTES.removeObject, { image_data: damaged, detection: removal });
      expect(failed.statusCode).toBe(400);
      expect(failed.json().detail).toBe('Removal failed: The image file is damaged or incomplete.');
      expect(await holdsOf(user.id)).toHaveLength(0);
      const next = await user.post(STUDIO_ROUTES.removeObject, { image_data: photo, detection: removal });
      expect(next.statusCode, next.body).toBe(200);
      expect(next.json().credits_remaining).toBe(0);
    });

    it('does not let a hold left by a killed process eat credits: it expires, and start-up releases holds', async () => {
      const user = await studioUser(ctx(), { credits: 1 });
      const stale = await holdCredits(ctx().db, user.id, 'removal');
      // While the hold counts, the credit is taken...
      const refused = await user.post(STUDIO_ROUTES.removeObject, { image_data: photo, detection: removal });
      expect(refused.statusCode).toBe(402);
      // ...and once it has expired (its process is gone), it no longer does.
      await ctx()
        .db.update(creditHolds)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(creditHolds.id, stale.id ?? ''));
      const served = await user.post(STUDIO_ROUTES.removeObject, { image_data: photo, detection: removal });
      expect(served.statusCode, served.body).toBe(200);
      expect(await holdsOf(user.id)).toHaveLength(0);

      const other = await studioUser(ctx(), { credits: 2 });
      await holdCredits(ctx().db, other.id, 'replacement');
      await expect(holdCredits(ctx().db, other.id, 'removal')).rejects.toThrow(/Insufficient credits/);
      expect(await releaseAllHolds(ctx().db)).toBeGreaterThanOrEqual(1);
      expect(await holdsOf(other.id)).toHaveLength(0);
      expect(await other.credits()).toBe(2);
    });
  },
  { engine },
);
