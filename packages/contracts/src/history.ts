import { z } from 'zod';

/**
 * Design history (001 sections 3 and 7): paid and Pro plans only. Image URLs are signed media URLs minted when
 * the history is read, so they are always fresh; they are never stored.
 */

/**
 * One step of a session's timeline. Steps that have no point or size (walls, erase, enhancement) carry nulls
 * there; a result whose file is gone has a null URL.
 */
export const placementRecord = z.object({
  placement_id: z.string(),
  furniture_type: z.string(),
  theme_key: z.string().nullable(),
  timestamp: z.string(),
  coordinates_x: z.number().nullable(),
  coordinates_y: z.number().nullable(),
  size_scale: z.number().nullable(),
  result_image_url: z.string().nullable(),
  /** Ours, beyond the spec: the studio call that made the step (a `CreditAction`), so a timeline can say what happened. */
  action: z.string(),
});
export type PlacementRecord = z.infer<typeof placementRecord>;
export const designSessionSummary = z.object({
  session_id: z.string(),
  preview_image_url: z.string().nullable(),
  original_image_url: z.string().nullable(),
  placement_count: z.number().int(),
  furniture_types: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DesignSessionSummary = z.infer<typeof designSessionSummary>;
export const designSession = designSessionSummary.extend({ placements: z.array(placementRecord) });
export type DesignSession = z.infer<typeof designSession>;
export const designHistoryResponse = z.object({ success: z.literal(true), sessions: z.array(designSessionSummary) });
export type DesignHistoryResponse = z.infer<typeof designHistoryResponse>;
export const designSessionResponse = z.object({ success: z.literal(true), session: designSession });
export type DesignSessionResponse = z.infer<typeof designSessionResponse>;

/** The spec's history messages (001 section 8), and the server's own answers. */
export const HISTORY_MESSAGES = {
  failedToLoad: 'Failed to load design history',
  errorLoading: 'Error loading design history',
  failedToDelete: 'Failed to delete session',
  errorDeleting: 'Error deleting session',
  failedToLoadSession: 'Failed to load session details',
  failedToDownload: 'Failed to download image',
  failedToCopy: 'Failed to copy URL',
  /** The 403 of every history call for a plan without design history. */
  paidPlansOnly: 'Design history is available on paid plans. Buy a credit pack or go Pro to keep your design sessions.',
  sessionNotFound: 'Session not found.',
} as const;

export const HISTORY_ROUTES = {
  list: '/api/design-history/',
  session: (sessionId: string) => `/api/design-history/${encodeURIComponent(sessionId)}/`,
  deleteSession: (sessionId: string) => `/api/design-history/${encodeURIComponent(sessionId)}/delete/`,
} as const;
