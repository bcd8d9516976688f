import { BILLING_ROUTES, userCreditsResponse, type UserCreditsResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, apiClient } from './api-client.ts';
import { refreshSession, useAuth } from './auth.tsx';

export const USER_CREDITS_QUERY_KEY = ['user-credits'] as const;

export function getUserCredits({ signal }: { signal?: AbortSignal } = {}): Promise<UserCreditsResponse> {
  return apiClient.get(BILLING_ROUTES.userCredits, { schema: userCreditsResponse, signal });
}

export function userCreditsQueryOptions() {
  return queryOptions({
    queryKey: USER_CREDITS_QUERY_KEY,
    queryFn: ({ signal }) => getUserCredits({ signal }),
    // Credits change in other tabs and after a checkout on another site: coming back must show the new balance.
    refetchOnWindowFocus: true,
    staleTime: 10_000,
  });
}

/**
 * The balance shown in the chrome. A 401 ends the session (000 section 7), but only once a token renewal has
 * also failed: after a laptop sleeps the access token is stale before the 4-minute renewal catches up.
 */
export function useUserCredits(options: { enabled?: boolean } = {}) {
  const { logout } = useAuth();
  const query = useQuery({ ...userCreditsQueryOptions(), enabled: options.enabled ?? true });
  const unauthorized = query.error instanceof ApiError && query.error.status === 401;
  const { refetch } = query;

  useEffect(() => {
    if (!unauthorized) return;
    let cancelled = false;
    void refreshSession().then((tokens) => {
      if (cancelled) return;
      if (tokens) void refetch();
      else logout();
    });
    return () => {
      cancelled = true;
    };
  }, [unauthorized, refetch, logout]);

  return query;
}
