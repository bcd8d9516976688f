import { STUDIO_ROUTES, resultImageResponse } from '@stagecraft/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import type { ResultImageAnswer } from './result-image.ts';

export function changeWallMaterial(body: {
  image_data: string;
  material_type: string;
  session_id?: string;
  progress_id?: string;
}): Promise<ResultImageAnswer> {
  return apiClient.post(STUDIO_ROUTES.changeWallMaterial, { ...body }, { schema: resultImageResponse });
}
