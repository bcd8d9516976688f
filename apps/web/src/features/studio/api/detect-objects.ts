import { STUDIO_ROUTES, detectObjectsResponse } from '@stagecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';

export type DetectObjectsResult = z.infer<typeof detectObjectsResponse>;

export function detectObjects(body: { image_data: string; session_id?: string }): Promise<DetectObjectsResult> {
  return apiClient.post(STUDIO_ROUTES.detectObjects, body, { schema: detectObjectsResponse });
}

export function useDetectObjects() {
  return useMutation({ mutationFn: detectObjects });
}
