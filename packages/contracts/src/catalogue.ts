/**
 * The plan and credit-pack catalogue and the credit cost table (DECISIONS.md: "Plans" and "Credits").
 * One place for every figure: the server serves and enforces these, the web client renders them.
 */

export const PLAN_KEYS = ['free', 'paid', 'pro'] as const;
export type PlanKey = (typeof PLAN_KEYS)[number];

export const CURRENCY = 'USD';

/** Credits a new account starts with (Starter plan). */
export const SIGNUP_CREDITS = 3;
/** Rooms a Starter account may design. */
export const FREE_PLAN_ROOMS = 2;
/** Credits granted at the start of every monthly Pro period (yearly plans too). */
export const PRO_MONTHLY_CREDITS = 45;
/** Below this many credits the client shows the Low Credits badge and warning. */
export const LOW_CREDITS_THRESHOLD = 5;

export interface CreditPack {
  key: 'consultation' | 'weekly' | 'agency';
  name: string;
  credits: number;
  price: number;
  label: string | null;
}

export const CREDIT_PACKS: readonly CreditPack[] = [
  { key: 'consultation', name: 'Consultation Pack', credits: 5, price: 15, label: null },
  { key: 'weekly', name: 'Weekly Pack', credits: 15, price: 39, label: null },
  { key: 'agency', name: 'Agency Pack', credits: 30, price: 69, label: 'Best value' },
];

export interface SubscriptionPlan {
  key: 'pro_monthly' | 'pro_yearly';
  name: string;
  price: number;
  interval: 'month' | 'year';
  label: string | null;
}

export const PRO_PLANS: readonly SubscriptionPlan[] = [
  { key: 'pro_monthly', name: 'Pro', price: 29, interval: 'month', label: 'Most popular' },
  { key: 'pro_yearly', name: 'Pro', price: 261, interval: 'year', label: 'Save 25%' },
];

/** "Paid plans start from": the cheapest pack, computed rather than copied (DECISIONS.md). */
export const PAID_PLANS_START_FROM = Math.min(...CREDIT_PACKS.map((pack) => pack.price));

export const CREDIT_COSTS = {
  object_detection: 1,
  manual_object_marking: 0,
  removal: 1,
  replacement: 2,
  furniture_placement: 1,
  themed_placement: 2,
  custom_furniture_placement: 1,
  custom_furniture_upload: 0,
  wall_material_change: 1,
  drawing_add_furniture: 2,
  drawing_erase: 1,
  enhancement_4k: 3,
  enhancement_8k: 5,
  inspiration_restyle: 1,
} as const;
export type CreditAction = keyof typeof CREDIT_COSTS;
