import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { designPlacements, designSessionMedia, designSessions } from '../../db/schema.ts';

export type HistorySessionRow = typeof designSessions.$inferSelect;
export type HistoryPlacementRow = typeof designPlacements.$inferSelect;

/**
 * The design sessions the studio records, read and deleted for the history. Every query is scoped to the
 * owner: another user's session is simply not found. Pass a transaction as `db` to work inside it.
 */
export function createHistoryRepository(db: Database) {
  return {
    /** The user's sessions, the most recently worked on first. */
    async sessionsOf(userId: number): Promise<HistorySessionRow[]> {
      return db
        .select()
        .from(designSessions)
        .where(eq(designSessions.userId, userId))
        .orderBy(desc(designSessions.updatedAt), desc(designSessions.createdAt), asc(designSessions.id));
    },

    async findSession(userId: number, id: string): Promise<HistorySessionRow | null> {
      const [row] = await db
        .select()
        .from(designSessions)
        .where(and(eq(designSessions.id, id), eq(designSessions.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    /** The same, locked until the transaction ends: a step being recorded in it waits or is refused. */
    async lockSession(userId: number, id: string): Promise<HistorySessionRow | null> {
      const [row] = await db
        .select()
        .from(designSessions)
        .where(and(eq(designSessions.id, id), eq(designSessions.userId, userId)))
        .limit(1)
        .for('update');
      return row ?? null;
    },

    /** The timeline, oldest step first. */
    async placementsOf(sessionId: string): Promise<HistoryPlacementRow[]> {
      return db
        .select()
        .from(designPlacements)
        .where(eq(designPlacements.sessionId, sessionId))
        .orderBy(asc(designPlacements.createdAt), asc(designPlacements.id));
    },

    /** Every file the session shows or stored: original, preview, each step's result, each recorded file. */
    async mediaOf(session: HistorySessionRow): Promise<string[]> {
      const results = await db
        .select({ id: designPlacements.resultMediaId })
        .from(designPlacements)
        .where(eq(designPlacements.sessionId, session.id));
      const linked = await db
        .select({ id: designSessionMedia.mediaId })
        .from(designSessionMedia)
        .where(eq(designSessionMedia.sessionId, session.id));
      const ids = [session.originalMediaId, session.previewMediaId, ...results.map((row) => row.id), ...linked.map((row) => row.id)];
      return [...new Set(ids.filter((id): id is string => id !== null))];
    },

    /** Deletes the session; its steps and file records go with it (foreign keys cascade). */
    async deleteSession(id: string): Promise<void> {
      await db.delete(designSessions).where(eq(designSessions.id, id));
    },
  };
}
export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
