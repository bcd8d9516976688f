import { STUDIO_ROUTES, enhanceImageResponse } from '@stagecraft/contracts';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import type { EnhancementLevel } from '../state/editor-state.ts';
import { newProgressId, pollProgress } from './get-progress.ts';

export type EnhanceImageAnswer = z.infer<typeof enhanceImageResponse>;

export interface EnhanceImageInput {
  image_data: string;
  enhancement_level: EnhancementLevel;
  session_id?: string;
  /** Called with 0..1 while the server works (a determinate bar). */
  onProgress?: (fraction: number) => void;
}

export async function enhanceImage({ onProgress, ...body }: EnhanceImageInput): Promise<EnhanceImageAnswer> {
  const progressId = newProgressId();
  const stop = onProgress ? pollProgress(progressId, onProgress) : () => {};
  try {
    const answer = await apiClient.post(
      STUDIO_ROUTES.enhanceImage,
      { ...body, progress_id: progressId },
      { schema: enhanceImageResponse },
    );
    onProgress?.(1);
    return answer;
  } finally {
    stop();
  }
}
