import {
  historyPredictionsResponse,
  INSPIRATION_ROUTES,
  type Prediction,
  type RestyleJob,
  type RestyleProvider,
  restyleJob,
  type RoomType,
  STUDIO_ROUTES,
  type ThemeKey,
  themesResponse,
  transformRoomResponse,
  type TransformRoomResponse,
} from '@stagecraft/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';

export const INSPIRATION_HISTORY_KEY = ['inspiration-history'] as const;

/** GET /api/history-predictions/user={id}: My Inspiration History, newest first. */
export function useInspirationHistory(userId: number | undefined) {
  return useQuery({
    queryKey: [...INSPIRATION_HISTORY_KEY, userId],
    queryFn: ({ signal }) =>
      apiClient.get(INSPIRATION_ROUTES.historyPredictions(userId ?? 0), { schema: historyPredictionsResponse, signal }),
    enabled: userId !== undefined,
    // Image URLs are signed for an hour: coming back to the page refreshes them.
    refetchOnWindowFocus: true,
  });
}

/** The 16 themes with their names (GET /api/ai-design/themes/). */
export function useThemes() {
  return useQuery({
    queryKey: ['themes'],
    queryFn: ({ signal }) => apiClient.get(STUDIO_ROUTES.themes, { schema: themesResponse, signal }).then((answer) => answer.themes),
    staleTime: Infinity,
  });
}

const transformAnswer = z.union([transformRoomResponse, restyleJob]);

/**
 * POST /api/transform-room-bis/user={id}: the finished prediction, or (for a slow run, 202) the job to poll.
 * Multipart: `theme` and a `control_image` file or an `image_url`.
 */
export function transformRoom(
  userId: number,
  input: {
    theme: ThemeKey;
    file: File | null;
    imageUrl: string;
    provider?: RestyleProvider;
    roomType?: RoomType | null;
    /** Our own id for the job, so that Cancel works while the call still waits for its answer. */
    jobId: string;
  },
): Promise<TransformRoomResponse | RestyleJob> {
  const form = new FormData();
  form.append('theme', input.theme);
  if (input.file) form.append('control_image', input.file);
  else form.append('image_url', input.imageUrl.trim());
  if (input.provider) form.append('provider', input.provider);
  if (input.roomType) form.append('room_type', input.roomType);
  form.append('job_id', input.jobId);
  return apiClient.post(INSPIRATION_ROUTES.transformRoom(userId), form, { schema: transformAnswer });
}

/** POST /api/inspiration/jobs/{id}/cancel/: the restyle stops and costs nothing (409 once it has finished). */
export function cancelRestyleJob(jobId: string): Promise<RestyleJob> {
  return apiClient.post(INSPIRATION_ROUTES.cancelJob(jobId), undefined, { schema: restyleJob });
}

export function getRestyleJob(jobId: string, signal?: AbortSignal): Promise<RestyleJob> {
  return apiClient.get(INSPIRATION_ROUTES.job(jobId), { schema: restyleJob, signal });
}

export function isFinished(answer: TransformRoomResponse | RestyleJob): answer is TransformRoomResponse {
  return 'image_url' in answer;
}

export type { Prediction };
