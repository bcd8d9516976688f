import { STUDIO_ROUTES, resultImageResponse } from '@stagecraft/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import type { ResultImageAnswer } from './result-image.ts';

export function addFurnitureToDrawnArea(body: {
  image_data: string;
  mask_image: string;
  furniture_type: string;
  session_id?: string;
  progress_id?: string;
}): Promise<ResultImageAnswer> {
  return apiClient.post(STUDIO_ROUTES.addFurnitureToDrawnArea, { ...body }, { schema: resultImageResponse });
}
