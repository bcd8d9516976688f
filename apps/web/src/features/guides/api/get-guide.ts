import { GUIDE_ROUTES } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiClient } from '../../../lib/api-client.ts';
import { type GuideView, withGuideDefaults } from '../utils/guide-defaults.ts';

/** 001 section 8: 404 'Room guide not found'; other failures 'Failed to load'; no answer 'Failed to load room data'. */
export class GuideLoadError extends Error {
  constructor(
    message: string,
    readonly notFound: boolean,
  ) {
    super(message);
  }
}

export async function getGuide(slug: string, { signal }: { signal?: AbortSignal } = {}): Promise<GuideView> {
  try {
    return withGuideDefaults(await apiClient.get(GUIDE_ROUTES.room(slug), { auth: false, signal }));
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 404) throw new GuideLoadError('Room guide not found', true);
      if (error.isNetworkError) throw new GuideLoadError('Failed to load room data', false);
      throw new GuideLoadError('Failed to load', false);
    }
    throw error;
  }
}

export function guideQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['guides', 'guide', slug],
    queryFn: ({ signal }) => getGuide(slug, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useGuide(slug: string) {
  return useQuery(guideQueryOptions(slug));
}
