import { STUDIO_ROUTES, furnitureTypesResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';

export type FurnitureTypes = z.infer<typeof furnitureTypesResponse>;

export function getFurnitureTypes({ signal }: { signal?: AbortSignal } = {}): Promise<FurnitureTypes> {
  return apiClient.get(STUDIO_ROUTES.furnitureTypes, { schema: furnitureTypesResponse, signal });
}

export function furnitureTypesQueryOptions() {
  // The catalogue changes with a deploy, not during a visit.
  return queryOptions({
    queryKey: ['studio', 'furniture-types'],
    queryFn: ({ signal }) => getFurnitureTypes({ signal }),
    staleTime: 30 * 60_000,
  });
}

/** Manual object types (for click-to-detect), furniture types (click and place) and wall materials. */
export function useFurnitureTypes() {
  return useQuery(furnitureTypesQueryOptions());
}
