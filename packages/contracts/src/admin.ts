import { z } from 'zod';
import { paymentStatus } from './billing.ts';
import { safeString } from './common.ts';
import { PLAN_KEYS } from './catalogue.ts';

/**
 * The staff console (`/app/admin`, our addition): what an operator needs to run the service, every call
 * behind the staff guard and every change written to the audit log.
 */

const id = z.number().int();

export const adminUserSummary = z.object({
  id,
  username: z.string(),
  email: z.string(),
  plan: z.enum(PLAN_KEYS),
  credits: z.number().int(),
  is_active: z.boolean(),
  is_verified: z.boolean(),
  is_staff: z.boolean(),
  is_superuser: z.boolean(),
  date_joined: z.string(),
  last_login: z.string().nullable(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummary>;

export const adminUserSearchQuery = z.object({
  /** Part of an e-mail address or a username, case-insensitive; empty lists the newest accounts. */
  search: safeString(200).trim().default(''),
});
export const adminUserListResponse = z.object({ success: z.literal(true), users: z.array(adminUserSummary) });
export type AdminUserListResponse = z.infer<typeof adminUserListResponse>;

export const adminLedgerEntry = z.object({
  id,
  delta: z.number().int(),
  reason: z.string(),
  reference: z.string().nullable(),
  /** The reason a staff member typed, for grants and removals made in the console. */
  note: z.string().nullable(),
  balance_after: z.number().int(),
  created_at: z.string(),
});
export type AdminLedgerEntry = z.infer<typeof adminLedgerEntry>;

export const adminPayment = z.object({
  id,
  user_id: id,
  user_email: z.string(),
  item_key: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: paymentStatus,
  provider: z.enum(['stripe', 'test']),
  provider_session_id: z.string(),
  /** Refunded so far, in the payment's currency (0 when none). */
  refunded_amount: z.number(),
  refunded_at: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof adminPayment>;

export const adminUserEvent = z.object({
  event_type: z.string(),
  source: z.string().nullable(),
  created_at: z.string(),
});

export const auditEntry = z.object({
  id,
  actor_id: id.nullable(),
  actor_username: z.string().nullable(),
  target_user_id: id.nullable(),
  target_email: z.string().nullable(),
  action: z.string(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const adminUserDetailResponse = z.object({
  success: z.literal(true),
  user: adminUserSummary,
  /** Design sessions (rooms worked on in the studio). */
  sessions_count: z.number().int(),
  ledger: z.array(adminLedgerEntry),
  payments: z.array(adminPayment),
  events: z.array(adminUserEvent),
  audit: z.array(auditEntry),
});
export type AdminUserDetailResponse = z.infer<typeof adminUserDetailResponse>;

const reasonField = safeString(500, { multiline: true }).trim().min(1, 'Please give a reason.');

export const adminCreditChangeRequest = z.object({
  /** Positive grants, negative removes; never 0. */
  amount: z
    .number({ error: 'A whole number is required.' })
    .int('A whole number is required.')
    .min(-100000, 'Ensure this value is greater than or equal to -100000.')
    .max(100000, 'Ensure this value is less than or equal to 100000.')
    .refine((value) => value !== 0, 'The amount must not be 0.'),
  reason: reasonField,
});
export type AdminCreditChangeRequest = z.infer<typeof adminCreditChangeRequest>;

export const adminPlanRequest = z.object({ plan: z.enum(PLAN_KEYS), reason: reasonField.optional() });
export type AdminPlanRequest = z.infer<typeof adminPlanRequest>;
export const adminActiveRequest = z.object({ is_active: z.boolean(), reason: reasonField.optional() });
export type AdminActiveRequest = z.infer<typeof adminActiveRequest>;
export const adminStaffRequest = z.object({ is_staff: z.boolean() });
export type AdminStaffRequest = z.infer<typeof adminStaffRequest>;

export const adminUserResponse = z.object({ success: z.literal(true), detail: z.string(), user: adminUserSummary });
export type AdminUserResponse = z.infer<typeof adminUserResponse>;

export const adminPaymentsQuery = z.object({ status: paymentStatus.optional() });
export const adminPaymentsResponse = z.object({ success: z.literal(true), payments: z.array(adminPayment) });
export type AdminPaymentsResponse = z.infer<typeof adminPaymentsResponse>;

export const auditLogResponse = z.object({ success: z.literal(true), entries: z.array(auditEntry) });
export type AuditLogResponse = z.infer<typeof auditLogResponse>;

export const adminConsultation = z.object({
  id,
  name: z.string(),
  email: z.string(),
  message: z.string(),
  room_slug: z.string(),
  created_at: z.string(),
  handled_at: z.string().nullable(),
});
export type AdminConsultation = z.infer<typeof adminConsultation>;
export const adminConsultationsQuery = z.object({ status: z.enum(['open', 'handled', 'all']).default('open') });
export const adminConsultationsResponse = z.object({ success: z.literal(true), consultations: z.array(adminConsultation) });
export type AdminConsultationsResponse = z.infer<typeof adminConsultationsResponse>;
export const adminConsultationResponse = z.object({ success: z.literal(true), consultation: adminConsultation });
export type AdminConsultationResponse = z.infer<typeof adminConsultationResponse>;

/** Audit actions, in one place for the server that writes them and the console that labels them. */
export const AUDIT_ACTIONS = {
  creditsGranted: 'credits_granted',
  creditsRemoved: 'credits_removed',
  planChanged: 'plan_changed',
  userDeactivated: 'user_deactivated',
  userReactivated: 'user_reactivated',
  verificationResent: 'verification_resent',
  staffGranted: 'staff_granted',
  staffRevoked: 'staff_revoked',
  consultationHandled: 'consultation_handled',
} as const;

export const ADMIN_ROUTES = {
  users: '/api/admin/users/',
  user: (userId: number | string) => `/api/admin/users/${userId}/`,
  credits: (userId: number | string) => `/api/admin/users/${userId}/credits/`,
  plan: (userId: number | string) => `/api/admin/users/${userId}/plan/`,
  active: (userId: number | string) => `/api/admin/users/${userId}/active/`,
  staff: (userId: number | string) => `/api/admin/users/${userId}/staff/`,
  resendVerification: (userId: number | string) => `/api/admin/users/${userId}/resend-verification/`,
  payments: '/api/admin/payments/',
  auditLog: '/api/admin/audit-log/',
  consultations: '/api/admin/consultations/',
  consultationHandled: (consultationId: number | string) => `/api/admin/consultations/${consultationId}/handled/`,
} as const;
