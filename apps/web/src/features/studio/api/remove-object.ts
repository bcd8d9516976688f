import { STUDIO_ROUTES, resultImageResponse, type Detection } from '@stagecraft/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import type { ResultImageAnswer } from './result-image.ts';

export function removeObject(body: {
  image_data: string;
  detection: Detection;
  session_id?: string;
  progress_id?: string;
}): Promise<ResultImageAnswer> {
  return apiClient.post(STUDIO_ROUTES.removeObject, { ...body }, { schema: resultImageResponse });
}
