import { BRANDING_ROUTES, type BrandingTemplate, templatesResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function getTemplates({ signal }: { signal?: AbortSignal } = {}): Promise<BrandingTemplate[]> {
  return apiClient.get(BRANDING_ROUTES.templates, { schema: templatesResponse, signal }).then((answer) => answer.templates);
}

export function templatesQueryOptions() {
  return queryOptions({ queryKey: ['branding', 'templates'], queryFn: ({ signal }) => getTemplates({ signal }) });
}

export function useTemplates() {
  return useQuery(templatesQueryOptions());
}
