import { BILLING_ROUTES, successResponse, type PlanKey, type TrackedAction } from '@stagecraft/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiClient } from '../../../lib/api-client.ts';
import { trackingMetadata, useCurrentPlan } from '../../../lib/conversion-tracking.ts';
import { USER_STATE_QUERY_KEY } from '../../../lib/user-state.ts';

export function trackAction(
  action: TrackedAction,
  userPlan: PlanKey | null,
  metadata: Record<string, unknown> = {},
): Promise<{ success: true }> {
  return apiClient.post(
    BILLING_ROUTES.trackAction,
    { action, metadata: trackingMetadata(userPlan, metadata) },
    { schema: successResponse },
  );
}

/**
 * Records an action and refreshes the user state it may have changed (e.g. the upgrade nudge marked as seen).
 * Never fails: a tracking error is only logged, tracking must not break the studio.
 */
export function useTrackAction(): (action: TrackedAction, metadata?: Record<string, unknown>) => Promise<void> {
  const queryClient = useQueryClient();
  const currentPlan = useCurrentPlan();
  return useCallback(
    async (action, metadata) => {
      try {
        await trackAction(action, currentPlan(), metadata);
        await queryClient.invalidateQueries({ queryKey: USER_STATE_QUERY_KEY });
      } catch (error) {
        console.warn('Could not track an action', action, error);
      }
    },
    [queryClient, currentPlan],
  );
}
