import type { Database } from '../../db/database.ts';
import type { MediaService } from '../media/service.ts';
import { createStudioRepository, type DesignPlacementRow, type DesignSessionRow } from './repository.ts';

export type { DesignPlacementRow, DesignSessionRow };

/**
 * The studio's design sessions as other areas (the history) may use them: read a user's sessions and their
 * steps, delete one with its files. The studio's repository stays the only code that touches its tables, so
 * what a session's files are is decided in one place.
 */
export function createDesignSessions(deps: { db: Database; media: MediaService }) {
  const { db, media } = deps;
  const repository = createStudioRepository(db);

  return {
    /** The user's sessions, the most recently worked on first. */
    sessionsOf: (userId: number) => repository.sessionsOf(userId),

    /** One of the user's sessions; another user's is simply not found. */
    find: (userId: number, id: string) => repository.findSession(userId, id),

    /** The session's timeline, oldest step first. */
    placementsOf: (sessionId: string) => repository.placementsOf(sessionId),

    /**
     * Deletes one of the user's sessions, its steps, saved editor state and every file of it that nothing else
     * uses (a file another session or a custom piece also shows stays). Rows go in one transaction, the bytes
     * once it has committed. False when the user has no such session.
     */
    async deleteWithMedia(userId: number, id: string): Promise<boolean> {
      const deleted = await db.transaction(async (tx) => {
        const inTx = createStudioRepository(tx);
        const session = await inTx.lockSession(userId, id);
        if (!session) return null;
        const files = await inTx.mediaOf(session);
        await inTx.deleteSession(session.id);
        return media.forgetUnreferenced(tx, userId, files);
      });
      if (deleted === null) return false;
      await media.deleteFiles(deleted);
      return true;
    },
  };
}
export type DesignSessions = ReturnType<typeof createDesignSessions>;
