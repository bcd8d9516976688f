import { STUDIO_ROUTES, themeMaterialsResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function getThemeMaterials(theme: string, { signal }: { signal?: AbortSignal } = {}): Promise<string[]> {
  return apiClient
    .get(STUDIO_ROUTES.themeMaterials(theme), { schema: themeMaterialsResponse, signal })
    .then((answer) => answer.materials);
}

export function themeMaterialsQueryOptions(theme: string) {
  return queryOptions({
    queryKey: ['studio', 'theme-materials', theme],
    queryFn: ({ signal }) => getThemeMaterials(theme, { signal }),
    staleTime: 30 * 60_000,
  });
}

/** The wall materials that suit a theme, offered beside its furniture. */
export function useThemeMaterials(theme: string) {
  return useQuery(themeMaterialsQueryOptions(theme));
}
