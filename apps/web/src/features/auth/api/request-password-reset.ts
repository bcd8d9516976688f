import { AUTH_ROUTES, detailResponse, type DetailResponse } from '@stagecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function requestPasswordReset(email: string): Promise<DetailResponse> {
  return apiClient.post(AUTH_ROUTES.passwordReset, { email: email.trim() }, { auth: false, schema: detailResponse });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
