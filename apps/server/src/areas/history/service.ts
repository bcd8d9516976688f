import {
  type DesignHistoryResponse,
  type DesignSessionResponse,
  type DesignSessionSummary,
  entitlementsOf,
  HISTORY_MESSAGES,
  type PlacementRecord,
} from '@stagecraft/contracts';
import type { Database } from '../../db/database.ts';
import { forbidden, notFound } from '../../lib/http-errors.ts';
import type { UserRow } from '../auth/users-repository.ts';
import type { MediaService } from '../media/service.ts';
import { createDesignSessions, type DesignPlacementRow, type DesignSessionRow } from '../studio/design-sessions.ts';

/**
 * Design history (001 sections 2 and 7): the user's design sessions, each step's result, and deleting a
 * session with its files. Paid and Pro plans only, checked here for every call. Image URLs are signed when
 * the history is read, so a page opened later never shows an expired one. The sessions are the studio's: read
 * and deleted through its public surface (`studio/design-sessions.ts`), never its tables.
 */
export function createHistoryService(deps: { db: Database; media: MediaService }) {
  const { db, media } = deps;
  const sessions = createDesignSessions({ db, media });

  const signed = (mediaId: string | null) => (mediaId ? media.signedUrl(mediaId) : null);

  function assertHistoryAllowed(user: UserRow): void {
    if (!entitlementsOf(user.plan).designHistory) throw forbidden(HISTORY_MESSAGES.paidPlansOnly);
  }

  function summary(row: DesignSessionRow): DesignSessionSummary {
    return {
      session_id: row.id,
      preview_image_url: signed(row.previewMediaId),
      original_image_url: signed(row.originalMediaId),
      placement_count: row.placementCount,
      furniture_types: row.furnitureTypes,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  function placement(row: DesignPlacementRow): PlacementRecord {
    return {
      placement_id: row.id,
      furniture_type: row.furnitureType,
      theme_key: row.themeKey,
      timestamp: row.createdAt.toISOString(),
      coordinates_x: row.coordinatesX,
      coordinates_y: row.coordinatesY,
      size_scale: row.sizeScale,
      result_image_url: signed(row.resultMediaId),
      action: row.action,
    };
  }

  return {
    async listSessions(user: UserRow): Promise<DesignHistoryResponse> {
      assertHistoryAllowed(user);
      const rows = await sessions.sessionsOf(user.id);
      return { success: true, sessions: rows.map(summary) };
    },

    async getSession(user: UserRow, sessionId: string): Promise<DesignSessionResponse> {
      assertHistoryAllowed(user);
      const row = await sessions.find(user.id, sessionId);
      if (!row) throw notFound(HISTORY_MESSAGES.sessionNotFound);
      const placements = await sessions.placementsOf(row.id);
      return { success: true, session: { ...summary(row), placements: placements.map(placement) } };
    },

    /** Deletes the session, its steps and every file of it that nothing else shows (the studio decides which). */
    async deleteSession(user: UserRow, sessionId: string): Promise<{ success: true }> {
      assertHistoryAllowed(user);
      if (!(await sessions.deleteWithMedia(user.id, sessionId))) throw notFound(HISTORY_MESSAGES.sessionNotFound);
      return { success: true };
    },
  };
}
export type HistoryService = ReturnType<typeof createHistoryService>;
