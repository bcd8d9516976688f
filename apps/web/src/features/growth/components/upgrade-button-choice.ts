import type { PlanKey } from '@stagecraft/contracts';
import type { PricingIntent } from '../../../lib/pricing-link.ts';

export interface UpgradeButtonState {
  credits: number;
  plan: PlanKey;
  layoutsCreated: number;
  exportsCompleted: number;
}

export interface UpgradeButtonChoice {
  label: 'Get Credits' | 'Top Up Credits' | 'Unlock Branding' | 'Go Unlimited' | 'Get More Layouts';
  color: 'error' | 'warning' | 'success' | 'primary';
  intent: PricingIntent;
  /** Draws the eye when the user is about to run out. */
  pulse: boolean;
}

/** A paying user with more than this many credits is not nudged. */
export const PAYING_USER_QUIET_ABOVE_CREDITS = 3;
const TOP_UP_AT_OR_BELOW = 2;
const PULSE_AT_OR_BELOW = 1;

/**
 * The floating upgrade button (000 section 4): hidden without a user, or for a paid or pro plan with more than
 * 3 credits; otherwise the first matching rule decides its label, colour and the pricing intent it opens.
 */
export function chooseUpgradeButton(state: UpgradeButtonState | null): UpgradeButtonChoice | null {
  if (!state) return null;
  const paying = state.plan === 'paid' || state.plan === 'pro';
  if (paying && state.credits > PAYING_USER_QUIET_ABOVE_CREDITS) return null;
  const pulse = state.credits <= PULSE_AT_OR_BELOW;
  if (state.credits <= 0) return { label: 'Get Credits', color: 'error', intent: 'urgent_credits', pulse };
  if (state.credits <= TOP_UP_AT_OR_BELOW) return { label: 'Top Up Credits', color: 'warning', intent: 'credits', pulse };
  if (state.exportsCompleted >= 1) return { label: 'Unlock Branding', color: 'success', intent: 'branding', pulse };
  if (state.layoutsCreated >= 2) return { label: 'Go Unlimited', color: 'primary', intent: 'unlimited', pulse };
  return { label: 'Get More Layouts', color: 'primary', intent: 'more_layouts', pulse };
}
