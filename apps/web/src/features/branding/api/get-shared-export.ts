import { BRANDING_ROUTES, type SharedExport, sharedExportResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** The public share page's data: no login. */
export function getSharedExport(token: string, { signal }: { signal?: AbortSignal } = {}): Promise<SharedExport> {
  return apiClient.get(BRANDING_ROUTES.shared(token), { schema: sharedExportResponse, auth: false, signal });
}

export function sharedExportQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['shared-export', token],
    queryFn: ({ signal }) => getSharedExport(token, { signal }),
    retry: false,
    staleTime: Infinity,
  });
}

export function useSharedExport(token: string) {
  return useQuery(sharedExportQueryOptions(token));
}
