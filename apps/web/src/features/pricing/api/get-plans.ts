import { BILLING_ROUTES, plansResponse, type PlansResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function getPlans({ signal }: { signal?: AbortSignal } = {}): Promise<PlansResponse> {
  return apiClient.get(BILLING_ROUTES.plans, { schema: plansResponse, auth: false, signal });
}

export function plansQueryOptions() {
  return queryOptions({
    queryKey: ['plans'],
    queryFn: ({ signal }) => getPlans({ signal }),
    // The catalogue changes with a deploy, not during a visit.
    staleTime: 10 * 60_000,
  });
}

export function usePlans() {
  return useQuery(plansQueryOptions());
}
