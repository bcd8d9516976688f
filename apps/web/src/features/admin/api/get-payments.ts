import { ADMIN_ROUTES, adminPaymentsResponse, type AdminPaymentsResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_KEY } from './search-users.ts';

export type PaymentFilter = AdminPaymentsResponse['payments'][number]['status'] | 'all';

/** GET /api/admin/payments/?status=: payments, newest first. */
export function getPayments(status: PaymentFilter, { signal }: { signal?: AbortSignal } = {}): Promise<AdminPaymentsResponse> {
  const query = status === 'all' ? '' : `?status=${status}`;
  return apiClient.get(`${ADMIN_ROUTES.payments}${query}`, { schema: adminPaymentsResponse, signal });
}

export function paymentsQueryOptions(status: PaymentFilter) {
  return queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'payments', status], queryFn: ({ signal }) => getPayments(status, { signal }), retry: false });
}

export function usePayments(status: PaymentFilter) {
  return useQuery(paymentsQueryOptions(status));
}
