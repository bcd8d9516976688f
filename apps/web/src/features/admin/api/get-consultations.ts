import { ADMIN_ROUTES, adminConsultationsResponse, type AdminConsultationsResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_KEY } from './search-users.ts';

export type ConsultationFilter = 'open' | 'handled' | 'all';

/** GET /api/admin/consultations/?status=: requests sent from the guide pages, open ones first. */
export function getConsultations(status: ConsultationFilter, { signal }: { signal?: AbortSignal } = {}): Promise<AdminConsultationsResponse> {
  return apiClient.get(`${ADMIN_ROUTES.consultations}?status=${status}`, { schema: adminConsultationsResponse, signal });
}

export function consultationsQueryOptions(status: ConsultationFilter) {
  return queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'consultations', status],
    queryFn: ({ signal }) => getConsultations(status, { signal }),
    retry: false,
  });
}

export function useConsultations(status: ConsultationFilter) {
  return useQuery(consultationsQueryOptions(status));
}
