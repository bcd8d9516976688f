import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { conversionEvents, trackedActions, userState } from '../../db/schema.ts';

type Counter = 'layoutsCreated' | 'exportsCompleted';

/** Conversion events, tracked actions and the user-state counters they move. */
export function createGrowthRepository(db: Database) {
  return {
    async insertConversionEvent(row: {
      userId: number;
      eventType: string;
      source: string | null;
      metadata: Record<string, unknown>;
    }): Promise<void> {
      await db.insert(conversionEvents).values(row);
    },
    async insertTrackedAction(
      row: { userId: number; action: string; metadata: Record<string, unknown> },
      effect: { increment?: Counter; sawUpgradeNudge?: boolean },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(trackedActions).values(row);
        if (!effect.increment && !effect.sawUpgradeNudge) return;
        const initial = {
          userId: row.userId,
          layoutsCreated: effect.increment === 'layoutsCreated' ? 1 : 0,
          exportsCompleted: effect.increment === 'exportsCompleted' ? 1 : 0,
          hasSeenUpgradeNudge: effect.sawUpgradeNudge ?? false,
        };
        await tx
          .insert(userState)
          .values(initial)
          .onConflictDoUpdate({
            target: userState.userId,
            set: {
              layoutsCreated: sql`${userState.layoutsCreated} + ${initial.layoutsCreated}`,
              exportsCompleted: sql`${userState.exportsCompleted} + ${initial.exportsCompleted}`,
              hasSeenUpgradeNudge: sql`${userState.hasSeenUpgradeNudge} or ${initial.hasSeenUpgradeNudge}`,
              updatedAt: sql`now()`,
            },
          });
      });
    },
    async stateOf(userId: number) {
      const [row] = await db
        .select()
        .from(userState)
        .where(sql`${userState.userId} = ${userId}`)
        .limit(1);
      return row ?? { layoutsCreated: 0, exportsCompleted: 0, hasSeenUpgradeNudge: false };
    },
  };
}
export type GrowthRepository = ReturnType<typeof createGrowthRepository>;
