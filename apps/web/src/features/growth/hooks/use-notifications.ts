import { createContext, useContext, useSyncExternalStore } from 'react';
import type { GrowthNotification, NotificationStore } from './notification-store.ts';

export const NotificationStoreContext = createContext<NotificationStore | null>(null);

export function useNotificationStore(): NotificationStore {
  const store = useContext(NotificationStoreContext);
  if (!store) throw new Error('useNotificationStore must be used inside <GrowthProvider>');
  return store;
}

export function useVisibleNotifications(): readonly GrowthNotification[] {
  const store = useNotificationStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
