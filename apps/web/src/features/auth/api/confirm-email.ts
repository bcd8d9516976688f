import { AUTH_ROUTES, detailResponse, type DetailResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /api/auth/email/confirm/ {key}: the verify-email screen's way of confirming. */
export function confirmEmail(key: string): Promise<DetailResponse> {
  return apiClient.post(AUTH_ROUTES.confirmEmail, { key }, { auth: false, schema: detailResponse });
}

/** Sent once per key, like the confirmation link (see confirm-email-link.ts). */
export function confirmEmailQueryOptions(key: string) {
  return queryOptions({
    queryKey: ['confirm-email', key],
    queryFn: () => confirmEmail(key),
    retry: false,
    staleTime: Infinity,
  });
}

export function useConfirmEmail(key: string) {
  return useQuery(confirmEmailQueryOptions(key));
}
