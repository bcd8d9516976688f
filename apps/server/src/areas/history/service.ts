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
import { createHistoryRepository, type HistoryPlacementRow, type HistorySessionRow } from './repository.ts';

/**
 * Design history (001 sections 2 and 7): the user's design sessions, each step's result, and deleting a
 * session with its files. Paid and Pro plans only, checked here for every call. Image URLs are signed when
 * the history is read, so a page opened later never shows an expired one.
 */
export function createHistoryService(deps: { db: Database; media: MediaService }) {
  const { db, media } = deps;
  const repository = createHistoryRepository(db);

  const signed = (mediaId: string | null) => (mediaId ? media.signedUrl(mediaId) : null);

  function assertHistoryAllowed(user: UserRow): void {
    if (!entitlementsOf(user.plan).designHistory) throw forbidden(HISTORY_MESSAGES.paidPlansOnly);
  }

  function summary(row: HistorySessionRow): DesignSessionSummary {
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

  function placement(row: HistoryPlacementRow): PlacementRecord {
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
      const rows = await repository.sessionsOf(user.id);
      return { success: true, sessions: rows.map(summary) };
    },

    async getSession(user: UserRow, sessionId: string): Promise<DesignSessionResponse> {
      assertHistoryAllowed(user);
      const row = await repository.findSession(user.id, sessionId);
      if (!row) throw notFound(HISTORY_MESSAGES.sessionNotFound);
      const placements = await repository.placementsOf(row.id);
      return { success: true, session: { ...summary(row), placements: placements.map(placement) } };
    },

    /**
     * Deletes the session, its steps and every file of it that nothing else shows (a file another session or a
     * custom furniture also uses stays). Rows go in one transaction; the bytes once it has committed.
     */
    async deleteSession(user: UserRow, sessionId: string): Promise<{ success: true }> {
      assertHistoryAllowed(user);
      const deleted = await db.transaction(async (tx) => {
        const inTx = createHistoryRepository(tx);
        const session = await inTx.lockSession(user.id, sessionId);
        if (!session) throw notFound(HISTORY_MESSAGES.sessionNotFound);
        const files = await inTx.mediaOf(session);
        await inTx.deleteSession(session.id);
        return media.forgetUnreferenced(tx, user.id, files);
      });
      await media.deleteFiles(deleted);
      return { success: true };
    },
  };
}
export type HistoryService = ReturnType<typeof createHistoryService>;
