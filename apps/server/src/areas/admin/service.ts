import {
  AUDIT_ACTIONS,
  type AdminActiveRequest,
  type AdminConsultation,
  type AdminCreditChangeRequest,
  type AdminPayment,
  type AdminPlanRequest,
  type AdminStaffRequest,
  type AdminUserDetailResponse,
  type AdminUserResponse,
  type AdminUserSummary,
  type AuditEntry,
} from '@stagecraft/contracts';
import type { Database } from '../../db/database.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/http-errors.ts';
import type { AuthService } from '../auth/service.ts';
import { createUsersRepository, type UserRow } from '../auth/users-repository.ts';
import { applyCreditChange, InsufficientCreditsError } from '../billing/credit-ledger.ts';
import { createGuidesRepository } from '../guides/repository.ts';
import { ADMIN_LIST_LIMIT, createAdminRepository, type AdminRepository, type PaymentStatus } from './repository.ts';

export function toAdminUser(user: UserRow): AdminUserSummary {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    plan: user.plan,
    credits: user.credits,
    is_active: user.isActive,
    is_verified: user.isVerified,
    is_staff: user.isStaff,
    is_superuser: user.isSuperuser,
    date_joined: user.dateJoined.toISOString(),
    last_login: user.lastLogin?.toISOString() ?? null,
  };
}

type PaymentRow = Awaited<ReturnType<AdminRepository['payments']>>[number];
const toAdminPayment = (row: PaymentRow): AdminPayment => ({
  id: row.id,
  user_id: row.userId,
  user_email: row.userEmail,
  item_key: row.itemKey,
  amount: row.amount / 100,
  currency: row.currency,
  status: row.status,
  provider: row.provider,
  provider_session_id: row.providerSessionId,
  refunded_amount: row.refundedCents / 100,
  refunded_at: row.refundedAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  completed_at: row.completedAt?.toISOString() ?? null,
});

type AuditRow = Awaited<ReturnType<AdminRepository['auditLog']>>[number];
const toAuditEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  actor_id: row.actorId,
  actor_username: row.actorUsername,
  target_user_id: row.targetUserId,
  target_email: row.targetEmail,
  action: row.action,
  details: row.details,
  created_at: new Date(row.createdAt).toISOString(),
});

type ConsultationRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createGuidesRepository>['markConsultationHandled']>>>;
const toAdminConsultation = (row: ConsultationRow): AdminConsultation => ({
  id: row.id,
  name: row.name,
  email: row.email,
  message: row.message,
  room_slug: row.roomSlug,
  created_at: row.createdAt.toISOString(),
  handled_at: row.handledAt?.toISOString() ?? null,
});

export interface AdminServiceDependencies {
  db: Database;
  repository: AdminRepository;
  auth: AuthService;
}

/**
 * The staff console's rules. Each change and its audit row commit together, and each goes through the area
 * that owns it: credits through the billing ledger, verification mail through auth.
 */
