import { AUTH_ROUTES, permissionsResponse, type PermissionsResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client.ts';
import { useAuth } from './auth.tsx';

/**
 * GET /api/check-permissions/: whether the logged-in user is staff (001 section 6). Shared because the side
 * menu and the staff screens must agree; the server checks again on every staff call.
 */
export function getPermissions({ signal }: { signal?: AbortSignal } = {}): Promise<PermissionsResponse> {
  return apiClient.get(AUTH_ROUTES.checkPermissions, { schema: permissionsResponse, signal });
}

export const PERMISSIONS_QUERY_KEY = ['check-permissions'] as const;

/** Keyed by user id: a second account on the same tab never inherits the first one's staff flag. */
export function permissionsQueryOptions(userId: number) {
  return queryOptions({
    queryKey: [...PERMISSIONS_QUERY_KEY, userId],
    queryFn: ({ signal }) => getPermissions({ signal }),
    staleTime: 60_000,
  });
}

export function usePermissions() {
  const { user } = useAuth();
  return useQuery({ ...permissionsQueryOptions(user?.userId ?? 0), enabled: user !== null });
}
