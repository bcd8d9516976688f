import { AUTH_ROUTES, detailResponse, type DetailResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /api/auth/confirm-email/{key}/: confirms the address behind an e-mailed link (404 invalid, 410 expired). */
export function confirmEmailLink(key: string, { signal }: { signal?: AbortSignal } = {}): Promise<DetailResponse> {
  return apiClient.get(AUTH_ROUTES.confirmEmailByKey(key), { auth: false, schema: detailResponse, signal });
}

/**
 * A query rather than an effect: the key is used up by the first call, and the query cache makes sure the
 * screen sends it once even when React mounts the screen twice (StrictMode) — a second call would say 404.
 */
export function confirmEmailLinkQueryOptions(key: string) {
  return queryOptions({
    queryKey: ['confirm-email-link', key],
    queryFn: ({ signal }) => confirmEmailLink(key, { signal }),
    retry: false,
    staleTime: Infinity,
  });
}

export function useConfirmEmailLink(key: string) {
  return useQuery(confirmEmailLinkQueryOptions(key));
}
