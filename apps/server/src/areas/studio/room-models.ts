import { createHash } from 'node:crypto';
import type { JobPriority, RoomModel } from '@stagecraft/vision';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { designSessions } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import { recentPromises } from '../../lib/recent-promises.ts';
import type { MediaService } from '../media/service.ts';
import type { StudioEngine } from './engine.ts';

/**
 * One room model per design session (issue 14): computed ONCE, in the engine's pool, from the session's
 * original upload (never from an edited image, so a piece placed earlier cannot move the next one's horizon),
 * stored with the session, and read by every later operation. Started in the background when a session begins;
 * a call that needs it before it is ready waits for the same computation (one per session per process).
 * A call without a session (an API client posting the same photo for several edits) gets the model of the photo it
 * posted, kept for the last few photos by their bytes; the session such a call starts takes that same model
 * instead of computing it again.
 */
export function createRoomModels(deps: {
  db: Database;
  media: MediaService;
  engine: StudioEngine;
  log: { warn(object: object, message: string): void };
}) {
  const { db, media, engine, log } = deps;
  const running = new Map<string, Promise<RoomModel>>();
  // A stored model never changes (it is the original's): the sessions being worked on keep theirs here rather
  // than read and parse ~200 KB of JSON from the database on every placement.
  const recent = new Map<string, RoomModel>();
  const RECENT_SESSIONS = 32;
  const remember = (sessionId: string, model: RoomModel): RoomModel => {
    recent.delete(sessionId);
    recent.set(sessionId, model);
    if (recent.size > RECENT_SESSIONS) recent.delete(recent.keys().next().value ?? '');
    return model;
  };

  // The models of recently posted photos, by owner and bytes. Without them each edit posted without a session
  // modelled the photo again inside the edit, in one worker (a wall change 3.3 s on 1920x1280 against 0.7 s with
  // the model), and the session it started modelled it once more in the background, competing with the next edit.
  const byPhoto = recentPromises<RoomModel>(16);

  /** The photo's model: remembered, or computed in the engine's pool (both workers) and remembered. */
  function modelOfPhoto(userId: number, bytes: Uint8Array, priority: JobPriority): Promise<RoomModel> {
    const key = `${userId}:${createHash('sha256').update(bytes).digest('hex')}`;
    return byPhoto(key, () => engine.roomModel(bytes, { priority }));
  }

  async function stored(sessionId: string) {
    const [row] = await db
      .select({
        userId: designSessions.userId,
        originalMediaId: designSessions.originalMediaId,
        roomModel: designSessions.roomModel,
      })
      .from(designSessions)
      .where(eq(designSessions.id, sessionId))
      .limit(1);
    return row ?? null;
  }

  /** The session's model, computing it from the original when it is not stored yet; null without an original. */
  async function modelOf(sessionId: string): Promise<RoomModel | null> {
    const known = recent.get(sessionId);
    if (known) return remember(sessionId, known);
    const row = await stored(sessionId);
    if (!row) return null;
    if (row.roomModel) return remember(sessionId, row.roomModel);
    const originalId = row.originalMediaId;
    if (!originalId) return null;
    let computing = running.get(sessionId);
    if (!computing) {
      computing = (async () => {
        const original = await media.readOwned(row.userId, originalId);
        // Normal priority: a background computation must not overtake a Pro user's rush edits.
        const model = await modelOfPhoto(row.userId, original.data, 'normal');
        await db.update(designSessions).set({ roomModel: model }).where(eq(designSessions.id, sessionId));
        return remember(sessionId, model);
      })().finally(() => running.delete(sessionId));
      running.set(sessionId, computing);
    }
    return computing;
  }

  return {
    /** Starts the computation for a new session without waiting; a failure is logged (a later call retries). */
    warm(sessionId: string): void {
      modelOf(sessionId).catch((error: unknown) => log.warn({ err: error, sessionId }, 'room model failed'));
    },

    /**
     * The model for an operation on a session already checked to be the caller's (waits for a running
     * computation), or, without a session, of the photo the caller posted; null when it cannot be had (the
     * operation then works without it, as before).
     */
    async forOperation(
      sessionId: string | null | undefined,
      photo?: { userId: number; bytes: Uint8Array; priority: JobPriority },
    ): Promise<RoomModel | null> {
      try {
        if (sessionId) return await modelOf(sessionId);
        return photo ? await modelOfPhoto(photo.userId, photo.bytes, photo.priority) : null;
      } catch (error) {
        log.warn({ err: error, sessionId }, 'room model failed; the operation runs without it');
        return null;
      }
    },

    /** The owner's model as the API serves it; 404 for anyone else's session or an unknown one. */
    async read(userId: number, sessionId: string): Promise<RoomModel> {
      const [owned] = await db
        .select({ id: designSessions.id })
        .from(designSessions)
        .where(and(eq(designSessions.id, sessionId), eq(designSessions.userId, userId)))
        .limit(1);
      if (!owned) throw notFound('Session not found.');
      const model = await modelOf(sessionId);
      if (!model) throw notFound('This room has no original photo.');
      return model;
    },
  };
}
export type RoomModels = ReturnType<typeof createRoomModels>;
