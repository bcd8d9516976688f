import { AUTH_ROUTES, detailResponse, type DetailResponse, type RegisterRequest } from '@stagecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function register(account: RegisterRequest): Promise<DetailResponse> {
  return apiClient.post(AUTH_ROUTES.register, account, { auth: false, schema: detailResponse });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
