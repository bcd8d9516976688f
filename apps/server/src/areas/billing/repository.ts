import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { payments, processedWebhookEvents, users } from '../../db/schema.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/** Payments and processed webhook events. */
export function createBillingRepository(db: Database) {
  return {
    async insertPayment(row: NewPayment): Promise<PaymentRow> {
      const [inserted] = await db.insert(payments).values(row).returning();
      if (!inserted) throw new Error('insert returned no row');
      return inserted;
    },
    async findPaymentBySession(provider: 'stripe' | 'test', sessionId: string): Promise<PaymentRow | null> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerSessionId, sessionId)))
        .limit(1);
      return row ?? null;
    },
    async findPaymentByIntent(paymentIntentId: string): Promise<PaymentRow | null> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, 'stripe'), eq(payments.providerPaymentIntentId, paymentIntentId)))
        .limit(1);
      return row ?? null;
    },
    async paymentsOf(userId: number): Promise<PaymentRow[]> {
      return db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt), desc(payments.id));
    },
    async setStripeCustomer(userId: number, customerId: string): Promise<void> {
      await db.update(users).set({ stripeCustomerId: customerId }).where(eq(users.id, userId));
    },
    async userByStripeCustomer(customerId: string) {
      const [row] = await db.select().from(users).where(eq(users.stripeCustomerId, customerId)).limit(1);
      return row ?? null;
    },
  };
}
export type BillingRepository = ReturnType<typeof createBillingRepository>;

/**
 * Claims a pending payment for completion, inside the caller's transaction: only one caller ever gets the
 * row back, so a session completes once even when two completions race.
 */
export async function claimPendingPayment(
  tx: Database,
  paymentId: number,
  status: 'paid' | 'declined' | 'canceled',
  extra: Partial<Pick<PaymentRow, 'providerSubscriptionId' | 'providerCustomerId' | 'providerPaymentIntentId'>> = {},
): Promise<PaymentRow | null> {
  const [row] = await tx
    .update(payments)
    .set({ status, completedAt: sql`now()`, ...extra })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning();
  return row ?? null;
}

/**
 * Records a webhook event id inside the caller's transaction; false when it was already applied. The
 * primary key makes a concurrent duplicate wait for the first and then find it there.
 */
export async function claimWebhookEvent(tx: Database, eventId: string, type: string): Promise<boolean> {
  const inserted = await tx
    .insert(processedWebhookEvents)
    .values({ eventId, type })
    .onConflictDoNothing()
    .returning({ eventId: processedWebhookEvents.eventId });
  return inserted.length > 0;
}

export async function hasPaidForCreditPack(tx: Database, userId: number, packKeys: readonly string[]): Promise<boolean> {
  const rows = await tx
    .select({ itemKey: payments.itemKey })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'paid')));
  return rows.some((row) => packKeys.includes(row.itemKey));
}
