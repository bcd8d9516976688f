import { ANALYTICS_ROUTES, conversionStatsResponse, type ConversionStatsResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /api/admin/conversion-stats/: the company-wide funnel, events, sources and revenue. */
export function getCompanyStats({ signal }: { signal?: AbortSignal } = {}): Promise<ConversionStatsResponse> {
  return apiClient.get(ANALYTICS_ROUTES.company, { schema: conversionStatsResponse, signal });
}

export function companyStatsQueryOptions() {
  return queryOptions({
    queryKey: ['analytics', 'company'],
    queryFn: ({ signal }) => getCompanyStats({ signal }),
    retry: false,
  });
}

export function useCompanyStats({ enabled }: { enabled: boolean }) {
  return useQuery({ ...companyStatsQueryOptions(), enabled });
}
