import { FloatingUpgradeButton } from '../../features/growth/components/floating-upgrade-button.tsx';
import { GrowthProvider } from '../../features/growth/components/growth-provider.tsx';
import { NotificationCards } from '../../features/growth/components/notification-cards.tsx';
import { useUserCredits } from '../../lib/user-credits.ts';
import { AppLayout } from './app-layout.tsx';

/** The logged-in chrome with its live parts: the credit balance, the floating upgrade button, the nudges. */
export function AppChrome() {
  const { data } = useUserCredits();
  const credits = data?.credits ?? null;
  return (
    <GrowthProvider credits={credits}>
      <AppLayout credits={credits} upgradeButton={<FloatingUpgradeButton credits={credits} />} notificationCards={<NotificationCards />} />
    </GrowthProvider>
  );
}
