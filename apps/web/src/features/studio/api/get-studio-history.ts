import { BILLING_ROUTES, HISTORY_ROUTES, designHistoryResponse, userStateResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/**
 * Whether the user has worked in the studio before, which decides the tutorial (001 section 4). The design
 * history answers for paid plans only; for the others the layouts counted in the user state stand in. Any
 * failure counts as no history: the tutorial is the safe side.
 */
export async function getHasStudioHistory({ signal }: { signal?: AbortSignal } = {}): Promise<boolean> {
  const [history, userState] = await Promise.allSettled([
    apiClient.get(HISTORY_ROUTES.list, { schema: designHistoryResponse, signal }),
    apiClient.get(BILLING_ROUTES.userState, { schema: userStateResponse, signal }),
  ]);
  if (history.status === 'fulfilled' && history.value.sessions.length > 0) return true;
  return userState.status === 'fulfilled' && userState.value.layouts_created > 0;
}

export function studioHistoryQueryOptions() {
  // Read once per visit: the answer decides how the studio opens, not what it shows later.
  return queryOptions({
    queryKey: ['studio', 'has-history'],
    queryFn: ({ signal }) => getHasStudioHistory({ signal }),
    staleTime: Infinity,
  });
}

export function useHasStudioHistory() {
  return useQuery(studioHistoryQueryOptions());
}
