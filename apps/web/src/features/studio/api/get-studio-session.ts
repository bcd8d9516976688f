import { STUDIO_ROUTES, studioSessionResponse, type StudioSession } from '@stagecraft/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /api/studio/sessions/{id}/: one of the user's rooms with its editor state (`/app?session={id}`). */
export function getStudioSession(sessionId: string): Promise<StudioSession> {
  return apiClient.get(STUDIO_ROUTES.session(sessionId), { schema: studioSessionResponse }).then((answer) => answer.session);
}
