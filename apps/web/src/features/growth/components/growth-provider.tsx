import type { UserStateResponse } from '@stagecraft/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLogConversionEvent, useCurrentPlan } from '../../../lib/conversion-tracking.ts';
import { GrowthTriggersContext, type GrowthTriggers } from '../../../lib/growth-triggers.ts';
import { USER_STATE_QUERY_KEY, userStateQueryOptions } from '../../../lib/user-state.ts';
import { useTrackAction } from '../api/track-action.ts';
import { createGrowthTriggers, createIdleWatch, HIGH_ENGAGEMENT_IDLE_MS } from '../hooks/growth-triggers.ts';
import { createNotificationStore, type GrowthNotification } from '../hooks/notification-store.ts';
import { NotificationStoreContext } from '../hooks/use-notifications.ts';

const browserTimers = {
  setTimeout: (callback: () => void, ms: number) => window.setTimeout(callback, ms),
  clearTimeout: (handle: number) => window.clearTimeout(handle),
};

const INTERACTION_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

const describe = (notification: GrowthNotification) => ({
  notification_id: notification.id,
  trigger: notification.trigger,
  title: notification.title,
  priority: notification.priority,
  action_type: notification.action.type,
});

/**
 * Owns the notification cards and the triggers behind them for the logged-in chrome; studio work reaches the
 * triggers through useGrowthTriggers() (lib). The chrome passes the credit balance so a drop can warn.
 */
export function GrowthProvider({ credits, children }: { credits: number | null; children: ReactNode }) {
  const queryClient = useQueryClient();
  const logEvent = useLogConversionEvent();
  const trackAction = useTrackAction();
  const currentPlan = useCurrentPlan();
  // The store and the rules live as long as the chrome; they reach the latest callbacks through this ref.
  const latest = useRef({ logEvent, trackAction, currentPlan });
  useEffect(() => {
    latest.current = { logEvent, trackAction, currentPlan };
  });

  const [store] = useState(() =>
    createNotificationStore({
      shown: (notification) => latest.current.logEvent({ eventType: 'notification_shown', source: 'notification', metadata: describe(notification) }),
      clicked: (notification) => latest.current.logEvent({ eventType: 'notification_clicked', source: 'notification', metadata: describe(notification) }),
      dismissed: (notification, reason) =>
        latest.current.logEvent({ eventType: 'notification_dismissed', source: 'notification', metadata: { ...describe(notification), reason } }),
    }),
  );
  const [rules] = useState(() =>
    createGrowthTriggers({
      notify: (notification) => store.notify(notification),
      logEvent: (event) => latest.current.logEvent(event),
      trackAction: (action, metadata) => void latest.current.trackAction(action, metadata),
      plan: () => latest.current.currentPlan(),
      timers: browserTimers,
    }),
  );

  useEffect(
    () => () => {
      rules.dispose();
      store.dispose();
    },
    [rules, store],
  );

  useEffect(() => {
    if (credits !== null) rules.creditsChanged(credits);
  }, [credits, rules]);

  // High engagement (000 section 4): 5 minutes without interaction, judged on the latest known user state.
  useEffect(() => {
    const watch = createIdleWatch({
      idleMs: HIGH_ENGAGEMENT_IDLE_MS,
      timers: browserTimers,
      onIdle: () => {
        const state = queryClient.getQueryData<UserStateResponse>(USER_STATE_QUERY_KEY);
        if (state) rules.engagementIdle({ layoutsCreated: state.layouts_created });
      },
    });
    watch.start();
    INTERACTION_EVENTS.forEach((type) => window.addEventListener(type, watch.interaction, { passive: true }));
    return () => {
      watch.stop();
      INTERACTION_EVENTS.forEach((type) => window.removeEventListener(type, watch.interaction));
    };
  }, [queryClient, rules]);

  const triggers = useMemo<GrowthTriggers>(
    () => ({
      notify: (notification) => void store.notify(notification),
      onLayoutCreated: () => {
        void (async () => {
          // The studio server has recorded the layout (LAYOUT_CREATED and its conversion event) with the
          // placement; the counter lives there, so read it fresh and the third layout nudges exactly once.
          const state = await queryClient.fetchQuery({ ...userStateQueryOptions(), staleTime: 0 }).catch(() => null);
          if (state) rules.layoutCreated({ layoutsCreated: state.layouts_created, hasSeenUpgradeNudge: state.has_seen_upgrade_nudge });
        })();
      },
      onFirst4kExport: () => rules.first4kExport(),
      onEnhancementSuccess: () => rules.enhancementSucceeded(),
      onCreditsChanged: (balance) => rules.creditsChanged(balance),
      onExportBlocked: (feature) => rules.exportBlocked(feature),
    }),
    [queryClient, rules, store],
  );

  return (
    <NotificationStoreContext.Provider value={store}>
      <GrowthTriggersContext.Provider value={triggers}>{children}</GrowthTriggersContext.Provider>
    </NotificationStoreContext.Provider>
  );
}
