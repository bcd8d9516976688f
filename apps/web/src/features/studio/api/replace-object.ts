import { STUDIO_ROUTES, resultImageResponse, type Detection } from '@stagecraft/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import type { ResultImageAnswer } from './result-image.ts';

export function replaceObject(body: {
  image_data: string;
  detection: Detection;
  new_furniture_type: string;
  session_id?: string;
  progress_id?: string;
}): Promise<ResultImageAnswer> {
  return apiClient.post(STUDIO_ROUTES.replaceObject, { ...body }, { schema: resultImageResponse });
}
