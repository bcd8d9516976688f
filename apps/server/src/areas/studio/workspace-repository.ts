import { and, desc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { designSessions, media, studioPreferences, studioSessionSnapshots } from '../../db/schema.ts';
import type { DesignSessionRow } from './repository.ts';

export interface SessionWithSnapshot {
  session: DesignSessionRow;
  snapshot: Record<string, unknown> | null;
  savedAt: Date | null;
}

export type StudioPreferencesRow = typeof studioPreferences.$inferSelect;

/** A room counts once a paid step was recorded in it (a detection or an edit), not at the upload. */
const worked = or(gt(designSessions.placementCount, 0), gt(designSessions.detectionCount, 0));

/** The studio's workspace: which session to reopen, its saved editor state, rooms used, preferences. */
export function createWorkspaceRepository(db: Database) {
  const withSnapshot = () =>
    db
      .select({ session: designSessions, snapshot: studioSessionSnapshots.snapshot, savedAt: studioSessionSnapshots.savedAt })
      .from(designSessions)
      .leftJoin(studioSessionSnapshots, eq(studioSessionSnapshots.sessionId, designSessions.id));

  return {
    /** The session touched last: by a paid step, or by a saved editor state (an undo, an opened session). */
    async latestSession(userId: number): Promise<SessionWithSnapshot | null> {
      const [row] = await withSnapshot()
        .where(eq(designSessions.userId, userId))
        .orderBy(
          desc(sql`greatest(${designSessions.updatedAt}, coalesce(${studioSessionSnapshots.savedAt}, ${designSessions.updatedAt}))`),
          desc(designSessions.createdAt),
        )
        .limit(1);
      return row ?? null;
    },

    async session(userId: number, id: string): Promise<SessionWithSnapshot | null> {
      const [row] = await withSnapshot()
        .where(and(eq(designSessions.userId, userId), eq(designSessions.id, id)))
        .limit(1);
      return row ?? null;
    },

    async countWorkedRooms(userId: number, excludingSessionId?: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(designSessions)
        .where(
          and(
            eq(designSessions.userId, userId),
            worked,
            excludingSessionId ? ne(designSessions.id, excludingSessionId) : undefined,
          ),
        );
      return row?.count ?? 0;
    },

    /** Sessions that are only an upload (no paid step yet), with the media they hold. */
    async unworkedSessions(userId: number): Promise<Pick<DesignSessionRow, 'id' | 'originalMediaId'>[]> {
      return db
        .select({ id: designSessions.id, originalMediaId: designSessions.originalMediaId })
        .from(designSessions)
        .where(and(eq(designSessions.userId, userId), eq(designSessions.placementCount, 0), eq(designSessions.detectionCount, 0)));
    },

    async insertSession(row: { id: string; userId: number; originalMediaId: string }): Promise<void> {
      await db.insert(designSessions).values({ ...row, previewMediaId: row.originalMediaId });
    },

    async saveSnapshot(sessionId: string, snapshot: Record<string, unknown>): Promise<Date> {
      const [row] = await db
        .insert(studioSessionSnapshots)
        .values({ sessionId, snapshot })
        .onConflictDoUpdate({ target: studioSessionSnapshots.sessionId, set: { snapshot, savedAt: sql`now()` } })
        .returning({ savedAt: studioSessionSnapshots.savedAt });
      if (!row) throw new Error(`The snapshot of session ${sessionId} was not saved`);
      return row.savedAt;
    },

    /** Of these media ids, the ones the user owns. */
    async ownedMedia(userId: number, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: media.id })
        .from(media)
        .where(and(eq(media.ownerId, userId), inArray(media.id, ids)));
      return new Set(rows.map((row) => row.id));
    },

    async preferences(userId: number): Promise<StudioPreferencesRow | null> {
      const [row] = await db.select().from(studioPreferences).where(eq(studioPreferences.userId, userId)).limit(1);
      return row ?? null;
    },

    async updatePreferences(
      userId: number,
      change: Partial<Pick<StudioPreferencesRow, 'autoDetectOnUpload' | 'tutorialStatus'>>,
    ): Promise<StudioPreferencesRow> {
      const [row] = await db
        .insert(studioPreferences)
        .values({ userId, ...change })
        .onConflictDoUpdate({ target: studioPreferences.userId, set: { ...change, updatedAt: sql`now()` } })
        .returning();
      if (!row) throw new Error(`The studio preferences of user ${userId} were not saved`);
      return row;
    },
  };
}
export type WorkspaceRepository = ReturnType<typeof createWorkspaceRepository>;
