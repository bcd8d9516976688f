import { AUTH_ROUTES, loginResponse, type LoginResponse } from '@stagecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /api/auth/google/ {code}: the server exchanges the provider's code and answers like a login. */
export function googleLogin(code: string): Promise<LoginResponse> {
  return apiClient.post(AUTH_ROUTES.google, { code }, { auth: false, schema: loginResponse });
}

export function useGoogleLogin() {
  return useMutation({ mutationFn: googleLogin });
}
