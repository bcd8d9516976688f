import { BRANDING_ROUTES, type BrandedExport, brandedExportsResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function getExports({ signal }: { signal?: AbortSignal } = {}): Promise<BrandedExport[]> {
  return apiClient.get(BRANDING_ROUTES.exports, { schema: brandedExportsResponse, signal }).then((answer) => answer.exports);
}

export function exportsQueryOptions() {
  return queryOptions({ queryKey: ['branding', 'exports'], queryFn: ({ signal }) => getExports({ signal }) });
}

export function useExports() {
  return useQuery(exportsQueryOptions());
}
