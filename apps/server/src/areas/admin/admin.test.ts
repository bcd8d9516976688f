import {
  ADMIN_ROUTES,
  type AdminConsultationsResponse,
  type AdminPaymentsResponse,
  type AdminUserDetailResponse,
  type AdminUserListResponse,
  type AdminUserResponse,
  type AuditLogResponse,
} from '@stagecraft/contracts';
import { desc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { bearer, linksSentTo, registerUser, uniqueIp, verifiedUser } from '../../../test/accounts.ts';
import { describeEachDatabase, type TestContext } from '../../../test/test-app.ts';
import { adminAuditLog, conversionEvents, creditLedger, designSessions, payments, stagingConsultations, users } from '../../db/schema.ts';

type Role = 'user' | 'staff' | 'admin';

async function account(ctx: TestContext, role: Role) {
  const created = await verifiedUser(ctx);
  if (role !== 'user')
    await ctx.db.update(users).set({ isStaff: true, isSuperuser: role === 'admin' }).where(eq(users.email, created.email));
  const [row] = await ctx.db.select().from(users).where(eq(users.email, created.email));
  if (!row) throw new Error('no row');
  return { ...created, id: row.id, headers: bearer(created.tokens.access) };
}

async function auditRows(ctx: TestContext, targetUserId: number) {
  return ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, targetUserId)).orderBy(adminAuditLog.id);
}

/** Every console call, with a body that would pass validation, to prove the guard comes first. */
const everyCall = (userId: number) =>
  [
    { method: 'GET', url: `${ADMIN_ROUTES.users}?search=a` },
    { method: 'GET', url: ADMIN_ROUTES.user(userId) },
    { method: 'POST', url: ADMIN_ROUTES.credits(userId), payload: { amount: 5, reason: 'goodwill' } },
    { method: 'POST', url: ADMIN_ROUTES.plan(userId), payload: { plan: 'pro' } },
    { method: 'POST', url: ADMIN_ROUTES.active(userId), payload: { is_active: false } },
    { method: 'POST', url: ADMIN_ROUTES.resendVerification(userId) },
    { method: 'POST', url: ADMIN_ROUTES.staff(userId), payload: { is_staff: true } },
    { method: 'GET', url: ADMIN_ROUTES.payments },
    { method: 'GET', url: ADMIN_ROUTES.auditLog },
    { method: 'GET', url: ADMIN_ROUTES.consultations },
    { method: 'POST', url: ADMIN_ROUTES.consultationHandled(1) },
  ] as const;

