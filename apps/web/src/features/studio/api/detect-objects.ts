import { STUDIO_ROUTES, detectObjectsResponse } from '@stagecraft/contracts';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';

export type DetectObjectsResult = z.infer<typeof detectObjectsResponse>;

export function detectObjects(body: {
  image_data: string;
  session_id?: string;
  progress_id?: string;
}): Promise<DetectObjectsResult> {
  return apiClient.post(STUDIO_ROUTES.detectObjects, body, { schema: detectObjectsResponse });
}
