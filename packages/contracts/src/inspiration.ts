import { z } from 'zod';
import { refuseControlCharacters, VALIDATION_MESSAGES } from './common.ts';
import { THEME_KEYS } from './studio.ts';

/** Room inspiration (001 sections 2 and 7): restyle a photo in one of the 16 themes. */
export const prediction = z.object({ prediction_id: z.string(), image_url: z.string(), theme: z.enum(THEME_KEYS) });
export type Prediction = z.infer<typeof prediction>;
export const historyPredictionsResponse = z.array(prediction);
/** Multipart: `theme` plus either a `control_image` file or an `image_url`. */
export const transformRoomFields = z.object({
  theme: z.enum(THEME_KEYS),
  image_url: z.url().max(2048, VALIDATION_MESSAGES.tooLong(2048)).check(refuseControlCharacters()).optional(),
});
export const transformRoomResponse = z.object({ image_url: z.string() });

export const INSPIRATION_ROUTES = {
  historyPredictions: (userId: number) => `/api/history-predictions/user=${userId}`,
  transformRoom: (userId: number) => `/api/transform-room-bis/user=${userId}`,
} as const;
