import { designHistoryResponse, type DesignHistoryResponse, HISTORY_ROUTES } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** Prefix of every history query key: a deleted session invalidates the list and its detail at once. */
export const DESIGN_HISTORY_QUERY_KEY = ['design-history'] as const;

/** GET /api/design-history/: the user's sessions (paid and Pro plans; 403 otherwise). */
export function getDesignHistory({ signal }: { signal?: AbortSignal } = {}): Promise<DesignHistoryResponse> {
  return apiClient.get(HISTORY_ROUTES.list, { schema: designHistoryResponse, signal });
}

export function designHistoryQueryOptions() {
  return queryOptions({
    queryKey: [...DESIGN_HISTORY_QUERY_KEY, 'list'],
    queryFn: ({ signal }) => getDesignHistory({ signal }),
    // Image URLs are signed for an hour: refetching on focus keeps them fresh on a page left open.
    refetchOnWindowFocus: true,
    retry: false,
  });
}

export function useDesignHistory(options: { enabled?: boolean } = {}) {
  return useQuery({ ...designHistoryQueryOptions(), enabled: options.enabled ?? true });
}
