import type { ConversionEventRequest, TrackActionRequest, TrackedAction, UserStateResponse } from '@stagecraft/contracts';
import type { UserRow } from '../auth/users-repository.ts';
import type { GrowthRepository } from './repository.ts';

/** What each tracked action does to the user's state (000 section 3), beside being stored. */
const ACTION_EFFECTS: Partial<
  Record<TrackedAction, { increment?: 'layoutsCreated' | 'exportsCompleted'; sawUpgradeNudge?: boolean }>
> = {
  LAYOUT_CREATED: { increment: 'layoutsCreated' },
  EXPORT_COMPLETED: { increment: 'exportsCompleted' },
  UPGRADE_NUDGE_SHOWN: { sawUpgradeNudge: true },
};

export function createGrowthService(repository: GrowthRepository) {
  return {
    async recordConversionEvent(user: UserRow, event: ConversionEventRequest): Promise<{ success: true }> {
      await repository.insertConversionEvent({
        userId: user.id,
        eventType: event.event_type,
        source: event.source ?? null,
        metadata: event.metadata ?? {},
      });
      return { success: true };
    },

    async trackAction(user: UserRow, request: TrackActionRequest): Promise<{ success: true }> {
      await repository.insertTrackedAction(
        { userId: user.id, action: request.action, metadata: request.metadata ?? {} },
        ACTION_EFFECTS[request.action] ?? {},
      );
      return { success: true };
    },

    async userState(user: UserRow): Promise<UserStateResponse> {
      const state = await repository.stateOf(user.id);
      return {
        success: true,
        credits: user.credits,
        layouts_created: state.layoutsCreated,
        exports_completed: state.exportsCompleted,
        has_completed_first_export: state.exportsCompleted > 0,
        has_seen_upgrade_nudge: state.hasSeenUpgradeNudge,
        plan: user.plan,
      };
    },
  };
}
export type GrowthService = ReturnType<typeof createGrowthService>;
