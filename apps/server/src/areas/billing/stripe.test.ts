import { desc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, expect, it } from 'vitest';
import { bearer, verifiedUser } from '../../../test/accounts.ts';
import { startFakeStripe } from '../../../test/fake-stripe.ts';
import { describeEachDatabase, type TestContext } from '../../../test/test-app.ts';
import { creditLedger, payments, users } from '../../db/schema.ts';

const fakeStripe = await startFakeStripe();
afterAll(() => fakeStripe.close());

const WEBHOOK_SECRET = 'whsec_test_secret_for_signatures';
const sdk = new Stripe('sk_test_fake');
let eventSequence = 0;

/** A webhook delivery as Stripe sends it: the event JSON, signed with the SDK's test-header helper. */
function signedEvent(type: string, object: Record<string, unknown>, id = `evt_${++eventSequence}_${Date.now()}`) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  return { id, payload, signature: sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
}

const deliver = (ctx: TestContext, event: { payload: string; signature: string }) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook/',
    payload: event.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
  });

describeEachDatabase(
  'Stripe payments',
  (ctx) => {
    const userRow = async (id: number) => (await ctx().db.select().from(users).where(eq(users.id, id)))[0];

    async function checkout(user: Awaited<ReturnType<typeof verifiedUser>>, priceId: string) {
      const { pk, email, username } = user.tokens.user;
      const response = await ctx().app.inject({
        method: 'POST',
        url: `/api/subscribe/user=${pk}&email=${encodeURIComponent(email)}&name=${username}&price_id=${priceId}`,
        payload: { referral_id: 'ref-42' },
        headers: bearer(user.tokens.access),
      });
      expect(response.statusCode, response.body).toBe(200);
      const latest = (await ctx().db.select().from(payments).where(eq(payments.userId, pk)).orderBy(payments.id)).at(-1);
      return { url: response.json().url as string, sessionId: latest?.providerSessionId ?? '' };
    }

    it('creates a real Checkout Session: payment mode for packs, the user as client_reference_id, referral in metadata', async () => {
      const user = await verifiedUser(ctx());
      const { url } = await checkout(user, 'price_weekly_live');
      expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
      const sessionCall = fakeStripe.calls.filter((call) => call.path === '/v1/checkout/sessions').at(-1);
      expect(sessionCall?.params.get('mode')).toBe('payment');
      expect(sessionCall?.params.get('client_reference_id')).toBe(String(user.tokens.user.pk));
      expect(sessionCall?.params.get('line_items[0][price]')).toBe('price_weekly_live');
      expect(sessionCall?.params.get('metadata[referral_id]')).toBe('ref-42');
      expect(sessionCall?.params.get('success_url')).toBe(
        'http://127.0.0.1:8080/app/payment-successful?session_id={CHECKOUT_SESSION_ID}',
      );
      expect(sessionCall?.params.get('cancel_url')).toBe('http://127.0.0.1:8080/app/payment-denied');
      const [stored] = await ctx().db.select().from(payments).where(eq(payments.userId, user.tokens.user.pk));
      expect(stored).toMatchObject({
        provider: 'stripe',
        status: 'pending',
        itemKey: 'weekly',
        amount: 3900,
        currency: 'USD',
        referralId: 'ref-42',
      });
      expect((await userRow(user.tokens.user.pk))?.credits).toBe(3);
    });

    it('grants a pack only from a verified webhook, once, even when Stripe delivers it twice or twice at once', async () => {
      const user = await verifiedUser(ctx());
      const { sessionId } = await checkout(user, 'price_weekly_live');
      const completed = signedEvent('checkout.session.completed', {
        id: sessionId,
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        client_reference_id: String(user.tokens.user.pk),
      });
      const forged = {
        payload: completed.payload,
        signature: sdk.webhooks.generateTestHeaderString({ payload: completed.payload, secret: 'whsec_wrong' }),
      };
      expect((await deliver(ctx(), forged)).statusCode).toBe(400);
      expect(
        (await deliver(ctx(), { payload: completed.payload.replace('"paid"', '"unpaid"'), signature: completed.signature }))
          .statusCode,
      ).toBe(400);
      expect((await userRow(user.tokens.user.pk))?.credits).toBe(3);

      const [first, second] = await Promise.all([deliver(ctx(), completed), deliver(ctx(), completed)]);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect((await deliver(ctx(), completed)).json()).toEqual({ received: true, duplicate: true });
      expect(await userRow(user.tokens.user.pk)).toMatchObject({ credits: 18, plan: 'paid' });
    });

    it('makes a subscriber Pro, grants 45 credits for each paid period, and downgrades on cancellation', async () => {
      const user = await verifiedUser(ctx());
      const { sessionId } = await checkout(user, 'price_pro_monthly_live');
      const sessionCall = fakeStripe.calls.filter((call) => call.path === '/v1/checkout/sessions').at(-1);
      expect(sessionCall?.params.get('mode')).toBe('subscription');
      const customer = (await userRow(user.tokens.user.pk))?.stripeCustomerId ?? '';
      expect(customer).toMatch(/^cus_/);

      await deliver(
        ctx(),
        signedEvent('checkout.session.completed', {
          id: sessionId,
          object: 'checkout.session',
          mode: 'subscription',
          payment_status: 'paid',
          customer,
          subscription: 'sub_123',
        }),
      );
      expect(await userRow(user.tokens.user.pk)).toMatchObject({ plan: 'pro', credits: 3 });
      const period = (invoice: string) =>
        signedEvent('invoice.paid', {
          id: invoice,
          object: 'invoice',
          customer,
          billing_reason: invoice === 'in_1' ? 'subscription_create' : 'subscription_cycle',
        });
      await deliver(ctx(), period('in_1'));
      const renewal = period('in_2');
      await deliver(ctx(), renewal);
      await deliver(ctx(), renewal);
      expect((await userRow(user.tokens.user.pk))?.credits).toBe(93);

      await deliver(ctx(), signedEvent('customer.subscription.deleted', { id: 'sub_123', object: 'subscription', customer }));
      expect(await userRow(user.tokens.user.pk)).toMatchObject({ plan: 'free', credits: 93 });
    });

    /** Stripe's event for a pack paid through checkout, with the payment intent its refunds will name. */
    const paidPackCheckout = (sessionId: string, paymentIntent: string) =>
      signedEvent('checkout.session.completed', {
        id: sessionId,
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        payment_intent: paymentIntent,
      });

    it('applies a refund from charge.refunded once: the payment is refunded, the unspent pack credits leave through the ledger', async () => {
      const user = await verifiedUser(ctx());
      const { pk } = user.tokens.user;
      const { sessionId } = await checkout(user, 'price_weekly_live');
      const intent = `pi_${sessionId.slice(-12)}`;
      await deliver(ctx(), paidPackCheckout(sessionId, intent));
      expect(await userRow(pk)).toMatchObject({ credits: 18, plan: 'paid' });
      const charge = (amountRefunded: number) =>
        signedEvent('charge.refunded', {
          id: 'ch_weekly',
          object: 'charge',
          amount: 3900,
          amount_refunded: amountRefunded,
          refunded: amountRefunded === 3900,
          payment_intent: intent,
        });
      // A charge we never sold through checkout changes nothing.
      const foreign = signedEvent('charge.refunded', {
        id: 'ch_x',
        object: 'charge',
        amount: 100,
        amount_refunded: 100,
        payment_intent: 'pi_unknown',
      });
      expect((await deliver(ctx(), foreign)).statusCode).toBe(200);

      // Half refunded first: 15 credits * 1950/3900 = 7 back (rounded down), the payment stays paid.
      expect((await deliver(ctx(), charge(1950))).statusCode).toBe(200);
      let [stored] = await ctx().db.select().from(payments).where(eq(payments.userId, pk));
      expect(stored).toMatchObject({ status: 'paid', refundedCents: 1950, providerPaymentIntentId: intent });
      expect((await userRow(pk))?.credits).toBe(11);

      // Then in full, delivered twice, and the older partial event again: applied once.
      const rest = charge(3900);
      await deliver(ctx(), rest);
      await deliver(ctx(), rest);
      await deliver(ctx(), charge(1950));
      [stored] = await ctx().db.select().from(payments).where(eq(payments.userId, pk));
      expect(stored).toMatchObject({ status: 'refunded', refundedCents: 3900 });
      expect(stored?.refundedAt).toBeInstanceOf(Date);
      // 3 signup credits stay; the pack's 15 are gone; with no paid pack left the account is Starter again.
      expect(await userRow(pk)).toMatchObject({ credits: 3, plan: 'free' });
      const ledger = await ctx().db.select().from(creditLedger).where(eq(creditLedger.userId, pk)).orderBy(creditLedger.id);
      expect(ledger.filter((entry) => entry.reason === 'payment_refund').map((entry) => [entry.delta, entry.reference])).toEqual([
        [-7, 'stripe:ch_weekly'],
        [-8, 'stripe:ch_weekly'],
      ]);
    });

    it('takes back only what is left when the refunded pack was partly spent, and lists the refund in the console', async () => {
      const user = await verifiedUser(ctx());
      const { pk } = user.tokens.user;
      const { sessionId } = await checkout(user, 'price_weekly_live');
      await deliver(ctx(), paidPackCheckout(sessionId, 'pi_spent'));
      await ctx().db.update(users).set({ credits: 5 }).where(eq(users.id, pk));
      await deliver(
        ctx(),
        signedEvent('charge.refunded', {
          id: 'ch_spent',
          object: 'charge',
          amount: 3900,
          amount_refunded: 3900,
          payment_intent: 'pi_spent',
        }),
      );
      expect((await userRow(pk))?.credits).toBe(0);
      const [entry] = await ctx()
        .db.select()
        .from(creditLedger)
        .where(eq(creditLedger.reason, 'payment_refund'))
        .orderBy(desc(creditLedger.id))
        .limit(1);
      expect(entry).toMatchObject({ userId: pk, delta: -5, balanceAfter: 0 });

      const staff = await verifiedUser(ctx());
      await ctx().db.update(users).set({ isStaff: true }).where(eq(users.id, staff.tokens.user.pk));
      const listed = await ctx().app.inject({
        method: 'GET',
        url: '/api/admin/payments/?status=refunded',
        headers: bearer(staff.tokens.access),
      });
      expect(listed.statusCode, listed.body).toBe(200);
      const row = listed.json().payments.find((payment: { user_id: number }) => payment.user_id === pk);
      expect(row).toMatchObject({ status: 'refunded', amount: 39, refunded_amount: 39 });
      expect(row.refunded_at).toEqual(expect.any(String));
      const paidOnly = await ctx().app.inject({
        method: 'GET',
        url: '/api/admin/payments/?status=paid',
        headers: bearer(staff.tokens.access),
      });
      expect(paidOnly.json().payments.some((payment: { user_id: number }) => payment.user_id === pk)).toBe(false);
    });

    it('opens the Stripe Billing Portal for the customer, and only for the caller', async () => {
      const user = await verifiedUser(ctx());
      const other = await verifiedUser(ctx());
      const before = await ctx().app.inject({
        method: 'POST',
        url: `/api/billing-portal/${user.tokens.user.pk}/`,
        headers: bearer(user.tokens.access),
      });
      expect(before.statusCode).toBe(400);
      await checkout(user, 'price_consultation_live');
      const portal = await ctx().app.inject({
        method: 'POST',
        url: `/api/billing-portal/${user.tokens.user.pk}/`,
        headers: bearer(user.tokens.access),
      });
      expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
      const call = fakeStripe.calls.filter((entry) => entry.path === '/v1/billing_portal/sessions').at(-1);
      expect(call?.params.get('customer')).toBe((await userRow(user.tokens.user.pk))?.stripeCustomerId);
      expect(
        (
          await ctx().app.inject({
            method: 'POST',
            url: `/api/billing-portal/${user.tokens.user.pk}/`,
            headers: bearer(other.tokens.access),
          })
        ).statusCode,
      ).toBe(403);
    });

    it('has no test checkout when Stripe is on', async () => {
      const user = await verifiedUser(ctx());
      expect(
        (await ctx().app.inject({ method: 'GET', url: '/api/test-billing-portal/', headers: bearer(user.tokens.access) }))
          .statusCode,
      ).toBe(404);
      expect((await ctx().app.inject({ method: 'GET', url: '/api/plans/' })).json().credit_packs[1].price_id).toBe(
        'price_weekly_live',
      );
    });
  },
  {
    env: {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fakeStripe.url,
      STRIPE_PRICE_PRO_MONTHLY: 'price_pro_monthly_live',
      STRIPE_PRICE_PRO_YEARLY: 'price_pro_yearly_live',
      STRIPE_PRICE_CONSULTATION_PACK: 'price_consultation_live',
      STRIPE_PRICE_WEEKLY_PACK: 'price_weekly_live',
      STRIPE_PRICE_AGENCY_PACK: 'price_agency_live',
    },
  },
);
