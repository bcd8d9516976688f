import { CREDIT_PACKS, PRO_MONTHLY_CREDITS, SIGNUP_CREDITS } from '@stagecraft/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { applyCreditChange } from './credit-ledger.ts';
import { hasPaidForCreditPack } from './repository.ts';

/**
 * What a payment (or a new account) gives, in one place: the Stripe webhook and the test checkout both call
 * these, inside the transaction that records the payment or the event; auth is handed `grantSignupBonus`.
 */

const PACK_KEYS = CREDIT_PACKS.map((pack) => pack.key);

/** The Starter plan's credits for a new account, once per user; returns the new balance. */
export function grantSignupBonus(tx: Database, userId: number): Promise<number> {
  return applyCreditChange(tx, userId, { delta: SIGNUP_CREDITS, reason: 'signup_bonus', reference: `user:${userId}` });
}

/** A credit pack: its credits, and the Pay As You Go plan unless the user is already Pro. */
export async function grantCreditPack(tx: Database, userId: number, packKey: string, reference: string): Promise<void> {
  const pack = CREDIT_PACKS.find((candidate) => candidate.key === packKey);
  if (!pack) throw new Error(`Unknown credit pack ${packKey}`);
  await applyCreditChange(tx, userId, { delta: pack.credits, reason: 'credit_pack_purchase', reference });
  await tx
    .update(users)
    .set({ plan: sql`case when ${users.plan} = 'pro' then 'pro' else 'paid' end` })
    .where(eq(users.id, userId));
}

export async function activateProPlan(tx: Database, userId: number): Promise<void> {
  await tx.update(users).set({ plan: 'pro' }).where(eq(users.id, userId));
}

/** The credits of one Pro period (monthly, for yearly plans too). */
export async function grantProPeriodCredits(tx: Database, userId: number, reference: string): Promise<void> {
  await applyCreditChange(tx, userId, { delta: PRO_MONTHLY_CREDITS, reason: 'pro_period_credits', reference });
}

/** Subscription over: back to Pay As You Go if the user ever bought credits, else Starter. Credits stay. */
export async function endProPlan(tx: Database, userId: number): Promise<void> {
  const plan = (await hasPaidForCreditPack(tx, userId, PACK_KEYS)) ? 'paid' : 'free';
  await tx.update(users).set({ plan }).where(eq(users.id, userId));
}
