import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CREDIT_COSTS } from '@stagecraft/contracts';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { bearer, verifiedUser } from '../../../test/accounts.ts';
import { describeEachDatabase, type TestContext } from '../../../test/test-app.ts';
import { creditLedger, users } from '../../db/schema.ts';
import { loadConfig } from '../../config.ts';
import { paymentsStartupWarning } from './catalogue.ts';
import { applyCreditChange, InsufficientCreditsError, spendCredits } from './credit-ledger.ts';

type Session = Awaited<ReturnType<typeof verifiedUser>>;

async function startTestCheckout(ctx: TestContext, user: Session, priceId: string): Promise<string> {
  const { pk, email, username } = user.tokens.user;
  const url = `/api/subscribe/user=${pk}&email=${encodeURIComponent(email)}&name=${encodeURIComponent(username)}&price_id=${priceId}`;
  const response = await ctx.app.inject({
    method: 'POST',
    url,
    payload: { referral_id: 'affiliate-7' },
    headers: bearer(user.tokens.access),
  });
  expect(response.statusCode, response.body).toBe(200);
  const checkoutUrl: string = response.json().url;
  expect(checkoutUrl).toMatch(/^http:\/\/127\.0\.0\.1:8080\/app\/test-checkout\/test_cs_[\w-]+$/);
  return checkoutUrl.split('/').pop() ?? '';
}

