import {
  ADMIN_ROUTES,
  adminActiveRequest,
  adminConsultationResponse,
  adminConsultationsQuery,
  adminConsultationsResponse,
  adminCreditChangeRequest,
  adminPaymentsQuery,
  adminPaymentsResponse,
  adminPlanRequest,
  adminStaffRequest,
  adminUserDetailResponse,
  adminUserListResponse,
  adminUserResponse,
  adminUserSearchQuery,
  auditLogResponse,
} from '@stagecraft/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertSuperuser, type Authenticate, currentUser, requireStaff, requireLogin } from '../../plugins/authenticate.ts';
import type { AdminService } from './service.ts';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];
const userParams = z.object({ user_id: z.coerce.number({ error: 'Not a user id.' }).int('Not a user id.').positive('Not a user id.') });

/** The staff console's calls (our addition): every one behind the staff guard, read from the database per request. */
export async function adminRoutes(app: FastifyInstance, { admin, authenticate }: { admin: AdminService; authenticate: Authenticate }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  requireLogin(routes, authenticate);
  routes.addHook('preHandler', requireStaff);

  routes.get(
    ADMIN_ROUTES.users,
    { schema: { tags, security, summary: 'Find users by e-mail or username', querystring: adminUserSearchQuery, response: { 200: adminUserListResponse } } },
    (request) => admin.listUsers(request.query.search),
  );
  routes.get(
    ADMIN_ROUTES.user(':user_id'),
    { schema: { tags, security, summary: "A user's account, ledger, payments, sessions, events and audit", params: userParams, response: { 200: adminUserDetailResponse } } },
    (request) => admin.userDetail(request.params.user_id),
  );
  routes.post(
    ADMIN_ROUTES.credits(':user_id'),
    { schema: { tags, security, summary: 'Grant or remove credits, with a reason', params: userParams, body: adminCreditChangeRequest, response: { 200: adminUserResponse } } },
    (request) => admin.changeCredits(currentUser(request), request.params.user_id, request.body),
  );
  routes.post(
    ADMIN_ROUTES.plan(':user_id'),
    { schema: { tags, security, summary: 'Change the plan', params: userParams, body: adminPlanRequest, response: { 200: adminUserResponse } } },
    (request) => admin.setPlan(currentUser(request), request.params.user_id, request.body),
  );
  routes.post(
    ADMIN_ROUTES.active(':user_id'),
    { schema: { tags, security, summary: 'Deactivate or reactivate an account', params: userParams, body: adminActiveRequest, response: { 200: adminUserResponse } } },
    (request) => admin.setActive(currentUser(request), request.params.user_id, request.body),
  );
  routes.post(
    ADMIN_ROUTES.resendVerification(':user_id'),
    { schema: { tags, security, summary: 'Send the verification e-mail again', params: userParams, response: { 200: adminUserResponse } } },
    (request) => admin.resendVerification(currentUser(request), request.params.user_id, request.ip),
  );
  routes.post(
    ADMIN_ROUTES.staff(':user_id'),
    { schema: { tags, security, summary: 'Make or unmake staff (admins only)', params: userParams, body: adminStaffRequest, response: { 200: adminUserResponse } } },
    (request) => admin.setStaff(assertSuperuser(request), request.params.user_id, request.body),
  );
  routes.get(
    ADMIN_ROUTES.payments,
    { schema: { tags, security, summary: 'Payments, newest first', querystring: adminPaymentsQuery, response: { 200: adminPaymentsResponse } } },
    (request) => admin.payments(request.query.status),
  );
  routes.get(
    ADMIN_ROUTES.consultations,
    { schema: { tags, security, summary: 'Consultation requests from the guide pages', querystring: adminConsultationsQuery, response: { 200: adminConsultationsResponse } } },
    (request) => admin.consultations(request.query.status),
  );
  routes.post(
    ADMIN_ROUTES.consultationHandled(':consultation_id'),
    {
      schema: {
        tags,
        security,
        summary: 'Mark a consultation request handled',
        params: z.object({ consultation_id: z.coerce.number({ error: 'Not a request id.' }).int('Not a request id.').positive('Not a request id.') }),
        response: { 200: adminConsultationResponse },
      },
    },
    (request) => admin.markConsultationHandled(currentUser(request), request.params.consultation_id),
  );
  routes.get(
    ADMIN_ROUTES.auditLog,
    { schema: { tags, security, summary: 'What staff changed, newest first', response: { 200: auditLogResponse } } },
    () => admin.auditLog(),
  );
}
