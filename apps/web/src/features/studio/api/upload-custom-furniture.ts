import { STUDIO_ROUTES, uploadCustomFurnitureResponse } from '@stagecraft/contracts';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';

export type CustomFurniture = z.infer<typeof uploadCustomFurnitureResponse>;

/** Sends the photo of a piece; the server cuts it out (background removed) and keeps it for placements. */
export function uploadCustomFurniture(file: Blob): Promise<CustomFurniture> {
  const form = new FormData();
  form.append('furniture_image', file);
  return apiClient.post(STUDIO_ROUTES.uploadCustomFurniture, form, { schema: uploadCustomFurnitureResponse });
}
