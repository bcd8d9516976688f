import { STUDIO_ROUTES, addManualObjectResponse } from '@stagecraft/contracts';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';

export interface AddManualObjectBody {
  x: number;
  y: number;
  object_type: string;
  image_width: number;
  image_height: number;
  /** Lets the server fit the box to the object under the click instead of a fixed square. */
  image_data?: string;
}

export function addManualObject(body: AddManualObjectBody): Promise<z.infer<typeof addManualObjectResponse>> {
  return apiClient.post(STUDIO_ROUTES.addManualObject, { ...body }, { schema: addManualObjectResponse });
}
