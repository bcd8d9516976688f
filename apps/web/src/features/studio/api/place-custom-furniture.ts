import { type PlacementFields, STUDIO_ROUTES, resultImageResponse } from '@stagecraft/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import type { ResultImageAnswer } from './result-image.ts';

export function placeCustomFurniture(body: PlacementFields & { furniture_id: string }): Promise<ResultImageAnswer> {
  return apiClient.post(STUDIO_ROUTES.placeCustomFurniture, { ...body }, { schema: resultImageResponse });
}
