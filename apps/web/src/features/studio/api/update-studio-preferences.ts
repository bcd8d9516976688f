import { STUDIO_ROUTES, studioPreferencesResponse, type StudioPreferences } from '@stagecraft/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** PATCH /api/studio/preferences/: the auto-detect toggle, the tutorial finished or skipped. */
export function updateStudioPreferences(change: Partial<StudioPreferences>): Promise<StudioPreferences> {
  return apiClient
    .patch(STUDIO_ROUTES.preferences, change, { schema: studioPreferencesResponse })
    .then((answer) => answer.preferences);
}
