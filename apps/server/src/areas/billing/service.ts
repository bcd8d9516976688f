import { randomBytes } from 'node:crypto';
import {
  PAYMENTS_NOT_CONFIGURED,
  type CatalogueItem,
  type PaymentRecord,
  type TestBillingPortalResponse,
  type TestCheckoutSession,
} from '@stagecraft/contracts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-errors.ts';
import type { UserRow, UsersRepository } from '../auth/users-repository.ts';
import type { Catalogue } from './catalogue.ts';
import { applyRefund } from './refunds.ts';
import { activateProPlan, endProPlan, grantCreditPack, grantProPeriodCredits } from './grants.ts';
import {
  type BillingRepository,
  claimPendingPayment,
  createBillingRepository,
  claimWebhookEvent,
  type PaymentRow,
} from './repository.ts';
import type { Stripe, StripeGateway } from './stripe-gateway.ts';

export interface BillingServiceDependencies {
  config: AppConfig;
  db: Database;
  catalogue: Catalogue;
  repository: BillingRepository;
  users: UsersRepository;
  stripe: StripeGateway | null;
  log: {
    info(object: object, message: string): void;
    warn(object: object, message: string): void;
    error(object: object, message: string): void;
  };
}

const toCents = (price: number) => Math.round(price * 100);

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

