import { z } from 'zod';

/** Design history (001 sections 3 and 7): paid and Pro plans only. */
export const placementRecord = z.object({
  placement_id: z.string(),
  furniture_type: z.string(),
  theme_key: z.string().nullable(),
  timestamp: z.string(),
  coordinates_x: z.number(),
  coordinates_y: z.number(),
  size_scale: z.number(),
  result_image_url: z.string(),
});
export const designSessionSummary = z.object({
  session_id: z.string(),
  preview_image_url: z.string().nullable(),
  original_image_url: z.string().nullable(),
  placement_count: z.number().int(),
  furniture_types: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export const designSession = designSessionSummary.extend({ placements: z.array(placementRecord) });
export type DesignSession = z.infer<typeof designSession>;
export const designHistoryResponse = z.object({ success: z.literal(true), sessions: z.array(designSessionSummary) });
export const designSessionResponse = z.object({ success: z.literal(true), session: designSession });

export const HISTORY_ROUTES = {
  list: '/api/design-history/',
  session: (sessionId: string) => `/api/design-history/${encodeURIComponent(sessionId)}/`,
  deleteSession: (sessionId: string) => `/api/design-history/${encodeURIComponent(sessionId)}/delete/`,
} as const;
