import { BRANDING_ROUTES, type BrandingTemplate, defaultTemplateResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function getDefaultTemplate({ signal }: { signal?: AbortSignal } = {}): Promise<BrandingTemplate | null> {
  return apiClient
    .get(BRANDING_ROUTES.defaultTemplate, { schema: defaultTemplateResponse, signal })
    .then((answer) => answer.template);
}

export function defaultTemplateQueryOptions() {
  return queryOptions({
    queryKey: ['branding', 'templates', 'default'],
    queryFn: ({ signal }) => getDefaultTemplate({ signal }),
  });
}

export function useDefaultTemplate() {
  return useQuery(defaultTemplateQueryOptions());
}
