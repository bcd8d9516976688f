import { ADMIN_ROUTES, adminUserListResponse, type AdminUserListResponse } from '@stagecraft/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /api/admin/users/?search=: accounts whose e-mail or username contains the text, newest first. */
export function searchUsers(search: string, { signal }: { signal?: AbortSignal } = {}): Promise<AdminUserListResponse> {
  return apiClient.get(`${ADMIN_ROUTES.users}?search=${encodeURIComponent(search)}`, { schema: adminUserListResponse, signal });
}

export const ADMIN_QUERY_KEY = ['admin'] as const;

export function searchUsersQueryOptions(search: string) {
  return queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'users', search],
    queryFn: ({ signal }) => searchUsers(search, { signal }),
    retry: false,
  });
}

export function useSearchUsers(search: string) {
  // The list stays on screen while the next search runs, instead of flashing empty at each keystroke.
  return useQuery({ ...searchUsersQueryOptions(search), placeholderData: keepPreviousData });
}
