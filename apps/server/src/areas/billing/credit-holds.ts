import { randomUUID } from 'node:crypto';
import { type CreditAction, CREDIT_COSTS } from '@stagecraft/contracts';
import { and, eq, gt, lte, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { creditHolds, users } from '../../db/schema.ts';
import { applyCreditChange, InsufficientCreditsError } from './credit-ledger.ts';

/**
 * How long a hold counts. Longer than any engine run and its wait in the queue (an 8K enhancement takes tens of
 * seconds), short enough that credits held by a process killed mid-call come back soon.
 */
export const CREDIT_HOLD_TTL_MS = 15 * 60 * 1000;

/** Credits set aside for one paid call; `null` id for a free action (nothing held). */
export interface CreditHold {
  id: string | null;
  userId: number;
  action: CreditAction;
  amount: number;
}

/**
 * Sets aside the cost of `action` before the engine runs, so that a user with 1 credit who sends 50 calls at
 * once gets one engine run and 49 immediate refusals (InsufficientCreditsError). What is available is the
 * balance minus the holds that have not expired. Locking the user's row first serialises concurrent reserves
 * on PostgreSQL (the sum is read by a later statement, so it sees the hold a previous reserve committed);
 * PGlite runs one transaction at a time anyway.
 */
export async function holdCredits(db: Database, userId: number, action: CreditAction, quantity = 1): Promise<CreditHold> {
  const amount = CREDIT_COSTS[action] * quantity;
  if (amount === 0) return { id: null, userId, action, amount };
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new Error(`No user ${userId}`);
    // Expired holds (their call's process died) are swept here, where they would otherwise be read past.
    await tx.delete(creditHolds).where(and(eq(creditHolds.userId, userId), lte(creditHolds.expiresAt, sql`now()`)));
    const [held] = await tx
      .select({ total: sql<number>`coalesce(sum(${creditHolds.amount}), 0)::int` })
      .from(creditHolds)
      .where(and(eq(creditHolds.userId, userId), gt(creditHolds.expiresAt, sql`now()`)));
    const available = user.credits - (held?.total ?? 0);
    if (available < amount) throw new InsufficientCreditsError(amount, Math.max(0, available));
    const id = randomUUID();
    await tx.insert(creditHolds).values({
      id,
      userId,
      amount,
      reason: action,
      expiresAt: sql`now() + ${`${CREDIT_HOLD_TTL_MS} milliseconds`}::interval`,
    });
    return { id, userId, action, amount };
  });
}

/**
 * Turns a hold into the charge, inside the transaction that records what was bought: the hold goes and the
 * ledger takes the cost. Returns the new balance. Should the hold have expired and its credits been spent
 * elsewhere meanwhile, the charge fails like any spend (InsufficientCreditsError) and the transaction rolls back.
 */
export async function chargeHold(tx: Database, hold: CreditHold, reference: string): Promise<number> {
  if (hold.id) await tx.delete(creditHolds).where(eq(creditHolds.id, hold.id));
  if (hold.amount === 0) {
    const [row] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, hold.userId));
    if (!row) throw new Error(`No user ${hold.userId}`);
    return row.credits;
  }
  return applyCreditChange(tx, hold.userId, { delta: -hold.amount, reason: hold.action, reference });
}

/** Gives a hold back: the call failed or was refused, and costs nothing. */
export async function releaseHold(db: Database, hold: CreditHold): Promise<void> {
  if (hold.id) await db.delete(creditHolds).where(eq(creditHolds.id, hold.id));
}

/**
 * Drops every hold but `keep` (those of remote runs a restart takes up again): at the start of a server that is the database's only user (the embedded database), any
 * hold left is from a process that was killed mid-call. Several instances on PostgreSQL rely on expiry instead.
 */
export async function releaseAllHolds(db: Database, keep: readonly string[] = []): Promise<number> {
  const released = await db
    .delete(creditHolds)
    .where(keep.length > 0 ? notInArray(creditHolds.id, [...keep]) : undefined)
    .returning({ id: creditHolds.id });
  return released.length;
}
