import { AUTH_ROUTES, detailResponse, type DetailResponse } from '@stagecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /api/auth/email/resend-public/: the verification e-mail by address, for users who cannot log in yet. */
export function resendVerificationPublic(email: string): Promise<DetailResponse> {
  return apiClient.post(AUTH_ROUTES.resendPublic, { email: email.trim() }, { auth: false, schema: detailResponse });
}

export function useResendVerificationPublic() {
  return useMutation({ mutationFn: resendVerificationPublic });
}
