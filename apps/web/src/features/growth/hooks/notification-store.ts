import type { GrowthNotificationAction, GrowthNotificationInput, GrowthNotificationPriority, GrowthNotificationType } from '../../../lib/growth-triggers.ts';

export interface GrowthNotification {
  id: string;
  title: string;
  message: string;
  type: GrowthNotificationType;
  action: GrowthNotificationAction;
  priority: GrowthNotificationPriority;
  timestamp: number;
  trigger: string;
}

/** 000 section 9: a high-priority card stays 10 s, any other 5 s (unless Later or the action ends it sooner). */
export const HIGH_PRIORITY_LIFETIME_MS = 10_000;
export const NORMAL_LIFETIME_MS = 5_000;
/** More cards than this would cover the page on a phone; the oldest gives way. */
export const MAX_VISIBLE_NOTIFICATIONS = 3;

export function notificationLifetime(priority: GrowthNotificationPriority): number {
  return priority === 'high' ? HIGH_PRIORITY_LIFETIME_MS : NORMAL_LIFETIME_MS;
}

export type DismissReason = 'later' | 'expired' | 'replaced';

export interface NotificationStoreEvents {
  shown: (notification: GrowthNotification) => void;
  clicked: (notification: GrowthNotification) => void;
  dismissed: (notification: GrowthNotification, reason: DismissReason) => void;
}

export interface Timers {
  setTimeout: (callback: () => void, ms: number) => number;
  clearTimeout: (handle: number) => void;
}

const browserTimers: Timers = {
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle),
};

/**
 * The visible notification cards, as a tiny external store (read with useSyncExternalStore). Each card
 * removes itself when its lifetime ends; holding it (pointer over it, focus inside it) pauses that, so a
 * keyboard or screen-reader user has time to reach its buttons.
 */
export function createNotificationStore(events: NotificationStoreEvents, timers: Timers = browserTimers, now: () => number = Date.now) {
  let notifications: readonly GrowthNotification[] = [];
  const expiries = new Map<string, number>();
  const listeners = new Set<() => void>();
  let counter = 0;

  const publish = (next: readonly GrowthNotification[]) => {
    notifications = next;
    listeners.forEach((listener) => listener());
  };

  const stopTimer = (id: string) => {
    const handle = expiries.get(id);
    if (handle !== undefined) timers.clearTimeout(handle);
    expiries.delete(id);
  };

  const startTimer = (notification: GrowthNotification) => {
    stopTimer(notification.id);
    expiries.set(
      notification.id,
      timers.setTimeout(() => remove(notification.id, (gone) => events.dismissed(gone, 'expired')), notificationLifetime(notification.priority)),
    );
  };

  function remove(id: string, report: (notification: GrowthNotification) => void): void {
    const notification = notifications.find((candidate) => candidate.id === id);
    if (!notification) return;
    stopTimer(id);
    publish(notifications.filter((candidate) => candidate.id !== id));
    report(notification);
  }

  return {
    /** Shows a card; returns its id, or null when a card for the same trigger is already on screen. */
    notify(input: GrowthNotificationInput): string | null {
      if (notifications.some((candidate) => candidate.trigger === input.trigger)) return null;
      counter += 1;
      const notification: GrowthNotification = { ...input, priority: input.priority ?? 'normal', id: `notification-${counter}`, timestamp: now() };
      const overflow = notifications.slice(0, Math.max(0, notifications.length + 1 - MAX_VISIBLE_NOTIFICATIONS));
      overflow.forEach((old) => remove(old.id, (gone) => events.dismissed(gone, 'replaced')));
      publish([...notifications, notification]);
      startTimer(notification);
      events.shown(notification);
      return notification.id;
    },
    /** The action button: the card goes and the click is reported (the caller navigates). */
    act(id: string): void {
      remove(id, events.clicked);
    },
    /** The Later button. */
    later(id: string): void {
      remove(id, (gone) => events.dismissed(gone, 'later'));
    },
    hold(id: string): void {
      stopTimer(id);
    },
    /** Ends a hold; the card then gets its full lifetime again. */
    release(id: string): void {
      const notification = notifications.find((candidate) => candidate.id === id);
      if (notification && !expiries.has(id)) startTimer(notification);
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot(): readonly GrowthNotification[] {
      return notifications;
    },
    /** Clears every timer without reporting anything (the chrome is unmounting, e.g. on logout). */
    dispose(): void {
      expiries.forEach((handle) => timers.clearTimeout(handle));
      expiries.clear();
      publish([]);
    },
  };
}
export type NotificationStore = ReturnType<typeof createNotificationStore>;
