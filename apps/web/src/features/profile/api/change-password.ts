import { AUTH_ROUTES, passwordChangeResponse, type PasswordChangeRequest, type PasswordChangeResponse } from '@stagecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { requireAccessToken } from '../../../lib/account.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { storeTokens } from '../../../lib/auth-storage.ts';

/** POST /auth/password/change/ (bearer); every other session is signed out. */
export function changePassword(request: PasswordChangeRequest): Promise<PasswordChangeResponse> {
  requireAccessToken();
  return apiClient.post(AUTH_ROUTES.passwordChange, request, { schema: passwordChangeResponse });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    // The server revoked every refresh token, ours included: without the new pair this tab would be logged
    // out at the next renewal.
    onSuccess: ({ access, refresh }) => storeTokens({ access, refresh }),
  });
}
