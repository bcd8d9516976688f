import { createContext, useContext } from 'react';
import type { PricingIntent } from './pricing-link.ts';

/** 000 section 3, notification: what a contextual card says and where its action button leads. */
export type GrowthNotificationType = 'success' | 'warning' | 'error' | 'info';
export type GrowthNotificationPriority = 'low' | 'normal' | 'high';

export interface GrowthNotificationAction {
  text: string;
  type: 'credits' | 'upgrade' | 'branding';
  /** The pricing page intent the action opens with (source is always `notification`). */
  intent: PricingIntent;
}

export interface GrowthNotificationInput {
  title: string;
  message: string;
  type: GrowthNotificationType;
  action: GrowthNotificationAction;
  priority?: GrowthNotificationPriority;
  /** What raised it (e.g. `credit_warning_critical`), logged with its events; one card per trigger at a time. */
  trigger: string;
}

/**
 * What studio work calls when something worth a nudge happens (000 section 4, triggered notifications).
 * Defined here, implemented by the growth feature and provided by the app chrome, so that features that
 * raise nudges do not depend on the one that shows them.
 */
export interface GrowthTriggers {
  notify: (notification: GrowthNotificationInput) => void;
  /** After a layout (the server has recorded it): nudges towards unlimited rooms once, on the third layout. */
  onLayoutCreated: () => void;
  /** First 4K export: a branding nudge after 2 s. */
  onFirst4kExport: () => void;
  /** A successful enhancement: an upgrade nudge after 1.5 s. */
  onEnhancementSuccess: () => void;
  /** The new balance after spending; warnings at 2 and at 1 credit left. The chrome already calls it. */
  onCreditsChanged: (credits: number) => void;
  /** An export refused for the plan (e.g. branding needs Pro): an upgrade nudge. */
  onExportBlocked: (feature: string) => void;
}

const noop = () => {};
const inactiveTriggers: GrowthTriggers = {
  notify: noop,
  onLayoutCreated: noop,
  onFirst4kExport: noop,
  onEnhancementSuccess: noop,
  onCreditsChanged: noop,
  onExportBlocked: noop,
};

export const GrowthTriggersContext = createContext<GrowthTriggers>(inactiveTriggers);

/** Outside the logged-in chrome (and in component tests) the triggers do nothing. */
export function useGrowthTriggers(): GrowthTriggers {
  return useContext(GrowthTriggersContext);
}
