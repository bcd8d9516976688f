import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { inspirationPredictions } from '../../db/schema.ts';

export type PredictionRow = typeof inspirationPredictions.$inferSelect;

/** Room inspiration's history, always scoped to its owner. Pass a transaction as `db` to work inside it. */
export function createInspirationRepository(db: Database) {
  return {
    async insert(row: typeof inspirationPredictions.$inferInsert): Promise<void> {
      await db.insert(inspirationPredictions).values(row);
    },

    /** The user's restyles, newest first. */
    async listOf(userId: number): Promise<PredictionRow[]> {
      return db
        .select()
        .from(inspirationPredictions)
        .where(eq(inspirationPredictions.userId, userId))
        .orderBy(desc(inspirationPredictions.createdAt), desc(inspirationPredictions.id))
        .limit(200);
    },

    async findByJob(userId: number, jobId: string): Promise<PredictionRow | null> {
      const [row] = await db
        .select()
        .from(inspirationPredictions)
        .where(and(eq(inspirationPredictions.userId, userId), eq(inspirationPredictions.jobId, jobId)));
      return row ?? null;
    },
  };
}
