import { AUTH_ROUTES, loginResponse, type LoginRequest, type LoginResponse } from '@stagecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function login(credentials: LoginRequest): Promise<LoginResponse> {
  return apiClient.post(AUTH_ROUTES.login, credentials, { auth: false, schema: loginResponse });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
