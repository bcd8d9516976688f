import { type PlacementFields, STUDIO_ROUTES, resultImageResponse, type ThemeKey } from '@stagecraft/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import type { ResultImageAnswer } from './result-image.ts';

export function placeThemedFurniture(
  body: PlacementFields & { theme_key: ThemeKey; furniture_item: string },
): Promise<ResultImageAnswer> {
  return apiClient.post(STUDIO_ROUTES.placeThemedFurniture, { ...body }, { schema: resultImageResponse });
}
