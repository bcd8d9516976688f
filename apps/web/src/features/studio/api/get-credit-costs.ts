import { BILLING_ROUTES, creditCostsResponse, type CreditCostsResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export type CreditCosts = CreditCostsResponse['credit_costs'];

export function getCreditCosts({ signal }: { signal?: AbortSignal } = {}): Promise<CreditCosts> {
  return apiClient.get(BILLING_ROUTES.creditCosts, { schema: creditCostsResponse, signal }).then((answer) => answer.credit_costs);
}

export function creditCostsQueryOptions() {
  return queryOptions({
    queryKey: ['studio', 'credit-costs'],
    queryFn: ({ signal }) => getCreditCosts({ signal }),
    staleTime: 30 * 60_000,
  });
}

/** What each action costs, from the server (DECISIONS.md: no client hard-codes a number). */
export function useCreditCosts() {
  return useQuery(creditCostsQueryOptions());
}