export function createBillingService(deps: BillingServiceDependencies) {
  const { config, db, catalogue, repository, stripe, log } = deps;

  /** Applies what a completed payment gives, once: the pending row is claimed in the same transaction. */
  async function completePayment(
    payment: PaymentRow,
    outcome: 'paid' | 'declined',
    extra: { subscriptionId?: string | null; reference: string },
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const claimed = await claimPendingPayment(
        tx,
        payment.id,
        outcome,
        extra.subscriptionId ? { providerSubscriptionId: extra.subscriptionId } : {},
      );
      if (!claimed) return false;
      if (outcome !== 'paid') return true;
      const item = catalogue.byKey(claimed.itemKey);
      if (!item) throw new Error(`Payment ${claimed.id} is for an unknown item ${claimed.itemKey}`);
      if (item.kind === 'credit_pack') {
        await grantCreditPack(tx, claimed.userId, item.key, extra.reference);
      } else {
        await activateProPlan(tx, claimed.userId);
        // Stripe sends invoice.paid for the first period; the test checkout has no invoices, so it grants here.
        if (claimed.provider === 'test') await grantProPeriodCredits(tx, claimed.userId, extra.reference);
      }
      return true;
    });
  }

  /** Without Stripe keys in production, and without PAYMENTS_MODE=test, nothing can be bought. */
  function assertPaymentsOn(): void {
    if (config.paymentsMode === 'off') throw new HttpError(503, PAYMENTS_NOT_CONFIGURED);
  }

  function paymentRecord(row: PaymentRow): PaymentRecord {
    return {
      id: row.id,
      item_key: row.itemKey,
      item_name: catalogue.byKey(row.itemKey)?.name ?? row.itemKey,
      amount: row.amount / 100,
      currency: row.currency,
      status: row.status,
      created_at: row.createdAt.toISOString(),
    };
  }

  async function testBillingPortal(user: UserRow): Promise<TestBillingPortalResponse> {
    assertPaymentsOn();
    if (stripe) throw notFound();
    const rows = await repository.paymentsOf(user.id);
    return { plan: user.plan, credits: user.credits, can_cancel: user.plan === 'pro', payments: rows.map(paymentRecord) };
  }

  async function ownTestSession(user: UserRow, sessionId: string): Promise<{ payment: PaymentRow; item: CatalogueItem }> {
    const payment = await repository.findPaymentBySession('test', sessionId);
    // Another user's session does not exist, as far as this user can tell.
    if (!payment || payment.userId !== user.id) throw notFound();
    const item = catalogue.byKey(payment.itemKey);
    if (!item) throw notFound();
    return { payment, item };
  }

  async function handleStripeEvent(tx: Database, event: Stripe.Event): Promise<void> {
    // Every read goes through the transaction: on PGlite there is one connection, and on PostgreSQL the
    // reads must see what this transaction wrote.
    const repository = createBillingRepository(tx);
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        if (session.payment_status === 'unpaid') return; // an async method: wait for async_payment_succeeded
        const payment = await repository.findPaymentBySession('stripe', session.id);
        if (!payment) {
          log.warn({ session: session.id }, 'Stripe checkout for a session we did not create');
          return;
        }
        const claimed = await claimPendingPayment(tx, payment.id, 'paid', {
          providerSubscriptionId: idOf(session.subscription),
          providerCustomerId: idOf(session.customer),
          providerPaymentIntentId: idOf(session.payment_intent),
        });
        if (!claimed) return;
        const item = catalogue.byKey(claimed.itemKey);
        if (item?.kind === 'credit_pack') await grantCreditPack(tx, claimed.userId, item.key, `stripe:${session.id}`);
        else if (item?.kind === 'subscription') await activateProPlan(tx, claimed.userId);
        return;
      }
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired': {
        const session = event.data.object;
        const payment = await repository.findPaymentBySession('stripe', session.id);
        if (payment)
          await claimPendingPayment(tx, payment.id, event.type === 'checkout.session.expired' ? 'canceled' : 'declined');
        return;
      }
      case 'invoice.paid': {
        const invoice = event.data.object;
        const customerId = idOf(invoice.customer);
        const user = customerId ? await repository.userByStripeCustomer(customerId) : null;
        if (!user) {
          log.warn({ invoice: invoice.id, customer: customerId }, 'Stripe invoice for an unknown customer');
          return;
        }
        // A paid invoice of a subscription is one Pro period: 45 credits (yearly plans are granted monthly by
        // their own monthly invoices of zero amount, which Stripe also reports as paid).
        const isSubscriptionInvoice = (invoice.billing_reason ?? '').startsWith('subscription');
        if (!isSubscriptionInvoice) return;
        await activateProPlan(tx, user.id);
        await grantProPeriodCredits(tx, user.id, `stripe:${invoice.id}`);
        return;
      }
      case 'charge.refunded': {
        // Stripe reports every refund (full or partial, from the Dashboard or the API) on its charge, with the
        // running total in amount_refunded; the charge names its PaymentIntent, kept at checkout completion.
        const charge = event.data.object;
        const intentId = idOf(charge.payment_intent);
        const payment = intentId ? await repository.findPaymentByIntent(intentId) : null;
        if (!payment) {
          log.warn({ charge: charge.id, payment_intent: intentId }, 'Stripe refund of a charge that is not a checkout payment of ours');
          return;
        }
        const outcome = await applyRefund(tx, payment, charge.amount_refunded, `stripe:${charge.id}`);
        log.info({ payment: payment.id, charge: charge.id, ...outcome }, 'Stripe refund applied');
        return;
      }
      case 'customer.subscription.deleted': {
        const subscription = event.data.object;
        const customerId = idOf(subscription.customer);
        const user = customerId ? await repository.userByStripeCustomer(customerId) : null;
        if (user) await endProPlan(tx, user.id);
        return;
      }
      default:
        return;
    }
  }

  return {
    async subscribe(user: UserRow, priceId: string, referralId: string | null): Promise<{ url: string }> {
      assertPaymentsOn();
      const item = catalogue.byPriceId(priceId);
      if (!item) throw badRequest('Unknown price_id.', { price_id: ['Unknown price_id.'] });
      const amount = toCents(item.price);
      if (!stripe) {
        const sessionId = `test_cs_${randomBytes(18).toString('base64url')}`;
        await repository.insertPayment({
          userId: user.id,
          itemKey: item.key,
          amount,
          currency: item.currency,
          provider: 'test',
          providerSessionId: sessionId,
          referralId,
        });
        return { url: `${config.appUrl}/app/test-checkout/${sessionId}` };
      }
      let customerId = user.stripeCustomerId;
      if (!customerId) {
        customerId = await stripe.createCustomer({ id: user.id, email: user.email, username: user.username });
        await repository.setStripeCustomer(user.id, customerId);
      }
      const session = await stripe.createCheckoutSession({
        mode: item.kind === 'subscription' ? 'subscription' : 'payment',
        customerId,
        userId: user.id,
        priceId: item.price_id,
        itemKey: item.key,
        referralId,
        successUrl: `${config.appUrl}/app/payment-successful?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${config.appUrl}/app/payment-denied`,
      });
      await repository.insertPayment({
        userId: user.id,
        itemKey: item.key,
        amount,
        currency: item.currency,
        provider: 'stripe',
        providerSessionId: session.id,
        providerCustomerId: customerId,
        referralId,
      });
      return { url: session.url };
    },

    async testCheckout(user: UserRow, sessionId: string): Promise<TestCheckoutSession> {
      assertPaymentsOn();
      const { payment, item } = await ownTestSession(user, sessionId);
      return { session_id: sessionId, item, status: payment.status };
    },

    async completeTestCheckout(user: UserRow, sessionId: string, outcome: 'paid' | 'declined') {
      assertPaymentsOn();
      if (stripe) throw notFound();
      const { payment } = await ownTestSession(user, sessionId);
      if (!(await completePayment(payment, outcome, { reference: `test:${sessionId}` }))) {
        throw new HttpError(409, 'This checkout session has already been completed.');
      }
      return { redirect: outcome === 'paid' ? ('/app/payment-successful' as const) : ('/app/payment-denied' as const) };
    },

    async billingPortalUrl(user: UserRow): Promise<{ url: string }> {
      assertPaymentsOn();
      if (!stripe) return { url: `${config.appUrl}/app/test-billing-portal` };
      if (!user.stripeCustomerId) throw badRequest('There is no billing account yet: buy credits or a plan first.');
      return { url: await stripe.createPortalSession(user.stripeCustomerId, `${config.appUrl}/app/profile`) };
    },

    testBillingPortal,

    async cancelTestSubscription(user: UserRow): Promise<TestBillingPortalResponse> {
      assertPaymentsOn();
      if (stripe) throw notFound();
      if (user.plan !== 'pro') throw badRequest('There is no Pro subscription to cancel.');
      await db.transaction((tx) => endProPlan(tx, user.id));
      const updated = await deps.users.findById(user.id);
      return testBillingPortal(updated ?? user);
    },

    /** Verifies and applies a Stripe webhook once per event id. */
    async handleWebhook(payload: Buffer, signature: string | undefined): Promise<{ received: true; duplicate?: boolean }> {
      const secret = config.stripe.webhookSecret;
      if (!stripe || !secret) throw badRequest('Webhook signature verification is not configured.');
      if (!signature) throw badRequest('Missing Stripe-Signature header.');
      let event: Stripe.Event;
      try {
        event = stripe.verifyWebhook(payload, signature, secret);
      } catch (error) {
        log.warn({ err: error }, 'Stripe webhook with a bad signature');
        throw badRequest('Webhook signature verification failed.');
      }
      const applied = await db.transaction(async (tx) => {
        if (!(await claimWebhookEvent(tx, event.id, event.type))) return false;
        await handleStripeEvent(tx, event);
        return true;
      });
      log.info({ event: event.id, type: event.type, duplicate: !applied }, 'Stripe webhook');
      return applied ? { received: true } : { received: true, duplicate: true };
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
