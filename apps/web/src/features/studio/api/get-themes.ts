import { STUDIO_ROUTES, themesResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';

export type Themes = z.infer<typeof themesResponse>['themes'];

export function getThemes({ signal }: { signal?: AbortSignal } = {}): Promise<Themes> {
  return apiClient.get(STUDIO_ROUTES.themes, { schema: themesResponse, signal }).then((answer) => answer.themes);
}

export function themesQueryOptions() {
  return queryOptions({ queryKey: ['studio', 'themes'], queryFn: ({ signal }) => getThemes({ signal }), staleTime: 30 * 60_000 });
}

export function useThemes() {
  return useQuery(themesQueryOptions());
}
