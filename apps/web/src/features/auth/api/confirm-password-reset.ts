import { AUTH_ROUTES, detailResponse, type DetailResponse, type PasswordResetConfirmRequest } from '@stagecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function confirmPasswordReset(request: PasswordResetConfirmRequest): Promise<DetailResponse> {
  return apiClient.post(AUTH_ROUTES.passwordResetConfirm, request, { auth: false, schema: detailResponse });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
