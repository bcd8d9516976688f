import { CREDIT_PACKS } from '@stagecraft/contracts';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { payments, users } from '../../db/schema.ts';
import { applyCreditChange } from './credit-ledger.ts';
import { hasPaidForCreditPack, type PaymentRow } from './repository.ts';

const PACK_KEYS = CREDIT_PACKS.map((pack) => pack.key);

export interface RefundOutcome {
  /** Cents refunded by this event (0 when it was already applied: events can arrive twice or out of order). */
  newlyRefundedCents: number;
  /** Credits taken back through the ledger. */
  creditsRemoved: number;
  /** Credits the refund covered that had already been spent (the balance cannot go below zero). */
  creditsAlreadySpent: number;
}

/**
 * Applies a refund of a paid payment inside the caller's transaction. `totalRefundedCents` is the running total
 * Stripe reports on the charge (`amount_refunded`), so a repeated or late event changes nothing.
 *
 * The spec and DECISIONS.md say nothing about credits on a refund; the terms of service refund a credit pack
 * whose credits are unused. So a pack's credits go back through the ledger in proportion to the amount
 * refunded, as far as the balance allows (spent credits cannot be taken back; the shortfall is reported), and
 * a fully refunded pack no longer counts towards Pay As You Go. A subscription's plan ends through its own
 * `customer.subscription.deleted`; its period credits are not touched here.
 */
export async function applyRefund(
  tx: Database,
  payment: PaymentRow,
  totalRefundedCents: number,
  reference: string,
): Promise<RefundOutcome> {
  const none = { newlyRefundedCents: 0, creditsRemoved: 0, creditsAlreadySpent: 0 };
  if (payment.status !== 'paid' && payment.status !== 'refunded') return none;
  const total = Math.min(Math.max(0, Math.trunc(totalRefundedCents)), payment.amount);
  const full = total >= payment.amount;
  // Conditional on the stored total being lower: two deliveries of the same refund apply it once.
  const [updated] = await tx
    .update(payments)
    .set({ refundedCents: total, refundedAt: sql`now()`, status: full ? 'refunded' : 'paid' })
    .where(and(eq(payments.id, payment.id), lt(payments.refundedCents, total)))
    .returning({ id: payments.id });
  if (!updated) return none;
  const before = payment.refundedCents;
  const outcome: RefundOutcome = { newlyRefundedCents: total - before, creditsRemoved: 0, creditsAlreadySpent: 0 };

  const pack = CREDIT_PACKS.find((candidate) => candidate.key === payment.itemKey);
  if (!pack || payment.amount <= 0) return outcome;
  const share = (cents: number) => Math.floor((pack.credits * cents) / payment.amount);
  const owed = share(total) - share(before);
  if (owed > 0) {
    const [row] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, payment.userId));
    const removable = Math.min(owed, row?.credits ?? 0);
    if (removable > 0) await applyCreditChange(tx, payment.userId, { delta: -removable, reason: 'payment_refund', reference });
    outcome.creditsRemoved = removable;
    outcome.creditsAlreadySpent = owed - removable;
  }
  if (full && !(await hasPaidForCreditPack(tx, payment.userId, PACK_KEYS))) {
    // The refunded pack was what made the account Pay As You Go; Pro stays Pro (it has its own subscription).
    await tx.update(users).set({ plan: 'free' }).where(and(eq(users.id, payment.userId), eq(users.plan, 'paid')));
  }
  return outcome;
}
