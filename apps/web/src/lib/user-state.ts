import { BILLING_ROUTES, userStateResponse, type UserStateResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client.ts';

export const USER_STATE_QUERY_KEY = ['user-state'] as const;

export function getUserState({ signal }: { signal?: AbortSignal } = {}): Promise<UserStateResponse> {
  return apiClient.get(BILLING_ROUTES.userState, { schema: userStateResponse, signal });
}

export function userStateQueryOptions() {
  return queryOptions({
    queryKey: USER_STATE_QUERY_KEY,
    queryFn: ({ signal }) => getUserState({ signal }),
    refetchOnWindowFocus: true,
    staleTime: 10_000,
  });
}

/** Plan, credits and usage counters: what the upgrade nudges and the pricing page decide on. */
export function useUserState(options: { enabled?: boolean } = {}) {
  return useQuery({ ...userStateQueryOptions(), enabled: options.enabled ?? true });
}