describeEachDatabase('admin console', (getContext) => {
  it('refuses every call to a user who is not staff, changing nothing', async () => {
    const ctx = getContext();
    const user = await account(ctx, 'user');
    const target = await account(ctx, 'user');
    for (const call of everyCall(target.id)) {
      const response = await ctx.app.inject({ ...call, headers: user.headers });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(response.json()).toEqual({ detail: 'Staff access required.' });
    }
    const [row] = await ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ credits: 3, plan: 'free', isActive: true, isStaff: false });
    expect(await auditRows(ctx, target.id)).toEqual([]);
  });

  it('refuses every call with a token minted before the user lost staff', async () => {
    const ctx = getContext();
    const admin = await account(ctx, 'admin');
    const staff = await account(ctx, 'staff');
    const target = await account(ctx, 'user');
    expect((await ctx.app.inject({ method: 'GET', url: ADMIN_ROUTES.auditLog, headers: staff.headers })).statusCode).toBe(200);
    const demoted = await ctx.app.inject({ method: 'POST', url: ADMIN_ROUTES.staff(staff.id), payload: { is_staff: false }, headers: admin.headers });
    expect(demoted.statusCode).toBe(200);
    for (const call of everyCall(target.id)) {
      const response = await ctx.app.inject({ ...call, headers: staff.headers });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
    }
  });

  it('finds users by part of the e-mail or the username, case-insensitively', async () => {
    const ctx = getContext();
    const staff = await account(ctx, 'staff');
    const target = await account(ctx, 'user');
    const byEmail = await ctx.app.inject({ method: 'GET', url: `${ADMIN_ROUTES.users}?search=${target.email.toUpperCase()}`, headers: staff.headers });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json<AdminUserListResponse>().users.map((user) => user.id)).toEqual([target.id]);
    const byName = await ctx.app.inject({ method: 'GET', url: `${ADMIN_ROUTES.users}?search=${target.username.slice(3)}`, headers: staff.headers });
    expect(byName.json<AdminUserListResponse>().users).toEqual([
      expect.objectContaining({ id: target.id, email: target.email, credits: 3, plan: 'free', is_verified: true, is_active: true }),
    ]);
    // A wildcard typed in the box is a character to look for, not "anything".
    const wildcard = await ctx.app.inject({ method: 'GET', url: `${ADMIN_ROUTES.users}?search=%25%25%25`, headers: staff.headers });
    expect(wildcard.json<AdminUserListResponse>().users).toEqual([]);
  });

  it("shows a user's plan, credits, ledger, payments, sessions and events", async () => {
    const ctx = getContext();
    const staff = await account(ctx, 'staff');
    const target = await account(ctx, 'user');
    await ctx.db.insert(designSessions).values([
      { id: `s-${target.id}-1`, userId: target.id },
      { id: `s-${target.id}-2`, userId: target.id },
    ]);
    await ctx.db.insert(conversionEvents).values({ userId: target.id, eventType: 'pricing_page_view', source: 'floating_button' });
    await ctx.db.insert(payments).values({
      userId: target.id,
      itemKey: 'weekly',
      amount: 3900,
      currency: 'USD',
      status: 'paid',
      provider: 'test',
      providerSessionId: `test_cs_detail_${target.id}`,
    });
    const response = await ctx.app.inject({ method: 'GET', url: ADMIN_ROUTES.user(target.id), headers: staff.headers });
    expect(response.statusCode).toBe(200);
    const detail = response.json<AdminUserDetailResponse>();
    expect(detail.user).toMatchObject({ id: target.id, plan: 'free', credits: 3 });
    expect(detail.sessions_count).toBe(2);
    expect(detail.ledger).toEqual([expect.objectContaining({ delta: 3, reason: 'signup_bonus', balance_after: 3, note: null })]);
    expect(detail.payments).toEqual([expect.objectContaining({ item_key: 'weekly', amount: 39, status: 'paid', user_email: target.email })]);
    expect(detail.events).toEqual([expect.objectContaining({ event_type: 'pricing_page_view', source: 'floating_button' })]);

    expect((await ctx.app.inject({ method: 'GET', url: ADMIN_ROUTES.user(999999), headers: staff.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/users/abc/', headers: staff.headers })).statusCode).toBe(400);
  });

  it('grants and removes credits through the ledger, with the reason in the audit log', async () => {
    const ctx = getContext();
    const staff = await account(ctx, 'staff');
    const target = await account(ctx, 'user');
    const granted = await ctx.app.inject({
      method: 'POST',
      url: ADMIN_ROUTES.credits(target.id),
      payload: { amount: 10, reason: 'Apology for the outage' },
      headers: staff.headers,
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json<AdminUserResponse>().user.credits).toBe(13);
    const removed = await ctx.app.inject({
      method: 'POST',
      url: ADMIN_ROUTES.credits(target.id),
      payload: { amount: -4, reason: 'Granted twice by mistake' },
      headers: staff.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<AdminUserResponse>().user.credits).toBe(9);

    const audit = await auditRows(ctx, target.id);
    expect(audit.map((row) => [row.actorId, row.action, row.details])).toEqual([
      [staff.id, 'credits_granted', { amount: 10, reason: 'Apology for the outage' }],
      [staff.id, 'credits_removed', { amount: -4, reason: 'Granted twice by mistake' }],
    ]);
    const ledger = await ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, target.id)).orderBy(desc(creditLedger.id));
    expect(ledger.slice(0, 2).map((row) => [row.delta, row.reason, row.reference, row.balanceAfter])).toEqual([
      [-4, 'admin_removal', `audit:${audit[1]?.id}`, 9],
      [10, 'admin_grant', `audit:${audit[0]?.id}`, 13],
    ]);
    // The console shows the typed reason beside each ledger line.
    const detail = (await ctx.app.inject({ method: 'GET', url: ADMIN_ROUTES.user(target.id), headers: staff.headers })).json<AdminUserDetailResponse>();
    expect(detail.ledger.slice(0, 2).map((entry) => entry.note)).toEqual(['Granted twice by mistake', 'Apology for the outage']);

    // The user sees the new balance.
    const credits = await ctx.app.inject({ method: 'GET', url: '/api/user-credits/', headers: target.headers });
    expect(credits.json()).toMatchObject({ credits: 9 });
  });

  it('refuses to remove more credits than the user has, and writes nothing', async () => {
    const ctx = getContext();
    const staff = await account(ctx, 'staff');
    const target = await account(ctx, 'user');
    const response = await ctx.app.inject({
      method: 'POST',
      url: ADMIN_ROUTES.credits(target.id),
      payload: { amount: -50, reason: 'too many' },
      headers: staff.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().amount).toEqual(['Cannot remove more than the 3 credits the user has.']);
    expect(await auditRows(ctx, target.id)).toEqual([]);
    const bad = await Promise.all(
      [{ amount: 0, reason: 'x' }, { amount: 5 }, { amount: 5, reason: '  ' }, { amount: 1.5, reason: 'x' }].map((payload) =>
        ctx.app.inject({ method: 'POST', url: ADMIN_ROUTES.credits(target.id), payload, headers: staff.headers }),
      ),
    );
    expect(bad.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400]);
    expect(bad[2]?.json().reason).toEqual(['Please give a reason.']);
  });

  it('changes the plan, deactivates and reactivates, each with an audit row', async () => {
    const ctx = getContext();
    const staff = await account(ctx, 'staff');
    const target = await account(ctx, 'user');
    const plan = await ctx.app.inject({ method: 'POST', url: ADMIN_ROUTES.plan(target.id), payload: { plan: 'pro' }, headers: staff.headers });
    expect(plan.json<AdminUserResponse>().user.plan).toBe('pro');
    expect((await ctx.app.inject({ method: 'POST', url: ADMIN_ROUTES.plan(target.id), payload: { plan: 'gold' }, headers: staff.headers })).statusCode).toBe(400);

    const off = await ctx.app.inject({ method: 'POST', url: ADMIN_ROUTES.active(target.id), payload: { is_active: false, reason: 'chargeback' }, headers: staff.headers });
    expect(off.json<AdminUserResponse>().user.is_active).toBe(false);
    // A deactivated user's token and password stop working at once.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user-credits/', headers: target.headers })).statusCode).toBe(401);
    const login = await ctx.app.inject({ method: 'POST', url: '/auth/login/', payload: { email: target.email, password: target.password }, remoteAddress: uniqueIp() });
    expect(login.statusCode).toBe(400);

    const on = await ctx.app.inject({ method: 'POST', url: ADMIN_ROUTES.active(target.id), payload: { is_active: true }, headers: staff.headers });
    expect(on.json<AdminUserResponse>().user.is_active).toBe(true);
    const relogin = await ctx.app.inject({ method: 'POST', url: '/auth/login/', payload: { email: target.email, password: target.password }, remoteAddress: uniqueIp() });
    expect(relogin.statusCode).toBe(200);

    expect((await auditRows(ctx, target.id)).map((row) => [row.action, row.details])).toEqual([
      ['plan_changed', { from: 'free', to: 'pro', reason: null }],
      ['user_deactivated', { reason: 'chargeback' }],
      ['user_reactivated', { reason: null }],
    ]);
    const self = await ctx.app.inject({ method: 'POST', url: ADMIN_ROUTES.active(staff.id), payload: { is_active: false }, headers: staff.headers });
    expect(self.statusCode).toBe(400);
  });

  it('leaves accounts of staff to admins', async () => {
    const ctx = getContext();
    const staff = await account(ctx, 'staff');
    const otherStaff = await account(ctx, 'staff');
    const off = await ctx.app.inject({ method: 'POST', url: ADMIN_ROUTES.active(otherStaff.id), payload: { is_active: false }, headers: staff.headers });
    expect(off.statusCode).toBe(403);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, otherStaff.id));
    expect(row?.isActive).toBe(true);
  });

  it('resends the verification e-mail through the sign-up mail', async () => {
    const ctx = getContext();
    const staff = await account(ctx, 'staff');
    const { email } = await registerUser(ctx);
    const [row] = await ctx.db.select().from(users).where(eq(users.email, email));
    const before = (await linksSentTo(ctx, email, /confirm-email/)).length;
    const response = await ctx.app.inject({ method: 'POST', url: ADMIN_ROUTES.resendVerification(row?.id ?? 0), headers: staff.headers });
    expect(response.statusCode).toBe(200);
    expect((await linksSentTo(ctx, email, /confirm-email/)).length).toBe(before + 1);
    expect((await auditRows(ctx, row?.id ?? 0)).map((audit) => audit.action)).toEqual(['verification_resent']);
    const verified = await account(ctx, 'user');
    const refused = await ctx.app.inject({ method: 'POST', url: ADMIN_ROUTES.resendVerification(verified.id), headers: staff.headers });
    expect(refused.statusCode).toBe(400);
  });

  it('lets only an admin make or unmake staff', async () => {
    const ctx = getContext();
    const admin = await account(ctx, 'admin');
    const staff = await account(ctx, 'staff');
    const target = await account(ctx, 'user');
    const byStaff = await ctx.app.inject({ method: 'POST', url: ADMIN_ROUTES.staff(target.id), payload: { is_staff: true }, headers: staff.headers });
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json()).toEqual({ detail: 'Only an admin can change who is staff.' });

    const made = await ctx.app.inject({ method: 'POST', url: ADMIN_ROUTES.staff(target.id), payload: { is_staff: true }, headers: admin.headers });
    expect(made.json<AdminUserResponse>().user.is_staff).toBe(true);
    // The new staff member's existing token opens the console at once.
    expect((await ctx.app.inject({ method: 'GET', url: ADMIN_ROUTES.auditLog, headers: target.headers })).statusCode).toBe(200);
    const unmade = await ctx.app.inject({ method: 'POST', url: ADMIN_ROUTES.staff(target.id), payload: { is_staff: false }, headers: admin.headers });
    expect(unmade.json<AdminUserResponse>().user.is_staff).toBe(false);
    expect((await auditRows(ctx, target.id)).map((row) => [row.actorId, row.action])).toEqual([
      [admin.id, 'staff_granted'],
      [admin.id, 'staff_revoked'],
    ]);
    const self = await ctx.app.inject({ method: 'POST', url: ADMIN_ROUTES.staff(admin.id), payload: { is_staff: false }, headers: admin.headers });
    expect(self.statusCode).toBe(400);
  });

  it('lists payments by status and the audit log, newest first', async () => {
    const ctx = getContext();
    const staff = await account(ctx, 'staff');
    const target = await account(ctx, 'user');
    await ctx.db.insert(payments).values([
      { userId: target.id, itemKey: 'agency', amount: 6900, currency: 'USD', status: 'declined', provider: 'test', providerSessionId: `test_cs_list_d_${target.id}` },
      { userId: target.id, itemKey: 'agency', amount: 6900, currency: 'USD', status: 'paid', provider: 'test', providerSessionId: `test_cs_list_p_${target.id}` },
    ]);
    const declined = await ctx.app.inject({ method: 'GET', url: `${ADMIN_ROUTES.payments}?status=declined`, headers: staff.headers });
    expect(declined.statusCode).toBe(200);
    const list = declined.json<AdminPaymentsResponse>().payments;
    expect(list.every((payment) => payment.status === 'declined')).toBe(true);
    expect(list.some((payment) => payment.provider_session_id === `test_cs_list_d_${target.id}`)).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: `${ADMIN_ROUTES.payments}?status=lost`, headers: staff.headers })).statusCode).toBe(400);

    await ctx.app.inject({ method: 'POST', url: ADMIN_ROUTES.credits(target.id), payload: { amount: 2, reason: 'first' }, headers: staff.headers });
    await ctx.app.inject({ method: 'POST', url: ADMIN_ROUTES.plan(target.id), payload: { plan: 'paid' }, headers: staff.headers });
    const log = (await ctx.app.inject({ method: 'GET', url: ADMIN_ROUTES.auditLog, headers: staff.headers })).json<AuditLogResponse>();
    expect(log.entries.slice(0, 2)).toEqual([
      expect.objectContaining({ action: 'plan_changed', actor_username: staff.username, target_email: target.email }),
      expect.objectContaining({ action: 'credits_granted', actor_id: staff.id, target_user_id: target.id, details: { amount: 2, reason: 'first' } }),
    ]);
  });

  it('lists consultation requests from the guide pages and marks them handled once, with an audit row', async () => {
    const ctx = getContext();
    const staff = await account(ctx, 'staff');
    const email = `${staff.username}-client@example.com`;
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/staging/consultation/',
      payload: { name: 'Dana Client', email, message: 'Two-bedroom flat, listing next week.', room_slug: 'living-room' },
      remoteAddress: uniqueIp(),
    });
    expect(sent.statusCode).toBeLessThan(300);
    const open = (await ctx.app.inject({ method: 'GET', url: ADMIN_ROUTES.consultations, headers: staff.headers })).json<AdminConsultationsResponse>();
    const request = open.consultations.find((candidate) => candidate.email === email);
    expect(request).toMatchObject({ name: 'Dana Client', message: 'Two-bedroom flat, listing next week.', room_slug: 'living-room', handled_at: null });

    const handled = await ctx.app.inject({ method: 'POST', url: ADMIN_ROUTES.consultationHandled(request?.id ?? 0), headers: staff.headers });
    expect(handled.statusCode).toBe(200);
    expect(handled.json().consultation.handled_at).not.toBeNull();
    const [row] = await ctx.db.select().from(stagingConsultations).where(eq(stagingConsultations.id, request?.id ?? 0));
    expect(row?.handledAt).not.toBeNull();
    const again = await ctx.app.inject({ method: 'POST', url: ADMIN_ROUTES.consultationHandled(request?.id ?? 0), headers: staff.headers });
    expect(again.statusCode).toBe(409);
    expect((await ctx.app.inject({ method: 'POST', url: ADMIN_ROUTES.consultationHandled(99999999), headers: staff.headers })).statusCode).toBe(404);

    const stillOpen = (await ctx.app.inject({ method: 'GET', url: ADMIN_ROUTES.consultations, headers: staff.headers })).json<AdminConsultationsResponse>();
    expect(stillOpen.consultations.some((candidate) => candidate.email === email)).toBe(false);
    const done = (await ctx.app.inject({ method: 'GET', url: `${ADMIN_ROUTES.consultations}?status=handled`, headers: staff.headers })).json<AdminConsultationsResponse>();
    expect(done.consultations.map((candidate) => candidate.email)).toContain(email);
    const audit = await ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'consultation_handled'));
    expect(audit.filter((entry) => entry.details.email === email).map((entry) => entry.actorId)).toEqual([staff.id]);
  });
});