describeEachDatabase('credits and test-mode payments', (ctx) => {
  const get = (url: string, user: Session) => ctx().app.inject({ method: 'GET', url, headers: bearer(user.tokens.access) });
  const post = (url: string, user: Session, payload: object = {}) =>
    ctx().app.inject({ method: 'POST', url, payload, headers: bearer(user.tokens.access) });
  const creditsOf = async (user: Session) => (await get('/api/user-credits/', user)).json().credits as number;

  it('never lets 50 concurrent spends of the last credit overdraw: exactly one succeeds', async () => {
    const user = await verifiedUser(ctx());
    const userId = user.tokens.user.pk;
    await applyCreditChange(ctx().db, userId, { delta: -2, reason: 'test_setup' });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) => spendCredits(ctx().db, userId, 'object_detection', `op-${index}`)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const failures = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(failures).toHaveLength(49);
    expect(failures.every((failure) => failure.reason instanceof InsufficientCreditsError)).toBe(true);
    const [row] = await ctx().db.select().from(users).where(eq(users.id, userId));
    expect(row?.credits).toBe(0);
    const spends = await ctx().db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
    expect(spends.filter((entry) => entry.reason === 'object_detection')).toHaveLength(1);
  });

  it('enforces a non-negative balance in the database itself', async () => {
    const user = await verifiedUser(ctx());
    await expect(ctx().db.update(users).set({ credits: -1 }).where(eq(users.id, user.tokens.user.pk))).rejects.toThrow();
  });

  it('serves the catalogue and the credit costs without a token', async () => {
    const plans = await ctx().app.inject({ method: 'GET', url: '/api/plans/' });
    expect(plans.statusCode).toBe(200);
    const body = plans.json();
    expect(body.payments_mode).toBe('test');
    expect(
      body.credit_packs.map((pack: { name: string; credits: number; price: number }) => [pack.name, pack.credits, pack.price]),
    ).toEqual([
      ['Consultation Pack', 5, 15],
      ['Weekly Pack', 15, 39],
      ['Agency Pack', 30, 69],
    ]);
    expect(
      body.subscriptions.map((plan: { price: number; interval: string; label: string }) => [
        plan.price,
        plan.interval,
        plan.label,
      ]),
    ).toEqual([
      [29, 'month', 'Most popular'],
      [261, 'year', 'Save 25%'],
    ]);
    expect(body.credit_packs[2].label).toBe('Best value');
    expect(body.paid_plans_start_from).toBe(15);
    const costs = await ctx().app.inject({ method: 'GET', url: '/api/ai-design/credit-costs/' });
    expect(costs.json()).toEqual({ success: true, credit_costs: CREDIT_COSTS });
  });

  it('reports credits and user state, and moves the counters from tracked actions', async () => {
    const user = await verifiedUser(ctx());
    expect(await creditsOf(user)).toBe(3);
    const initial = await get('/api/user-state/', user);
    expect(initial.json()).toEqual({
      success: true,
      credits: 3,
      layouts_created: 0,
      exports_completed: 0,
      has_completed_first_export: false,
      has_seen_upgrade_nudge: false,
      plan: 'free',
    });
    for (const action of ['LAYOUT_CREATED', 'LAYOUT_CREATED', 'EXPORT_COMPLETED', 'UPGRADE_NUDGE_SHOWN', 'CREDIT_USAGE']) {
      expect((await post('/api/track-action/', user, { action, metadata: { source: 'test' } })).statusCode).toBe(201);
    }
    expect((await get('/api/user-state/', user)).json()).toMatchObject({
      layouts_created: 2,
      exports_completed: 1,
      has_completed_first_export: true,
      has_seen_upgrade_nudge: true,
    });
    expect((await post('/api/track-action/', user, { action: 'NOT_AN_ACTION' })).statusCode).toBe(400);
    const event = await post('/api/conversion-event/', user, {
      event_type: 'pricing_page_view',
      source: 'floating_button',
      metadata: { session_id: 's1', page_url: '/app/pricing', user_plan: 'free' },
    });
    expect(event.statusCode).toBe(201);
    expect((await post('/api/conversion-event/', user, { event_type: 'made_up' })).statusCode).toBe(400);
  });

  it('sells the Consultation Pack through the test checkout: 5 credits and the paid plan, once', async () => {
    const user = await verifiedUser(ctx());
    const sessionId = await startTestCheckout(ctx(), user, 'test_price_consultation');
    const session = await get(`/api/test-checkout/${sessionId}/`, user);
    expect(session.json()).toMatchObject({
      session_id: sessionId,
      status: 'pending',
      item: { name: 'Consultation Pack', price: 15, credits: 5 },
    });
    const paid = await post(`/api/test-checkout/${sessionId}/complete/`, user, { outcome: 'paid' });
    expect(paid.json()).toEqual({ redirect: '/app/payment-successful' });
    expect(await creditsOf(user)).toBe(8);
    const again = await post(`/api/test-checkout/${sessionId}/complete/`, user, { outcome: 'paid' });
    expect(again.statusCode).toBe(409);
    expect(await creditsOf(user)).toBe(8);
    const result = await get(`/api/payment-successful/user=${user.tokens.user.pk}`, user);
    expect(result.json()).toEqual({ success: true, plan: 'paid', credits: 8 });
    const portal = await get('/api/test-billing-portal/', user);
    expect(portal.json().payments).toMatchObject([
      { item_name: 'Consultation Pack', amount: 15, currency: 'USD', status: 'paid' },
    ]);
  });

  it('completes a test session once even when both completions arrive together', async () => {
    const user = await verifiedUser(ctx());
    const sessionId = await startTestCheckout(ctx(), user, 'test_price_agency');
    const results = await Promise.all(
      [1, 2, 3].map(() => post(`/api/test-checkout/${sessionId}/complete/`, user, { outcome: 'paid' })),
    );
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await creditsOf(user)).toBe(33);
  });

  it('changes nothing on a declined payment', async () => {
    const user = await verifiedUser(ctx());
    const sessionId = await startTestCheckout(ctx(), user, 'test_price_weekly');
    const declined = await post(`/api/test-checkout/${sessionId}/complete/`, user, { outcome: 'declined' });
    expect(declined.json()).toEqual({ redirect: '/app/payment-denied' });
    expect((await get('/api/user-state/', user)).json()).toMatchObject({ credits: 3, plan: 'free' });
    expect((await post(`/api/test-checkout/${sessionId}/complete/`, user, { outcome: 'paid' })).statusCode).toBe(409);
  });

  it('lets only the user who started a test session see or complete it', async () => {
    const owner = await verifiedUser(ctx());
    const stranger = await verifiedUser(ctx());
    const sessionId = await startTestCheckout(ctx(), owner, 'test_price_consultation');
    expect((await get(`/api/test-checkout/${sessionId}/`, stranger)).statusCode).toBe(404);
    expect((await post(`/api/test-checkout/${sessionId}/complete/`, stranger, { outcome: 'paid' })).statusCode).toBe(404);
    expect(await creditsOf(stranger)).toBe(3);
    expect(
      (await ctx().app.inject({ method: 'POST', url: `/api/test-checkout/${sessionId}/complete/`, payload: { outcome: 'paid' } }))
        .statusCode,
    ).toBe(401);
  });

  it('subscribes to Pro with 45 credits, and cancelling goes back to the plan the user paid for before', async () => {
    const proOnly = await verifiedUser(ctx());
    const session = await startTestCheckout(ctx(), proOnly, 'test_price_pro_monthly');
    await post(`/api/test-checkout/${session}/complete/`, proOnly, { outcome: 'paid' });
    expect((await get('/api/user-state/', proOnly)).json()).toMatchObject({ plan: 'pro', credits: 48 });
    const cancelled = await post('/api/test-billing-portal/cancel/', proOnly);
    expect(cancelled.json()).toMatchObject({ plan: 'free', can_cancel: false, credits: 48 });

    const packBuyer = await verifiedUser(ctx());
    await post(
      `/api/test-checkout/${await startTestCheckout(ctx(), packBuyer, 'test_price_consultation')}/complete/`,
      packBuyer,
      { outcome: 'paid' },
    );
    await post(`/api/test-checkout/${await startTestCheckout(ctx(), packBuyer, 'test_price_pro_yearly')}/complete/`, packBuyer, {
      outcome: 'paid',
    });
    expect((await get('/api/user-state/', packBuyer)).json().plan).toBe('pro');
    expect((await post('/api/test-billing-portal/cancel/', packBuyer)).json().plan).toBe('paid');
    expect((await post('/api/test-billing-portal/cancel/', packBuyer)).statusCode).toBe(400);
  });

  it("answers 403 when a path names another user's id", async () => {
    const alice = await verifiedUser(ctx());
    const bob = await verifiedUser(ctx());
    const bobId = bob.tokens.user.pk;
    const subscribe = await post(
      `/api/subscribe/user=${bobId}&email=${encodeURIComponent(bob.email)}&name=${bob.username}&price_id=test_price_weekly`,
      alice,
    );
    expect(subscribe.statusCode).toBe(403);
    expect((await get(`/api/payment-successful/user=${bobId}`, alice)).statusCode).toBe(403);
    expect((await post(`/api/billing-portal/${bobId}/`, alice)).statusCode).toBe(403);
    expect((await post(`/api/billing-portal/${alice.tokens.user.pk}/`, alice)).json()).toEqual({
      url: 'http://127.0.0.1:8080/app/test-billing-portal',
    });
  });

  it('refuses an unknown price id and a subscribe path without one', async () => {
    const user = await verifiedUser(ctx());
    const unknown = await post(`/api/subscribe/user=${user.tokens.user.pk}&email=x&name=y&price_id=price_nope`, user);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().price_id).toEqual(['Unknown price_id.']);
    expect((await post(`/api/subscribe/user=${user.tokens.user.pk}`, user)).statusCode).toBe(400);
  });

  it('refuses every webhook when no webhook secret is configured', async () => {
    const response = await ctx().app.inject({
      method: 'POST',
      url: '/api/stripe/webhook/',
      payload: '{"id":"evt_1","type":"invoice.paid"}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a NUL in a checkout id, in event metadata and in a referral id with a 400 naming the field', async () => {
    const user = await verifiedUser(ctx());
    const checkout = await get('/api/test-checkout/test_cs_abc%00/', user);
    expect(checkout.statusCode).toBe(400);
    expect(checkout.json()).toEqual({ detail: 'Null characters are not allowed.', session_id: ['Null characters are not allowed.'] });
    expect((await post('/api/test-checkout/%00/complete/', user, { outcome: 'paid' })).statusCode).toBe(400);
    const event = await post('/api/conversion-event/', user, {
      event_type: 'pricing_page_view',
      source: 'notification',
      metadata: { page_url: '/app/pricing\u0000' },
    });
    expect(event.statusCode).toBe(400);
    expect(event.json().metadata).toEqual(['Null characters are not allowed.']);
    const source = await post('/api/conversion-event/', user, { event_type: 'pricing_page_view', source: 'a\u0000' });
    expect(source.json()).toEqual({ detail: 'Null characters are not allowed.', source: ['Null characters are not allowed.'] });
    const { pk, email, username } = user.tokens.user;
    const subscribe = await post(
      `/api/subscribe/user=${pk}&email=${encodeURIComponent(email)}&name=${username}&price_id=test_price_consultation`,
      user,
      { referral_id: 'aff\u0000' },
    );
    expect(subscribe.json().referral_id).toEqual(['Null characters are not allowed.']);
  });
});

describeEachDatabase(
  'payments in production without Stripe keys',
  (ctx) => {
    it('answers 503 "Payments are not configured" to every purchase, and says so in the catalogue', async () => {
      const user = await verifiedUser(ctx());
      const { pk, email, username } = user.tokens.user;
      const subscribe = await ctx().app.inject({
        method: 'POST',
        url: `/api/subscribe/user=${pk}&email=${encodeURIComponent(email)}&name=${username}&price_id=test_price_consultation`,
        headers: bearer(user.tokens.access),
      });
      expect(subscribe.statusCode).toBe(503);
      expect(subscribe.json()).toEqual({ detail: 'Payments are not configured' });
      const complete = await ctx().app.inject({
        method: 'POST',
        url: '/api/test-checkout/test_cs_anything/complete/',
        payload: { outcome: 'paid' },
        headers: bearer(user.tokens.access),
      });
      expect(complete.statusCode).toBe(503);
      expect((await ctx().app.inject({ method: 'GET', url: '/api/plans/' })).json().payments_mode).toBe('off');
      expect((await ctx().app.inject({ method: 'GET', url: '/api/user-credits/', headers: bearer(user.tokens.access) })).json().credits).toBe(3);
    });
  },
  { env: { NODE_ENV: 'production' } },
);

describeEachDatabase(
  'payments in production with PAYMENTS_MODE=test',
  (ctx) => {
    it('sells through the test checkout, which the catalogue marks as a test', async () => {
      const user = await verifiedUser(ctx());
      const sessionId = await startTestCheckout(ctx(), user, 'test_price_consultation');
      const complete = await ctx().app.inject({
        method: 'POST',
        url: `/api/test-checkout/${sessionId}/complete/`,
        payload: { outcome: 'paid' },
        headers: bearer(user.tokens.access),
      });
      expect(complete.statusCode).toBe(200);
      expect((await ctx().app.inject({ method: 'GET', url: '/api/plans/' })).json().payments_mode).toBe('test');
    });
  },
  { env: { NODE_ENV: 'production', PAYMENTS_MODE: 'test' } },
);

it('warns loudly at start when a production server takes test payments', () => {
  const base = loadConfig({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'stagecraft-billing-')), NODE_ENV: 'production' });
  expect(paymentsStartupWarning({ ...base, paymentsMode: 'test' })).toMatch(/TEST PAYMENTS ARE ON/);
  expect(paymentsStartupWarning(base)).toMatch(/Payments are not configured/);
  expect(paymentsStartupWarning({ ...base, env: 'development', paymentsMode: 'test' })).toBeNull();
});
