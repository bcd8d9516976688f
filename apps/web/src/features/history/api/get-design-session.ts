import { designSessionResponse, type DesignSessionResponse, HISTORY_ROUTES } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { DESIGN_HISTORY_QUERY_KEY } from './get-design-history.ts';

/** GET /api/design-history/{sessionId}/: one session with its timeline of steps. */
export function getDesignSession(sessionId: string, { signal }: { signal?: AbortSignal } = {}): Promise<DesignSessionResponse> {
  return apiClient.get(HISTORY_ROUTES.session(sessionId), { schema: designSessionResponse, signal });
}

export function designSessionQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: [...DESIGN_HISTORY_QUERY_KEY, 'session', sessionId],
    queryFn: ({ signal }) => getDesignSession(sessionId, { signal }),
    refetchOnWindowFocus: true,
    retry: false,
  });
}

export function useDesignSession(sessionId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...designSessionQueryOptions(sessionId), enabled: options.enabled ?? true });
}
