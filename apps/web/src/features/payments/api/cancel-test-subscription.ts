import { BILLING_ROUTES, testBillingPortalResponse, type TestBillingPortalResponse } from '@stagecraft/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { USER_CREDITS_QUERY_KEY } from '../../../lib/user-credits.ts';
import { USER_STATE_QUERY_KEY } from '../../../lib/user-state.ts';
import { TEST_BILLING_PORTAL_QUERY_KEY } from './get-test-billing-portal.ts';

export function cancelTestSubscription(): Promise<TestBillingPortalResponse> {
  return apiClient.post(BILLING_ROUTES.testBillingPortalCancel, undefined, { schema: testBillingPortalResponse });
}

export function useCancelTestSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTestSubscription,
    onSuccess: async (portal) => {
      queryClient.setQueryData(TEST_BILLING_PORTAL_QUERY_KEY, portal);
      // The plan changed: the upgrade button and the pricing page must see it.
      await Promise.all([queryClient.invalidateQueries({ queryKey: USER_STATE_QUERY_KEY }), queryClient.invalidateQueries({ queryKey: USER_CREDITS_QUERY_KEY })]);
    },
  });
}
