import type { PlanKey, TrackedAction } from '@stagecraft/contracts';
import type { ConversionEvent } from '../../../lib/conversion-tracking.ts';
import type { GrowthNotificationInput } from '../../../lib/growth-triggers.ts';
import type { Timers } from './notification-store.ts';

/** 000 section 4 and 9: the delays and thresholds of the triggered notifications. */
export const FIRST_4K_EXPORT_NUDGE_DELAY_MS = 2_000;
export const ENHANCEMENT_NUDGE_DELAY_MS = 1_500;
export const UPGRADE_NUDGE_LAYOUT = 3;
export const MODERATE_CREDIT_WARNING_AT = 2;
export const CRITICAL_CREDIT_WARNING_AT = 1;
export const HIGH_ENGAGEMENT_IDLE_MS = 300_000;
export const HIGH_ENGAGEMENT_MIN_LAYOUTS = 2;

export interface GrowthTriggerDependencies {
  notify: (notification: GrowthNotificationInput) => void;
  logEvent: (event: ConversionEvent) => void;
  trackAction: (action: TrackedAction, metadata?: Record<string, unknown>) => void;
  /** The plan as last known; null while the user state has not loaded. */
  plan: () => PlanKey | null;
  timers: Timers;
}

export interface LayoutProgress {
  layoutsCreated: number;
  hasSeenUpgradeNudge: boolean;
}

const layoutUpgradeNudge: GrowthNotificationInput = {
  trigger: 'layout_upgrade_nudge',
  title: 'Three layouts already!',
  message: 'Go Unlimited with Pro: 45 credits every month, no watermark and your branding on every export.',
  type: 'info',
  action: { text: 'Go Unlimited', type: 'upgrade', intent: 'unlimited' },
};

const first4kExportNudge: GrowthNotificationInput = {
  trigger: 'first_4k_export',
  title: 'Your first 4K export is ready',
  message: 'Put your logo and signature on every export with Pro branding.',
  type: 'success',
  action: { text: 'Unlock Branding', type: 'branding', intent: 'branding' },
};

const enhancementNudge: GrowthNotificationInput = {
  trigger: 'enhancement_success',
  title: 'Enhancement complete',
  message: 'With Pro, rush processing puts your jobs first in the queue.',
  type: 'success',
  action: { text: 'Go Pro', type: 'upgrade', intent: 'upgrade' },
};

const moderateCreditWarning: GrowthNotificationInput = {
  trigger: 'credit_warning_moderate',
  title: 'Running low on credits',
  message: 'You have 2 credits left. Top up so your next room is not interrupted.',
  type: 'warning',
  action: { text: 'Top Up Credits', type: 'credits', intent: 'credits' },
};

const criticalCreditWarning: GrowthNotificationInput = {
  trigger: 'credit_warning_critical',
  title: 'Only 1 credit left',
  message: 'Buy a credit pack now to finish this room. Credits never expire.',
  type: 'error',
  priority: 'high',
  action: { text: 'Get Credits', type: 'credits', intent: 'urgent_credits' },
};

const highEngagementNudge: GrowthNotificationInput = {
  trigger: 'high_engagement',
  title: 'You are staging a lot',
  message: 'Pro gives you 45 credits every month and rush processing for busy weeks.',
  type: 'info',
  action: { text: 'Go Unlimited', type: 'upgrade', intent: 'unlimited' },
};

function exportBlockedNudge(feature: string): GrowthNotificationInput {
  const kind = feature === 'branding' ? 'branding' : 'upgrade';
  return {
    trigger: 'feature_blocked',
    title: 'This export needs Pro',
    message: kind === 'branding' ? 'Branding applied to exports is part of Pro.' : `${feature} is part of Pro.`,
    type: 'warning',
    priority: 'high',
    action: { text: 'Upgrade to Pro', type: kind, intent: kind },
  };
}

/**
 * The rules that turn studio moments into notifications (000 section 4), free of React so that the timing can
 * be tested with fake timers. Upgrade nudges are not shown to Pro users: there is nothing to upgrade to.
 */
export function createGrowthTriggers(deps: GrowthTriggerDependencies) {
  const { notify, logEvent, trackAction, timers } = deps;
  const pending = new Set<number>();
  let layoutNudgeShown = false;
  let highEngagementShown = false;
  let lastCredits: number | null = null;

  const isPro = () => deps.plan() === 'pro';
  const later = (callback: () => void, ms: number) => {
    const handle = timers.setTimeout(() => {
      pending.delete(handle);
      callback();
    }, ms);
    pending.add(handle);
  };

  return {
    layoutCreated(progress: LayoutProgress): void {
      if (layoutNudgeShown || progress.hasSeenUpgradeNudge || progress.layoutsCreated < UPGRADE_NUDGE_LAYOUT || isPro()) return;
      layoutNudgeShown = true;
      notify(layoutUpgradeNudge);
      trackAction('UPGRADE_NUDGE_SHOWN', { layouts_created: progress.layoutsCreated });
    },

    // The studio server records the export, the enhancement and the layout itself (it alone knows they
    // succeeded), so these rules only nudge: posting them here too would count every one twice.
    first4kExport(): void {
      later(() => {
        if (!isPro()) notify(first4kExportNudge);
      }, FIRST_4K_EXPORT_NUDGE_DELAY_MS);
    },

    enhancementSucceeded(): void {
      later(() => {
        if (!isPro()) notify(enhancementNudge);
      }, ENHANCEMENT_NUDGE_DELAY_MS);
    },

    /** Warns only when the balance goes down to 2 or to 1; the first reading of the balance is not a drop. */
    creditsChanged(credits: number): void {
      const previous = lastCredits;
      lastCredits = credits;
      if (previous === null || credits >= previous) return;
      if (credits === CRITICAL_CREDIT_WARNING_AT) {
        notify(criticalCreditWarning);
        logEvent({ eventType: 'credit_warning_shown', source: 'notification', metadata: { credits, level: 'critical' } });
      } else if (credits === MODERATE_CREDIT_WARNING_AT) {
        notify(moderateCreditWarning);
      }
    },

    exportBlocked(feature: string): void {
      logEvent({ eventType: 'feature_blocked', source: 'studio', metadata: { feature } });
      trackAction('EXPORT_ATTEMPT_BLOCKED', { feature });
      notify(exportBlockedNudge(feature));
    },

    /** Called by the idle watch; once per page session, for a free user with at least 2 layouts. */
    engagementIdle(progress: { layoutsCreated: number }): void {
      if (highEngagementShown || deps.plan() !== 'free' || progress.layoutsCreated < HIGH_ENGAGEMENT_MIN_LAYOUTS) return;
      highEngagementShown = true;
      logEvent({ eventType: 'high_engagement_detected', source: 'studio', metadata: { layouts_created: progress.layoutsCreated } });
      trackAction('HIGH_ENGAGEMENT', { layouts_created: progress.layoutsCreated });
      notify(highEngagementNudge);
    },

    dispose(): void {
      pending.forEach((handle) => timers.clearTimeout(handle));
      pending.clear();
    },
  };
}
export type GrowthTriggerRules = ReturnType<typeof createGrowthTriggers>;

/**
 * Calls `onIdle` once the user has not interacted for `idleMs`; every interaction starts the wait again.
 */
export function createIdleWatch({ idleMs, onIdle, timers }: { idleMs: number; onIdle: () => void; timers: Timers }) {
  let handle: number | null = null;
  const stop = () => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = null;
  };
  const restart = () => {
    stop();
    handle = timers.setTimeout(() => {
      handle = null;
      onIdle();
    }, idleMs);
  };
  return { start: restart, interaction: restart, stop };
}
