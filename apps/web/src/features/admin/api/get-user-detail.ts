import { ADMIN_ROUTES, adminUserDetailResponse, type AdminUserDetailResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_KEY } from './search-users.ts';

/** GET /api/admin/users/{id}/: the account with its ledger, payments, sessions count, events and audit. */
export function getUserDetail(userId: number, { signal }: { signal?: AbortSignal } = {}): Promise<AdminUserDetailResponse> {
  return apiClient.get(ADMIN_ROUTES.user(userId), { schema: adminUserDetailResponse, signal });
}

export function userDetailQueryOptions(userId: number) {
  return queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'user', userId],
    queryFn: ({ signal }) => getUserDetail(userId, { signal }),
    retry: false,
  });
}

export function useUserDetail(userId: number | null) {
  return useQuery({ ...userDetailQueryOptions(userId ?? 0), enabled: userId !== null });
}
