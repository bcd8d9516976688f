import { STUDIO_ROUTES, drawingFurnitureTypesResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/**
 * 001 section 7: "a local fallback list is used on failure". These are the floor pieces every furniture
 * library of the project renders (the plan's furniture keys), so a drawn area can still be filled.
 */
export const FALLBACK_DRAWING_FURNITURE_TYPES = [
  'sofa',
  'armchair',
  'coffee_table',
  'side_table',
  'rug',
  'floor_lamp',
  'plant',
  'bed',
  'nightstand',
  'dining_table',
  'dining_chair',
  'bookshelf',
  'tv_stand',
  'desk',
  'dresser',
  'ottoman',
];

export async function getDrawingFurnitureTypes({ signal }: { signal?: AbortSignal } = {}): Promise<string[]> {
  try {
    const answer = await apiClient.get(STUDIO_ROUTES.drawingFurnitureTypes, { schema: drawingFurnitureTypesResponse, signal });
    return answer.all_furniture_types.length > 0 ? answer.all_furniture_types : FALLBACK_DRAWING_FURNITURE_TYPES;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return FALLBACK_DRAWING_FURNITURE_TYPES;
  }
}

export function drawingFurnitureTypesQueryOptions() {
  return queryOptions({
    queryKey: ['studio', 'drawing-furniture-types'],
    queryFn: ({ signal }) => getDrawingFurnitureTypes({ signal }),
    staleTime: 30 * 60_000,
  });
}

export function useDrawingFurnitureTypes() {
  return useQuery(drawingFurnitureTypesQueryOptions());
}
