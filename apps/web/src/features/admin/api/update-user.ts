import {
  ADMIN_ROUTES,
  adminUserResponse,
  type AdminActiveRequest,
  type AdminCreditChangeRequest,
  type AdminPlanRequest,
  type AdminStaffRequest,
  type AdminUserResponse,
} from '@stagecraft/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_KEY } from './search-users.ts';

/** The console's changes to one account; each answers the account as it now is, and each is audited. */
export type UserChange =
  | { kind: 'credits'; body: AdminCreditChangeRequest }
  | { kind: 'plan'; body: AdminPlanRequest }
  | { kind: 'active'; body: AdminActiveRequest }
  | { kind: 'staff'; body: AdminStaffRequest }
  | { kind: 'resend-verification' };

export function updateUser(userId: number, change: UserChange): Promise<AdminUserResponse> {
  const options = { schema: adminUserResponse };
  switch (change.kind) {
    case 'credits':
      return apiClient.post(ADMIN_ROUTES.credits(userId), change.body, options);
    case 'plan':
      return apiClient.post(ADMIN_ROUTES.plan(userId), change.body, options);
    case 'active':
      return apiClient.post(ADMIN_ROUTES.active(userId), change.body, options);
    case 'staff':
      return apiClient.post(ADMIN_ROUTES.staff(userId), change.body, options);
    case 'resend-verification':
      return apiClient.post(ADMIN_ROUTES.resendVerification(userId), undefined, options);
  }
}

export function useUpdateUser(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UserChange) => updateUser(userId, change),
    // The detail, the search results and the audit log all show what just changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}
