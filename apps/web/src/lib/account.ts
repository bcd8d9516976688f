import { AUTH_ROUTES, detailResponse, userProfile, type DetailResponse, type UserProfile } from '@stagecraft/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiClient } from './api-client.ts';
import { readAccessToken } from './auth-storage.ts';
import { useAuth } from './auth.tsx';

/**
 * The logged-in user's own account record. Shared because several features read it (the verification
 * banner, the profile page, plan-aware billing screens) and must agree on one cached copy.
 */

/** Spec 000 section 5: bearer calls made without a stored access token fail with this text. */
export const AUTH_TOKEN_MISSING_MESSAGE = 'Authentication token not found. Please log in again.';

/** Throws the spec's error before a bearer call is attempted without a token (it would only answer 401). */
export function requireAccessToken(): string {
  const access = readAccessToken();
  if (!access) throw new ApiError(401, { detail: AUTH_TOKEN_MISSING_MESSAGE });
  return access;
}

/** Prefix of every user-profile query key: invalidate it after anything that changes the account. */
export const USER_PROFILE_QUERY_KEY = ['user-profile'] as const;

export function getUserProfile({ signal }: { signal?: AbortSignal } = {}): Promise<UserProfile> {
  return apiClient.get(AUTH_ROUTES.user, { schema: userProfile, signal });
}

/** Keyed by user id so that a second account logging in on the same tab never sees the first one's data. */
export function userProfileQueryOptions(userId: number) {
  return queryOptions({
    queryKey: [...USER_PROFILE_QUERY_KEY, userId],
    queryFn: ({ signal }) => getUserProfile({ signal }),
  });
}

export function useUserProfile() {
  const { user } = useAuth();
  return useQuery({ ...userProfileQueryOptions(user?.userId ?? 0), enabled: user !== null });
}

/** POST /api/auth/email/resend/: a fresh verification e-mail for the logged-in user. */
export function resendVerificationEmail(): Promise<DetailResponse> {
  requireAccessToken();
  return apiClient.post(AUTH_ROUTES.resend, undefined, { schema: detailResponse });
}

export function useResendVerificationEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendVerificationEmail,
    // The answer may be "already verified" (confirmed in another tab): refetch so the badge catches up.
    onSettled: () => queryClient.invalidateQueries({ queryKey: USER_PROFILE_QUERY_KEY }),
  });
}
