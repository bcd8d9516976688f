import { STUDIO_ROUTES, resultImageResponse } from '@stagecraft/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import type { ResultImageAnswer } from './result-image.ts';

export function eraseFromDrawnArea(body: {
  image_data: string;
  mask_image: string;
  erase_prompt?: string;
  session_id?: string;
  progress_id?: string;
}): Promise<ResultImageAnswer> {
  return apiClient.post(STUDIO_ROUTES.eraseFromDrawnArea, { ...body }, { schema: resultImageResponse });
}
