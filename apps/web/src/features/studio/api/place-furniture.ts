import { type PlacementFields, STUDIO_ROUTES, resultImageResponse } from '@stagecraft/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import type { ResultImageAnswer } from './result-image.ts';

export function placeFurniture(body: PlacementFields & { furniture_type: string }): Promise<ResultImageAnswer> {
  return apiClient.post(STUDIO_ROUTES.placeFurniture, { ...body }, { schema: resultImageResponse });
}
