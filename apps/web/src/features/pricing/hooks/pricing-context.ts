import { PRO_MONTHLY_CREDITS } from '@stagecraft/contracts';
import {
  PRICING_HIGHLIGHTS,
  PRICING_INTENTS,
  PRICING_SOURCES,
  type PricingHighlight,
  type PricingIntent,
  type PricingSource,
} from '../../../lib/pricing-link.ts';

export type PricingView = 'plans' | 'credits';
export type PricingUrgency = 'high' | 'medium' | 'low';
export type PricingRecommendation = 'pro' | 'credits';

interface IntentMeaning {
  recommended: PricingRecommendation;
  urgency: PricingUrgency;
  title: string;
  message: string;
}

/**
 * 000 section 4 gives four intents a meaning (urgent_credits: credits, high; branding and unlimited: Pro,
 * medium; more_layouts: credits, low). `credits` and `upgrade` are named but not described; they get the
 * obvious recommendation at low urgency.
 */
export const INTENT_MEANINGS: Record<PricingIntent, IntentMeaning> = {
  urgent_credits: {
    recommended: 'credits',
    urgency: 'high',
    title: 'You are almost out of credits',
    message: 'Pick a credit pack to keep staging without interruption. Credits never expire.',
  },
  branding: {
    recommended: 'pro',
    urgency: 'medium',
    title: 'Put your brand on every export',
    message: `Pro applies your logo and signature to every export, with ${PRO_MONTHLY_CREDITS} credits every month.`,
  },
  unlimited: {
    recommended: 'pro',
    urgency: 'medium',
    title: 'Stage every room you need',
    message: `Pro gives you ${PRO_MONTHLY_CREDITS} credits every month, design history and rush processing.`,
  },
  more_layouts: {
    recommended: 'credits',
    urgency: 'low',
    title: 'More layouts, when you need them',
    message: 'A credit pack adds rooms to your account whenever a listing calls for it.',
  },
  credits: {
    recommended: 'credits',
    urgency: 'low',
    title: 'Top up your credits',
    message: 'Credit packs are a one-time payment and the credits never expire.',
  },
  upgrade: {
    recommended: 'pro',
    urgency: 'low',
    title: 'Upgrade your staging',
    message: `Pro removes the watermark and adds branding, history and ${PRO_MONTHLY_CREDITS} credits every month.`,
  },
};

/** Intents that open the buy-credits view directly (000 section 4). */
const CREDITS_VIEW_INTENTS: readonly PricingIntent[] = ['urgent_credits', 'more_layouts'];

export interface PricingContext {
  source: PricingSource | null;
  intent: PricingIntent | null;
  initialView: PricingView;
  /** The contextual banner, when the visitor arrived with an intent. */
  banner: (IntentMeaning & { intent: PricingIntent }) | null;
  /** The card to emphasise: `highlight` when given, else what the intent recommends. */
  emphasised: PricingHighlight | null;
}

const pick = <T extends string>(allowed: readonly T[], value: string | null): T | null =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : null;

/** Reads the pricing page's query parameters; unknown values are ignored rather than trusted. */
export function readPricingContext(search: URLSearchParams): PricingContext {
  const source = pick(PRICING_SOURCES, search.get('source'));
  const intent = pick(PRICING_INTENTS, search.get('intent'));
  const highlight = pick(PRICING_HIGHLIGHTS, search.get('highlight'));
  const meaning = intent ? INTENT_MEANINGS[intent] : null;
  return {
    source,
    intent,
    initialView: intent && CREDITS_VIEW_INTENTS.includes(intent) ? 'credits' : 'plans',
    banner: intent && meaning ? { ...meaning, intent } : null,
    emphasised: highlight ?? meaning?.recommended ?? null,
  };
}
