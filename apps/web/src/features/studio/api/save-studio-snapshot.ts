import { STUDIO_ROUTES, saveStudioSnapshotResponse, type StudioSnapshot } from '@stagecraft/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** PUT /api/studio/sessions/{id}/snapshot/: the editor state of a room, saved after each step. */
export function saveStudioSnapshot(sessionId: string, snapshot: StudioSnapshot) {
  return apiClient.put(STUDIO_ROUTES.sessionSnapshot(sessionId), { snapshot }, { schema: saveStudioSnapshotResponse });
}
