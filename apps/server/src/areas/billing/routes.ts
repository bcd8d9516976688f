import {
  BILLING_ROUTES,
  billingPortalResponse,
  CREDIT_COSTS,
  creditCostsResponse,
  paymentSuccessfulResponse,
  plansResponse,
  subscribeRequest,
  subscribeResponse,
  testBillingPortalResponse,
  testCheckoutCompleteRequest,
  testCheckoutCompleteResponse,
  testCheckoutSession,
  userCreditsResponse,
} from '@stagecraft/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/http-errors.ts';
import { assertOwnUserId, type Authenticate, currentUser } from '../../plugins/authenticate.ts';
import type { Catalogue } from './catalogue.ts';
import type { BillingService } from './service.ts';

const tags = ['billing'];
const security = [{ bearerAuth: [] }];

/**
 * `/api/subscribe/user={pk}&email={email}&name={username}&price_id={id}`: the spec's path carries a query
 * string in a path segment. Parsed from the raw URL so a `+` in an e-mail stays a `+`.
 */
function parseSubscribeSegment(rawUrl: string): Record<string, string> {
  const segment = (rawUrl.split('?')[0] ?? '').replace(/^.*\/api\/subscribe\//, '').replace(/\/$/, '');
  const fields: Record<string, string> = {};
  for (const pair of segment.split('&')) {
    const separator = pair.indexOf('=');
    if (separator < 0) continue;
    try {
      fields[decodeURIComponent(pair.slice(0, separator))] = decodeURIComponent(pair.slice(separator + 1));
    } catch {
      throw badRequest('Malformed subscribe path.');
    }
  }
  return fields;
}

export async function billingRoutes(
  app: FastifyInstance,
  deps: { billing: BillingService; catalogue: Catalogue; authenticate: Authenticate },
) {
  const { billing, catalogue, authenticate } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    BILLING_ROUTES.plans,
    { schema: { tags, summary: 'Plans and credit packs with their price ids', response: { 200: plansResponse } } },
    async () => catalogue.response(),
  );

  routes.get(
    BILLING_ROUTES.creditCosts,
    { schema: { tags, summary: 'What each studio action costs', response: { 200: creditCostsResponse } } },
    async () => ({
      success: true as const,
      credit_costs: CREDIT_COSTS,
    }),
  );

  routes.get(
    BILLING_ROUTES.userCredits,
    {
      onRequest: authenticate,
      schema: { tags, security, summary: "The logged-in user's credits", response: { 200: userCreditsResponse } },
    },
    async (request) => ({
      success: true as const,
      credits: currentUser(request).credits,
    }),
  );

  routes.post(
    '/api/subscribe/:subscription',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security,
        summary: 'Start a checkout: /api/subscribe/user={pk}&email={email}&name={username}&price_id={id}',
        params: z.object({ subscription: z.string() }),
        body: subscribeRequest,
        response: { 200: subscribeResponse },
      },
    },
    async (request) => {
      const fields = parseSubscribeSegment(request.raw.url ?? request.url);
      if (!fields.user || !fields.price_id)
        throw badRequest('The subscribe path needs user and price_id.', { price_id: ['This field is required.'] });
      const user = assertOwnUserId(request, fields.user);
      return billing.subscribe(user, fields.price_id, request.body?.referral_id ?? null);
    },
  );

  routes.get(
    '/api/payment-successful/user=:user_id',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security,
        summary: 'Current plan and credits after a payment',
        params: z.object({ user_id: z.string() }),
        response: { 200: paymentSuccessfulResponse },
      },
    },
    async (request) => {
      const user = assertOwnUserId(request, request.params.user_id);
      return { success: true as const, plan: user.plan, credits: user.credits };
    },
  );

  routes.post(
    '/api/billing-portal/:user_id/',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security,
        summary: 'Billing portal URL (Stripe, or our test portal)',
        params: z.object({ user_id: z.string() }),
        response: { 200: billingPortalResponse },
      },
    },
    async (request) => billing.billingPortalUrl(assertOwnUserId(request, request.params.user_id)),
  );

  routes.get(
    '/api/test-checkout/:session_id/',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security,
        summary: 'A test-mode checkout session of the logged-in user',
        params: z.object({ session_id: z.string() }),
        response: { 200: testCheckoutSession },
      },
    },
    async (request) => billing.testCheckout(currentUser(request), request.params.session_id),
  );

  routes.post(
    '/api/test-checkout/:session_id/complete/',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security,
        summary: 'Pay or decline a test-mode checkout, once',
        params: z.object({ session_id: z.string() }),
        body: testCheckoutCompleteRequest,
        response: { 200: testCheckoutCompleteResponse },
      },
    },
    async (request) => billing.completeTestCheckout(currentUser(request), request.params.session_id, request.body.outcome),
  );

  routes.get(
    BILLING_ROUTES.testBillingPortal,
    {
      onRequest: authenticate,
      schema: {
        tags,
        security,
        summary: 'Test-mode billing portal: payments and plan',
        response: { 200: testBillingPortalResponse },
      },
    },
    async (request) => billing.testBillingPortal(currentUser(request)),
  );

  routes.post(
    BILLING_ROUTES.testBillingPortalCancel,
    {
      onRequest: authenticate,
      schema: { tags, security, summary: 'Test-mode billing portal: cancel Pro', response: { 200: testBillingPortalResponse } },
    },
    async (request) => billing.cancelTestSubscription(currentUser(request)),
  );

  // The webhook needs the exact bytes Stripe signed, so it parses its own body, in its own scope.
  await app.register(async (webhookScope) => {
    webhookScope.removeAllContentTypeParsers();
    webhookScope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhookScope.post(
      BILLING_ROUTES.stripeWebhook,
      { schema: { tags, summary: 'Stripe webhook (signature checked; each event applied once)', hide: false } },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const payload = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return billing.handleWebhook(payload, typeof signature === 'string' ? signature : undefined);
      },
    );
  });
}
