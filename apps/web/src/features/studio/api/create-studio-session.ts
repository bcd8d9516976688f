import { STUDIO_ROUTES, studioSessionResponse, type StudioSession } from '@stagecraft/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /api/studio/sessions/: a new room from a photo; 403 with ROOM_LIMIT_MESSAGE past the free plan's rooms. */
export function createStudioSession(imageData: string): Promise<StudioSession> {
  return apiClient
    .post(STUDIO_ROUTES.sessions, { image_data: imageData }, { schema: studioSessionResponse })
    .then((answer) => answer.session);
}
