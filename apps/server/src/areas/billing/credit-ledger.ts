import { CREDIT_COSTS, type CreditAction } from '@stagecraft/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { creditLedger, users } from '../../db/schema.ts';

export class InsufficientCreditsError extends Error {
  constructor(
    readonly required: number,
    readonly available: number,
  ) {
    super(`Insufficient credits: ${required} required, ${available} available`);
    this.name = 'InsufficientCreditsError';
  }
}

export interface LedgerEntry {
  delta: number;
  reason: string;
  reference?: string | null;
}

/**
 * Moves a user's balance and records why, in one transaction. The conditional UPDATE takes the row lock, so
 * two concurrent spends of the last credit serialise and the second finds nothing to take; the CHECK
 * constraint on the balance is the last line of defence. Returns the new balance.
 */
export async function applyCreditChange(db: Database, userId: number, entry: LedgerEntry): Promise<number> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ credits: sql`${users.credits} + ${entry.delta}` })
      .where(entry.delta < 0 ? sql`${users.id} = ${userId} and ${users.credits} >= ${-entry.delta}` : eq(users.id, userId))
      .returning({ credits: users.credits });
    if (!updated) {
      const [current] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
      if (!current) throw new Error(`No user ${userId}`);
      throw new InsufficientCreditsError(-entry.delta, current.credits);
    }
    await tx.insert(creditLedger).values({
      userId,
      delta: entry.delta,
      reason: entry.reason,
      reference: entry.reference ?? null,
      balanceAfter: updated.credits,
    });
    return updated.credits;
  });
}

/**
 * Pays for one paid operation with the costs of DECISIONS.md. Call it inside the transaction that records
 * what was bought, so the charge and its record commit or roll back together; a failed operation never
 * reaches it. `quantity` covers "1 per object" actions such as remove-all.
 */
export async function spendCredits(
  db: Database,
  userId: number,
  action: CreditAction,
  reference: string,
  quantity = 1,
): Promise<number> {
  const cost = CREDIT_COSTS[action] * quantity;
  if (cost === 0) {
    const [row] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
    if (!row) throw new Error(`No user ${userId}`);
    return row.credits;
  }
  return applyCreditChange(db, userId, { delta: -cost, reason: action, reference });
}

/** Whether the user can afford an action now (for a fast refusal before slow work; `spendCredits` decides). */
export function creditCost(action: CreditAction, quantity = 1): number {
  return CREDIT_COSTS[action] * quantity;
}
