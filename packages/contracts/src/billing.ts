import { z } from 'zod';
import { CREDIT_COSTS, PLAN_KEYS } from './catalogue.ts';
import { jsonMetadata, safeString, STRING_LIMITS } from './common.ts';

export const userCreditsResponse = z.object({ success: z.literal(true), credits: z.number().int() });
export type UserCreditsResponse = z.infer<typeof userCreditsResponse>;

export const userStateResponse = z.object({
  success: z.literal(true),
  credits: z.number().int(),
  layouts_created: z.number().int(),
  exports_completed: z.number().int(),
  has_completed_first_export: z.boolean(),
  has_seen_upgrade_nudge: z.boolean(),
  plan: z.enum(PLAN_KEYS),
});
export type UserStateResponse = z.infer<typeof userStateResponse>;

const creditCostShape = Object.fromEntries(Object.keys(CREDIT_COSTS).map((key) => [key, z.number().int()])) as {
  [K in keyof typeof CREDIT_COSTS]: z.ZodNumber;
};
export const creditCostsResponse = z.object({ success: z.literal(true), credit_costs: z.object(creditCostShape) });
export type CreditCostsResponse = z.infer<typeof creditCostsResponse>;

export const catalogueItemKind = z.enum(['subscription', 'credit_pack']);
export const catalogueItem = z.object({
  key: z.string(),
  kind: catalogueItemKind,
  name: z.string(),
  price: z.number(),
  currency: z.string(),
  interval: z.enum(['month', 'year']).nullable(),
  credits: z.number().int().nullable(),
  label: z.string().nullable(),
  price_id: z.string(),
});
export type CatalogueItem = z.infer<typeof catalogueItem>;
/** `off`: no Stripe keys in production and no PAYMENTS_MODE=test; buying answers 503. */
export const PAYMENTS_MODES = ['stripe', 'test', 'off'] as const;
export const PAYMENTS_NOT_CONFIGURED = 'Payments are not configured';
export const plansResponse = z.object({
  currency: z.string(),
  payments_mode: z.enum(PAYMENTS_MODES),
  free_plan: z.object({ name: z.string(), price: z.number(), credits: z.number().int(), rooms: z.number().int() }),
  subscriptions: z.array(catalogueItem),
  credit_packs: z.array(catalogueItem),
  paid_plans_start_from: z.number(),
});
export type PlansResponse = z.infer<typeof plansResponse>;

export const subscribeRequest = z.object({ referral_id: safeString(200).nullish() }).nullish();
export const subscribeResponse = z.object({ url: z.string() });

export const paymentSuccessfulResponse = z.object({
  success: z.literal(true),
  plan: z.enum(PLAN_KEYS),
  credits: z.number().int(),
});
export type PaymentSuccessfulResponse = z.infer<typeof paymentSuccessfulResponse>;

export const billingPortalResponse = z.object({ url: z.string() });

/** 'refunded': the whole amount went back (a partial refund stays 'paid' with its refunded amount). */
export const paymentStatus = z.enum(['pending', 'paid', 'declined', 'canceled', 'refunded']);
export const testCheckoutSession = z.object({
  session_id: z.string(),
  item: catalogueItem,
  status: paymentStatus,
});
export type TestCheckoutSession = z.infer<typeof testCheckoutSession>;
/** A test checkout's id in a path (`test_cs_` and 24 random characters; any id up to the bound is looked up). */
export const testCheckoutParams = z.object({ session_id: safeString(STRING_LIMITS.id) });
export const testCheckoutCompleteRequest = z.object({ outcome: z.enum(['paid', 'declined']) });
export const testCheckoutCompleteResponse = z.object({ redirect: z.enum(['/app/payment-successful', '/app/payment-denied']) });

export const paymentRecord = z.object({
  id: z.number().int(),
  item_key: z.string(),
  item_name: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: paymentStatus,
  created_at: z.string(),
});
export type PaymentRecord = z.infer<typeof paymentRecord>;
export const testBillingPortalResponse = z.object({
  plan: z.enum(PLAN_KEYS),
  credits: z.number().int(),
  can_cancel: z.boolean(),
  payments: z.array(paymentRecord),
});
export type TestBillingPortalResponse = z.infer<typeof testBillingPortalResponse>;

export const CONVERSION_EVENT_TYPES = [
  'notification_shown',
  'notification_clicked',
  'notification_dismissed',
  'layout_created',
  'export_completed',
  'first_export',
  'enhancement_completed',
  'credit_warning_shown',
  'feature_blocked',
  'high_engagement_detected',
  'first_image_upload',
  'first_object_detection',
  'pricing_page_view',
  'upgrade_button_click',
] as const;
export type ConversionEventType = (typeof CONVERSION_EVENT_TYPES)[number];

export const TRACKED_ACTIONS = [
  'LAYOUT_CREATED',
  'EXPORT_COMPLETED',
  'ENHANCEMENT_SUCCESS',
  'CREDIT_USAGE',
  'EXPORT_ATTEMPT_BLOCKED',
  'HIGH_ENGAGEMENT',
  'FIRST_IMAGE_UPLOAD',
  'FIRST_OBJECT_DETECTION',
  'UPGRADE_NUDGE_SHOWN',
] as const;
export type TrackedAction = (typeof TRACKED_ACTIONS)[number];

const metadata = jsonMetadata.default({});
export const conversionEventRequest = z.object({
  event_type: z.enum(CONVERSION_EVENT_TYPES),
  source: safeString(STRING_LIMITS.label).nullish(),
  metadata,
});
export type ConversionEventRequest = z.input<typeof conversionEventRequest>;
export const trackActionRequest = z.object({ action: z.enum(TRACKED_ACTIONS), metadata });
export type TrackActionRequest = z.input<typeof trackActionRequest>;
export const successResponse = z.object({ success: z.literal(true) });

export const BILLING_ROUTES = {
  userCredits: '/api/user-credits/',
  userState: '/api/user-state/',
  creditCosts: '/api/ai-design/credit-costs/',
  plans: '/api/plans/',
  subscribe: (user: { pk: number; email: string; username: string }, priceId: string) =>
    `/api/subscribe/user=${user.pk}&email=${encodeURIComponent(user.email)}&name=${encodeURIComponent(user.username)}&price_id=${encodeURIComponent(priceId)}`,
  paymentSuccessful: (userId: number) => `/api/payment-successful/user=${userId}`,
  billingPortal: (userId: number) => `/api/billing-portal/${userId}/`,
  testCheckout: (sessionId: string) => `/api/test-checkout/${encodeURIComponent(sessionId)}/`,
  testCheckoutComplete: (sessionId: string) => `/api/test-checkout/${encodeURIComponent(sessionId)}/complete/`,
  testBillingPortal: '/api/test-billing-portal/',
  testBillingPortalCancel: '/api/test-billing-portal/cancel/',
  stripeWebhook: '/api/stripe/webhook/',
  conversionEvent: '/api/conversion-event/',
  trackAction: '/api/track-action/',
} as const;