export function createAdminService({ db, repository, auth }: AdminServiceDependencies) {
  const users = createUsersRepository(db);

  async function userOr404(userId: number): Promise<UserRow> {
    const user = await users.findById(userId);
    if (!user) throw notFound('No such user.');
    return user;
  }

  /** Reads the user again after a change, for the answer. */
  async function answer(userId: number, detail: string): Promise<AdminUserResponse> {
    return { success: true, detail, user: toAdminUser(await userOr404(userId)) };
  }

  /** Staff may manage customers; accounts of staff and admins are an admin's business only. */
  function assertMayManage(actor: UserRow, target: UserRow) {
    if ((target.isStaff || target.isSuperuser) && !actor.isSuperuser)
      throw forbidden('Only an admin can change the account of a staff member.');
  }

  /** Runs a change and writes its audit row in one transaction. */
  async function audited<T>(
    entry: { actor: UserRow; target: UserRow; action: string; details: Record<string, unknown> },
    change: (tx: Database, auditId: number) => Promise<T>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const auditId = await createAdminRepository(tx).insertAudit({
        actorId: entry.actor.id,
        targetUserId: entry.target.id,
        action: entry.action,
        details: entry.details,
      });
      return change(tx, auditId);
    });
  }

  return {
    async listUsers(search: string) {
      const rows = await repository.searchUsers(search);
      return { success: true as const, users: rows.map(toAdminUser) };
    },

    async userDetail(userId: number): Promise<AdminUserDetailResponse> {
      const user = await userOr404(userId);
      const ledger = await repository.ledgerOf(userId);
      const userPayments = await repository.payments({ userId });
      const sessionsCount = await repository.sessionsCount(userId);
      const events = await repository.eventsOf(userId);
      const audit = await repository.auditLog({ targetUserId: userId });
      return {
        success: true,
        user: toAdminUser(user),
        sessions_count: sessionsCount,
        ledger: ledger.map((row) => ({
          id: row.id,
          delta: row.delta,
          reason: row.reason,
          reference: row.reference,
          note: row.note,
          balance_after: row.balanceAfter,
          created_at: row.createdAt.toISOString(),
        })),
        payments: userPayments.map(toAdminPayment),
        events: events.map((row) => ({ event_type: row.eventType, source: row.source, created_at: row.createdAt.toISOString() })),
        audit: audit.map(toAuditEntry),
      };
    },

    /** Grants (positive) or removes (negative) credits through the ledger, with the reason on the audit row. */
    async changeCredits(actor: UserRow, userId: number, request: AdminCreditChangeRequest): Promise<AdminUserResponse> {
      const target = await userOr404(userId);
      const granting = request.amount > 0;
      try {
        const balance = await audited(
          {
            actor,
            target,
            action: granting ? AUDIT_ACTIONS.creditsGranted : AUDIT_ACTIONS.creditsRemoved,
            details: { amount: request.amount, reason: request.reason },
          },
          (tx, auditId) =>
            applyCreditChange(tx, target.id, {
              delta: request.amount,
              reason: granting ? 'admin_grant' : 'admin_removal',
              reference: `audit:${auditId}`,
            }),
        );
        const verb = granting ? `Granted ${request.amount} credits to` : `Removed ${-request.amount} credits from`;
        return answer(target.id, `${verb} ${target.email}; balance ${balance}.`);
      } catch (error) {
        if (error instanceof InsufficientCreditsError)
          throw badRequest(`${target.email} has only ${error.available} credits.`, {
            amount: [`Cannot remove more than the ${error.available} credits the user has.`],
          });
        throw error;
      }
    },

    async setPlan(actor: UserRow, userId: number, request: AdminPlanRequest): Promise<AdminUserResponse> {
      const target = await userOr404(userId);
      if (target.plan === request.plan) return answer(target.id, `The plan is already ${request.plan}.`);
      await audited(
        { actor, target, action: AUDIT_ACTIONS.planChanged, details: { from: target.plan, to: request.plan, reason: request.reason ?? null } },
        (tx) => createUsersRepository(tx).setPlan(target.id, request.plan),
      );
      return answer(target.id, `Plan of ${target.email} is now ${request.plan}.`);
    },

    async setActive(actor: UserRow, userId: number, request: AdminActiveRequest): Promise<AdminUserResponse> {
      const target = await userOr404(userId);
      if (target.id === actor.id) throw badRequest('You cannot deactivate your own account.');
      assertMayManage(actor, target);
      if (target.isActive === request.is_active)
        return answer(target.id, request.is_active ? 'The account is already active.' : 'The account is already deactivated.');
      await audited(
        {
          actor,
          target,
          action: request.is_active ? AUDIT_ACTIONS.userReactivated : AUDIT_ACTIONS.userDeactivated,
          details: { reason: request.reason ?? null },
        },
        (tx) => createUsersRepository(tx).setActive(target.id, request.is_active),
      );
      return answer(target.id, `${target.email} is ${request.is_active ? 'reactivated' : 'deactivated'}.`);
    },

    async resendVerification(actor: UserRow, userId: number, ip: string): Promise<AdminUserResponse> {
      const target = await userOr404(userId);
      if (target.isVerified) throw badRequest('This e-mail address is already verified.');
      if (!target.isActive) throw badRequest('The account is deactivated: reactivate it first.');
      await auth.resendVerificationForUser(target, ip);
      await repository.insertAudit({ actorId: actor.id, targetUserId: target.id, action: AUDIT_ACTIONS.verificationResent, details: { email: target.email } });
      return answer(target.id, `Verification e-mail sent to ${target.email}.`);
    },

    /** Admins only (the route checks): making or unmaking staff. */
    async setStaff(actor: UserRow, userId: number, request: AdminStaffRequest): Promise<AdminUserResponse> {
      const target = await userOr404(userId);
      if (target.id === actor.id) throw badRequest('You cannot change your own staff status.');
      if (target.isSuperuser && !request.is_staff) throw badRequest('An admin is always staff.');
      if (target.isStaff === request.is_staff)
        return answer(target.id, request.is_staff ? 'The user is already staff.' : 'The user is not staff.');
      await audited(
        { actor, target, action: request.is_staff ? AUDIT_ACTIONS.staffGranted : AUDIT_ACTIONS.staffRevoked, details: {} },
        (tx) => createUsersRepository(tx).setStaff(target.id, request.is_staff),
      );
      return answer(target.id, `${target.email} is ${request.is_staff ? 'now staff' : 'no longer staff'}.`);
    },

    async payments(status: PaymentStatus | undefined) {
      const rows = await repository.payments(status === undefined ? {} : { status });
      return { success: true as const, payments: rows.map(toAdminPayment) };
    },

    /** Consultation requests from the guide pages (stored by the guides area). */
    async consultations(status: 'open' | 'handled' | 'all') {
      const rows = await createGuidesRepository(db).consultations(status === 'all' ? {} : { handled: status === 'handled' }, ADMIN_LIST_LIMIT);
      return { success: true as const, consultations: rows.map(toAdminConsultation) };
    },

    async markConsultationHandled(actor: UserRow, consultationId: number) {
      const row = await db.transaction(async (tx) => {
        const handled = await createGuidesRepository(tx).markConsultationHandled(consultationId);
        if (!handled) return null;
        await createAdminRepository(tx).insertAudit({
          actorId: actor.id,
          targetUserId: null,
          action: AUDIT_ACTIONS.consultationHandled,
          details: { consultation_id: handled.id, email: handled.email, room_slug: handled.roomSlug },
        });
        return handled;
      });
      if (!row) {
        const exists = await createGuidesRepository(db).findConsultation(consultationId);
        throw exists ? new HttpError(409, 'This request is already marked handled.') : notFound('No such consultation request.');
      }
      return { success: true as const, consultation: toAdminConsultation(row) };
    },

    async auditLog() {
      return { success: true as const, entries: (await repository.auditLog()).map(toAuditEntry) };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
