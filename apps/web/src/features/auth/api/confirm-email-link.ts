import { AUTH_ROUTES, confirmEmailResponse, type ConfirmEmailResponse } from '@stagecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/**
 * GET /api/auth/confirm-email/{key}/: confirms the address behind an e-mailed link (404 invalid, 410 expired,
 * 200 with already_confirmed for a link used before). A GET by the spec's contract, but it changes the account:
 * a mutation, so that nothing refetches it (a refetch of a used key once read as "invalid link").
 */
export function confirmEmailLink(key: string): Promise<ConfirmEmailResponse> {
  return apiClient.get(AUTH_ROUTES.confirmEmailByKey(key), { auth: false, schema: confirmEmailResponse });
}

export function useConfirmEmailLink() {
  return useMutation({ mutationFn: confirmEmailLink, retry: false });
}
