import { STUDIO_ROUTES, themeFurnitureResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';

export type ThemeFurniture = z.infer<typeof themeFurnitureResponse>;

export function getThemeFurniture(theme: string, { signal }: { signal?: AbortSignal } = {}): Promise<ThemeFurniture> {
  return apiClient.get(STUDIO_ROUTES.themeFurniture(theme), { schema: themeFurnitureResponse, signal });
}

export function themeFurnitureQueryOptions(theme: string) {
  return queryOptions({
    queryKey: ['studio', 'theme-furniture', theme],
    queryFn: ({ signal }) => getThemeFurniture(theme, { signal }),
    staleTime: 30 * 60_000,
  });
}

/** The pieces rendered for one theme (what a themed click can place), and which of them are drawn in 3D. */
export function useThemeFurniture(theme: string) {
  return useQuery(themeFurnitureQueryOptions(theme));
}
