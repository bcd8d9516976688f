import { BILLING_ROUTES, testCheckoutSession, type TestCheckoutSession } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function getTestCheckout(sessionId: string, { signal }: { signal?: AbortSignal } = {}): Promise<TestCheckoutSession> {
  return apiClient.get(BILLING_ROUTES.testCheckout(sessionId), { schema: testCheckoutSession, signal });
}

export function testCheckoutQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: ['test-checkout', sessionId],
    queryFn: ({ signal }) => getTestCheckout(sessionId, { signal }),
    staleTime: 0,
  });
}

export function useTestCheckout(sessionId: string) {
  return useQuery(testCheckoutQueryOptions(sessionId));
}
