import { API_ROUTES, appConfigResponse, type AppConfigResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /api/config/: whether Google sign-in is offered, and where its authorization page is. */
export function getAppConfig({ signal }: { signal?: AbortSignal } = {}): Promise<AppConfigResponse> {
  return apiClient.get(API_ROUTES.config, { auth: false, schema: appConfigResponse, signal });
}

export function appConfigQueryOptions() {
  return queryOptions({
    queryKey: ['app-config'],
    queryFn: ({ signal }) => getAppConfig({ signal }),
    // Server configuration does not change while the page is open.
    staleTime: Infinity,
  });
}

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}
