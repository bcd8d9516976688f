import { ANALYTICS_ROUTES, conversionAnalyticsResponse, type ConversionAnalyticsResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /api/conversion-analytics/: the staff member's own events and funnel. */
export function getPersonalAnalytics({ signal }: { signal?: AbortSignal } = {}): Promise<ConversionAnalyticsResponse> {
  return apiClient.get(ANALYTICS_ROUTES.personal, { schema: conversionAnalyticsResponse, signal });
}

export function personalAnalyticsQueryOptions() {
  return queryOptions({
    queryKey: ['analytics', 'personal'],
    queryFn: ({ signal }) => getPersonalAnalytics({ signal }),
    // A 403 will not turn into a 200 by asking again.
    retry: false,
  });
}

export function usePersonalAnalytics({ enabled }: { enabled: boolean }) {
  return useQuery({ ...personalAnalyticsQueryOptions(), enabled });
}
