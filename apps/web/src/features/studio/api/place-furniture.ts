import { STUDIO_ROUTES, resultImageResponse } from '@stagecraft/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import type { ResultImageAnswer } from './result-image.ts';

/** The fields every placement sends (001 section 3): where, how big, and the image's natural size. */
export interface PlacementBody {
  image_data: string;
  x: number;
  y: number;
  size_scale: number;
  image_width: number;
  image_height: number;
  session_id?: string;
  /** Names the job for `STUDIO_ROUTES.progress` while it runs. */
  progress_id?: string;
}

export function placeFurniture(body: PlacementBody & { furniture_type: string }): Promise<ResultImageAnswer> {
  return apiClient.post(STUDIO_ROUTES.placeFurniture, { ...body }, { schema: resultImageResponse });
}
