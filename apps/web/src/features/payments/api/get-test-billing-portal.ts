import { BILLING_ROUTES, testBillingPortalResponse, type TestBillingPortalResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export const TEST_BILLING_PORTAL_QUERY_KEY = ['test-billing-portal'] as const;

export function getTestBillingPortal({ signal }: { signal?: AbortSignal } = {}): Promise<TestBillingPortalResponse> {
  return apiClient.get(BILLING_ROUTES.testBillingPortal, { schema: testBillingPortalResponse, signal });
}

export function testBillingPortalQueryOptions() {
  return queryOptions({ queryKey: TEST_BILLING_PORTAL_QUERY_KEY, queryFn: ({ signal }) => getTestBillingPortal({ signal }), staleTime: 0 });
}

export function useTestBillingPortal() {
  return useQuery(testBillingPortalQueryOptions());
}
