import { STUDIO_ROUTES, studioRoomModelResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import type { RoomModelJson } from '../utils/piece-pose.ts';

export function getRoomModel(sessionId: string, { signal }: { signal?: AbortSignal } = {}): Promise<RoomModelJson> {
  return apiClient
    .get(STUDIO_ROUTES.sessionRoomModel(sessionId), { schema: studioRoomModelResponse, signal })
    .then((answer) => answer.room_model);
}

export function roomModelQueryOptions(sessionId: string | null) {
  return queryOptions({
    queryKey: ['studio', 'room-model', sessionId],
    queryFn: ({ signal }) => getRoomModel(sessionId ?? '', { signal }),
    // A session's room model is computed once from its original and never changes.
    staleTime: Infinity,
    enabled: sessionId !== null,
    retry: 1,
  });
}

/** The room model of the session's original photo: what the studio draws a piece's box with before placing it. */
export function useRoomModel(sessionId: string | null) {
  return useQuery(roomModelQueryOptions(sessionId));
}
