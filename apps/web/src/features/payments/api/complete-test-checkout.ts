import { BILLING_ROUTES, testCheckoutCompleteResponse } from '@stagecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export type TestCheckoutOutcome = 'paid' | 'declined';

/** Pays or declines through the same server path a Stripe webhook takes; the answer says where to go next. */
export function completeTestCheckout({ sessionId, outcome }: { sessionId: string; outcome: TestCheckoutOutcome }) {
  return apiClient.post(BILLING_ROUTES.testCheckoutComplete(sessionId), { outcome }, { schema: testCheckoutCompleteResponse });
}

export function useCompleteTestCheckout() {
  return useMutation({ mutationFn: completeTestCheckout });
}
