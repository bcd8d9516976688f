import { AUTH_ROUTES, confirmEmailResponse, type ConfirmEmailResponse } from '@stagecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /api/auth/email/confirm/ {key}: the verify-email screen's way of confirming. */
export function confirmEmail(key: string): Promise<ConfirmEmailResponse> {
  return apiClient.post(AUTH_ROUTES.confirmEmail, { key }, { auth: false, schema: confirmEmailResponse });
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail, retry: false });
}
