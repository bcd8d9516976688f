import {
  CREDIT_PACKS,
  CURRENCY,
  FREE_PLAN_ROOMS,
  PAID_PLANS_START_FROM,
  PRO_PLANS,
  SIGNUP_CREDITS,
  type CatalogueItem,
  type PlansResponse,
} from '@stagecraft/contracts';
import type { AppConfig } from '../../config.ts';

/**
 * The sellable catalogue with its price ids: Stripe's from the environment, or stable test ids in
 * test-payment mode. Figures come from the shared catalogue in packages/contracts.
 */
export function buildCatalogue(config: AppConfig) {
  const testMode = config.paymentsMode !== 'stripe';
  const priceId = (key: keyof AppConfig['stripe']['priceIds']) => {
    const configured = config.stripe.priceIds[key];
    if (testMode) return `test_price_${key}`;
    return configured ?? `missing_price_${key}`;
  };
  const subscriptions: CatalogueItem[] = PRO_PLANS.map((plan) => ({
    key: plan.key,
    kind: 'subscription',
    name: plan.interval === 'month' ? 'Pro (monthly)' : 'Pro (yearly)',
    price: plan.price,
    currency: CURRENCY,
    interval: plan.interval,
    credits: null,
    label: plan.label,
    price_id: priceId(plan.key),
  }));
  const creditPacks: CatalogueItem[] = CREDIT_PACKS.map((pack) => ({
    key: pack.key,
    kind: 'credit_pack',
    name: pack.name,
    price: pack.price,
    currency: CURRENCY,
    interval: null,
    credits: pack.credits,
    label: pack.label,
    price_id: priceId(pack.key),
  }));
  const items = [...subscriptions, ...creditPacks];
  const missing = testMode ? [] : items.filter((item) => item.price_id.startsWith('missing_price_')).map((item) => item.key);

  return {
    testMode,
    /** Keys of items that cannot be sold because their Stripe price id is not configured. */
    missingPriceIds: missing,
    items,
    byPriceId: (id: string) => items.find((item) => item.price_id === id && !item.price_id.startsWith('missing_price_')) ?? null,
    byKey: (key: string) => items.find((item) => item.key === key) ?? null,
    response(): PlansResponse {
      return {
        currency: CURRENCY,
        payments_mode: config.paymentsMode,
        free_plan: { name: 'Starter', price: 0, credits: SIGNUP_CREDITS, rooms: FREE_PLAN_ROOMS },
        subscriptions,
        credit_packs: creditPacks,
        paid_plans_start_from: PAID_PLANS_START_FROM,
      };
    },
  };
}
export type Catalogue = ReturnType<typeof buildCatalogue>;

/**
 * The warning a production server logs at start when it takes test payments (PAYMENTS_MODE=test): anyone can
 * "pay" the test checkout and get credits, which only a staging or demo server may want.
 */
export function paymentsStartupWarning(config: AppConfig): string | null {
  if (config.env === 'production' && config.paymentsMode === 'test')
    return 'PAYMENTS_MODE=test in production: TEST PAYMENTS ARE ON. Anyone can complete the test checkout and receive credits or Pro without paying. Set STRIPE_SECRET_KEY for real payments.';
  if (config.paymentsMode === 'off') return 'Payments are not configured (no STRIPE_SECRET_KEY): buying answers 503.';
  return null;
}
