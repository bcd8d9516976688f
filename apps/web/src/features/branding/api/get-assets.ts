import { assetsResponse, BRANDING_ROUTES, type BrandingAsset } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export const BRANDING_ASSETS_KEY = ['branding', 'assets'] as const;

export function getAssets({ signal }: { signal?: AbortSignal } = {}): Promise<BrandingAsset[]> {
  return apiClient.get(BRANDING_ROUTES.assets, { schema: assetsResponse, signal }).then((answer) => answer.assets);
}

export function assetsQueryOptions() {
  return queryOptions({ queryKey: BRANDING_ASSETS_KEY, queryFn: ({ signal }) => getAssets({ signal }) });
}

export function useAssets() {
  return useQuery(assetsQueryOptions());
}
