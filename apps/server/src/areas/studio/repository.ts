import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { customFurniture, designPlacements, designSessionMedia, designSessions, type SessionPiece } from '../../db/schema.ts';

export type DesignSessionRow = typeof designSessions.$inferSelect;
export type DesignPlacementRow = typeof designPlacements.$inferSelect;
export type CustomFurnitureRow = typeof customFurniture.$inferSelect;

export interface NewPlacement {
  id: string;
  sessionId: string;
  action: string;
  furnitureType: string;
  themeKey: string | null;
  coordinatesX: number | null;
  coordinatesY: number | null;
  sizeScale: number | null;
  resultMediaId: string;
  creditsSpent: number;
  /** Whether this step adds a piece of furniture (its type joins the session's furniture types). */
  isFurniture: boolean;
  /** The 3D pieces standing in the step's result image. */
  pieces: SessionPiece[];
}

/** Design sessions, their placements and custom furniture. Pass a transaction as `db` to write inside it. */
export function createStudioRepository(db: Database) {
  return {
    async findSession(userId: number, id: string): Promise<DesignSessionRow | null> {
      const [row] = await db
        .select()
        .from(designSessions)
        .where(and(eq(designSessions.id, id), eq(designSessions.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    /** The same, locked until the transaction ends: a step being recorded in it waits or is refused. */
    async lockSession(userId: number, id: string): Promise<DesignSessionRow | null> {
      const [row] = await db
        .select()
        .from(designSessions)
        .where(and(eq(designSessions.id, id), eq(designSessions.userId, userId)))
        .limit(1)
        .for('update');
      return row ?? null;
    },

    /** The user's sessions, the most recently worked on first. */
    async sessionsOf(userId: number): Promise<DesignSessionRow[]> {
      return db
        .select()
        .from(designSessions)
        .where(eq(designSessions.userId, userId))
        .orderBy(desc(designSessions.updatedAt), desc(designSessions.createdAt), asc(designSessions.id));
    },

    async insertSession(row: { id: string; userId: number; originalMediaId: string }): Promise<void> {
      await db.insert(designSessions).values({ ...row, previewMediaId: row.originalMediaId });
    },

    /**
     * Every file the session shows or stored: original, preview, each step's result, each linked file (what its
     * steps stored and what its saved editor state shows).
     */
    async mediaOf(session: DesignSessionRow): Promise<string[]> {
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

    /** Deletes the session; its steps, saved state and file links go with it (foreign keys cascade). */
    async deleteSession(id: string): Promise<void> {
      await db.delete(designSessions).where(eq(designSessions.id, id));
    },

    async countSessions(userId: number): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(designSessions)
        .where(eq(designSessions.userId, userId));
      return row?.count ?? 0;
    },

    /** Whether the user ever ran a detection (for first_object_detection). */
    async hasDetected(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: designSessions.id })
        .from(designSessions)
        .where(and(eq(designSessions.userId, userId), gt(designSessions.detectionCount, 0)))
        .limit(1);
      return Boolean(row);
    },

    async recordDetection(sessionId: string): Promise<void> {
      await db
        .update(designSessions)
        .set({ detectionCount: sql`${designSessions.detectionCount} + 1`, updatedAt: sql`now()` })
        .where(eq(designSessions.id, sessionId));
    },

    /** Adds a step and moves the session's preview, count and furniture types with it. */
    async recordPlacement(placement: NewPlacement): Promise<void> {
      const { isFurniture, ...row } = placement;
      await db.insert(designPlacements).values(row);
      // A type joins the list once, in the order first placed.
      const furnitureTypes = isFurniture
        ? sql`case when ${designSessions.furnitureTypes} @> ${JSON.stringify([row.furnitureType])}::jsonb
            then ${designSessions.furnitureTypes}
            else ${designSessions.furnitureTypes} || ${JSON.stringify([row.furnitureType])}::jsonb end`
        : sql`${designSessions.furnitureTypes}`;
      await db
        .update(designSessions)
        .set({
          placementCount: sql`${designSessions.placementCount} + 1`,
          previewMediaId: row.resultMediaId,
          furnitureTypes,
          updatedAt: sql`now()`,
        })
        .where(eq(designSessions.id, row.sessionId));
    },

    /**
     * Records files of the session (stored by a step, or shown by its saved editor state), so that deleting the
     * session deletes them too unless another session or anything else still uses them.
     */
    async linkMedia(sessionId: string, mediaIds: string[]): Promise<void> {
      if (mediaIds.length === 0) return;
      await db
        .insert(designSessionMedia)
        .values(mediaIds.map((mediaId) => ({ sessionId, mediaId })))
        .onConflictDoNothing();
    },

    /**
     * The 3D pieces standing in an image of the session: those its step recorded; none in the original or in an
     * image no step of the session made.
     */
    async piecesIn(sessionId: string, mediaId: string): Promise<SessionPiece[]> {
      const [row] = await db
        .select({ pieces: designPlacements.pieces })
        .from(designPlacements)
        .where(and(eq(designPlacements.sessionId, sessionId), eq(designPlacements.resultMediaId, mediaId)))
        .orderBy(desc(designPlacements.createdAt))
        .limit(1);
      return row?.pieces ?? [];
    },

    async placementsOf(sessionId: string): Promise<DesignPlacementRow[]> {
      return db
        .select()
        .from(designPlacements)
        .where(eq(designPlacements.sessionId, sessionId))
        .orderBy(asc(designPlacements.createdAt), asc(designPlacements.id));
    },

    async insertCustomFurniture(row: { id: string; userId: number; mediaId: string; width: number; height: number }) {
      await db.insert(customFurniture).values(row);
    },

    async findCustomFurniture(userId: number, id: string): Promise<CustomFurnitureRow | null> {
      const [row] = await db
        .select()
        .from(customFurniture)
        .where(and(eq(customFurniture.id, id), eq(customFurniture.userId, userId)))
        .limit(1);
      return row ?? null;
    },
  };
}
export type StudioRepository = ReturnType<typeof createStudioRepository>;
