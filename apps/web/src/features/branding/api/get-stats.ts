import { BRANDING_ROUTES, type BrandingStats, statsResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function getStats({ signal }: { signal?: AbortSignal } = {}): Promise<BrandingStats> {
  return apiClient.get(BRANDING_ROUTES.stats, { schema: statsResponse, signal }).then((answer) => answer.stats);
}

export function statsQueryOptions() {
  return queryOptions({ queryKey: ['branding', 'stats'], queryFn: ({ signal }) => getStats({ signal }) });
}

export function useStats() {
  return useQuery(statsQueryOptions());
}
