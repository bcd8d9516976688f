import { GUIDE_ROUTES, type GuideCategory, type RoomsResponse } from '@stagecraft/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiClient } from '../../../lib/api-client.ts';
import { withRoomsDefaults } from '../utils/guide-defaults.ts';

export interface RoomsFilter {
  category: GuideCategory | 'all';
  search: string;
}

/** 001 section 5: the category is left out for 'all'; the search only when not empty. */
export function roomsPath({ category, search }: RoomsFilter): string {
  const params = new URLSearchParams();
  if (category !== 'all') params.set('category', category);
  if (search.trim()) params.set('search', search.trim());
  const query = params.toString();
  return query ? `${GUIDE_ROUTES.rooms}?${query}` : GUIDE_ROUTES.rooms;
}

export async function getRooms(filter: RoomsFilter, { signal }: { signal?: AbortSignal } = {}): Promise<RoomsResponse> {
  try {
    return withRoomsDefaults(await apiClient.get(roomsPath(filter), { auth: false, signal }));
  } catch (error) {
    // 001 section 8: the error box reads 'Failed to fetch rooms: {status text}'.
    if (error instanceof ApiError) throw new Error(`Failed to fetch rooms: ${error.body.detail ?? error.status}`);
    throw error;
  }
}

export function roomsQueryOptions(filter: RoomsFilter) {
  return queryOptions({
    queryKey: ['guides', 'rooms', filter.category, filter.search.trim()],
    queryFn: ({ signal }) => getRooms(filter, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useRooms(filter: RoomsFilter) {
  // Keeps the cards on screen while the next category or search loads, instead of flashing the spinner.
  return useQuery({ ...roomsQueryOptions(filter), placeholderData: keepPreviousData });
}
