import { STUDIO_ROUTES, themeFurnitureResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function getThemeFurniture(theme: string, { signal }: { signal?: AbortSignal } = {}): Promise<string[]> {
  return apiClient
    .get(STUDIO_ROUTES.themeFurniture(theme), { schema: themeFurnitureResponse, signal })
    .then((answer) => answer.furniture);
}

export function themeFurnitureQueryOptions(theme: string) {
  return queryOptions({
    queryKey: ['studio', 'theme-furniture', theme],
    queryFn: ({ signal }) => getThemeFurniture(theme, { signal }),
    staleTime: 30 * 60_000,
  });
}

/** The pieces rendered for one theme: what a themed click can place. */
export function useThemeFurniture(theme: string) {
  return useQuery(themeFurnitureQueryOptions(theme));
}
