import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { adminAuditLog, conversionEvents, creditLedger, designSessions, payments, users } from '../../db/schema.ts';

export type AuditRow = typeof adminAuditLog.$inferSelect;
export type PaymentStatus = (typeof payments.status.enumValues)[number];

/** How many rows each console list shows; the console is for finding and fixing, not for exports. */
export const ADMIN_LIST_LIMIT = 100;
const USER_SEARCH_LIMIT = 50;
const USER_EVENTS_LIMIT = 20;

/** `%` and `_` typed into the search box are looked for literally. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

const paymentColumns = {
  id: payments.id,
  userId: payments.userId,
  userEmail: users.email,
  itemKey: payments.itemKey,
  amount: payments.amount,
  currency: payments.currency,
  status: payments.status,
  provider: payments.provider,
  providerSessionId: payments.providerSessionId,
  refundedCents: payments.refundedCents,
  refundedAt: payments.refundedAt,
  createdAt: payments.createdAt,
  completedAt: payments.completedAt,
};

/**
 * The console's reads across areas (users, ledger, payments, events, sessions) and the audit log, which it
 * owns. Changes to those tables go through their own areas' functions; only the audit log is written here.
 */
export function createAdminRepository(db: Database) {
  const actor = sql<string | null>`(select username from users a where a.id = ${adminAuditLog.actorId})`;
  const target = sql<string | null>`(select email from users t where t.id = ${adminAuditLog.targetUserId})`;
  const auditColumns = {
    id: adminAuditLog.id,
    actorId: adminAuditLog.actorId,
    actorUsername: actor,
    targetUserId: adminAuditLog.targetUserId,
    targetEmail: target,
    action: adminAuditLog.action,
    details: adminAuditLog.details,
    createdAt: adminAuditLog.createdAt,
  };

  return {
    async searchUsers(search: string) {
      const pattern = likePattern(search);
      return db
        .select()
        .from(users)
        .where(search === '' ? undefined : sql`lower(${users.email}) like ${pattern} or lower(${users.username}) like ${pattern}`)
        .orderBy(desc(users.dateJoined), desc(users.id))
        .limit(USER_SEARCH_LIMIT);
    },

    async ledgerOf(userId: number) {
      return db
        .select({
          id: creditLedger.id,
          delta: creditLedger.delta,
          reason: creditLedger.reason,
          reference: creditLedger.reference,
          note: sql<string | null>`(select ${adminAuditLog.details}->>'reason' from ${adminAuditLog}
            where ${adminAuditLog.id} = case when ${creditLedger.reference} ~ '^audit:[0-9]+$'
              then substr(${creditLedger.reference}, 7)::bigint end)`,
          balanceAfter: creditLedger.balanceAfter,
          createdAt: creditLedger.createdAt,
        })
        .from(creditLedger)
        .where(eq(creditLedger.userId, userId))
        .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
        .limit(ADMIN_LIST_LIMIT);
    },

    async payments(filter: { userId?: number; status?: PaymentStatus }) {
      return db
        .select(paymentColumns)
        .from(payments)
        .innerJoin(users, eq(users.id, payments.userId))
        .where(
          and(
            filter.userId === undefined ? undefined : eq(payments.userId, filter.userId),
            // 'refunded' lists every payment with a refund, partial ones (still 'paid') included.
            filter.status === undefined
              ? undefined
              : filter.status === 'refunded'
                ? sql`${payments.refundedCents} > 0`
                : eq(payments.status, filter.status),
          ),
        )
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(ADMIN_LIST_LIMIT);
    },

    async sessionsCount(userId: number): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(designSessions)
        .where(eq(designSessions.userId, userId));
      return row?.count ?? 0;
    },

    async eventsOf(userId: number) {
      return db
        .select({ eventType: conversionEvents.eventType, source: conversionEvents.source, createdAt: conversionEvents.createdAt })
        .from(conversionEvents)
        .where(eq(conversionEvents.userId, userId))
        .orderBy(desc(conversionEvents.createdAt), desc(conversionEvents.id))
        .limit(USER_EVENTS_LIMIT);
    },

    async auditLog(filter: { targetUserId?: number } = {}) {
      return db
        .select(auditColumns)
        .from(adminAuditLog)
        .where(filter.targetUserId === undefined ? undefined : eq(adminAuditLog.targetUserId, filter.targetUserId))
        .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
        .limit(ADMIN_LIST_LIMIT);
    },

    async insertAudit(row: { actorId: number | null; targetUserId: number | null; action: string; details: Record<string, unknown> }) {
      const [inserted] = await db.insert(adminAuditLog).values(row).returning({ id: adminAuditLog.id });
      if (!inserted) throw new Error('insert returned no row');
      return inserted.id;
    },
  };
}
export type AdminRepository = ReturnType<typeof createAdminRepository>;
