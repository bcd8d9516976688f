import { STUDIO_ROUTES, resultImageResponse, type Detection } from '@stagecraft/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import type { ResultImageAnswer } from './result-image.ts';

/** Empty the room: every listed piece removed in one step, 1 credit per object. */
export function removeAllObjects(body: {
  image_data: string;
  detections: Detection[];
  session_id?: string;
  progress_id?: string;
}): Promise<ResultImageAnswer> {
  return apiClient.post(STUDIO_ROUTES.removeAllObjects, { ...body }, { schema: resultImageResponse });
}
