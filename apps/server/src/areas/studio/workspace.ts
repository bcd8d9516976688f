import type { RoomModels } from './room-models.ts';
import { randomUUID } from 'node:crypto';
import {
  MEDIA_URL_PATTERN,
  type StudioPreferences,
  type StudioSession,
  type StudioSnapshot,
  type StudioWorkspaceResponse,
  studioSnapshot,
} from '@stagecraft/contracts';
import { isVisionError } from '@stagecraft/vision';
import type { Database } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import type { UserRow } from '../auth/users-repository.ts';
import type { MediaService } from '../media/service.ts';
import { readStudioImage, type StudioImage } from './images.ts';
import { createDesignSessions } from './design-sessions.ts';
import { createStudioRepository } from './repository.ts';
import { assertMayWorkOnRoom, roomsOf } from './rooms.ts';
import { createWorkspaceRepository, type SessionWithSnapshot, type StudioPreferencesRow } from './workspace-repository.ts';

/** How a snapshot keeps an image: the media id, never a URL whose signature would expire. */
const STORED_PREFIX = 'media:';

const defaultPreferences: StudioPreferences = { auto_detect_on_upload: true, tutorial_status: 'pending' };

function preferencesOf(row: StudioPreferencesRow | null): StudioPreferences {
  return row ? { auto_detect_on_upload: row.autoDetectOnUpload, tutorial_status: row.tutorialStatus } : defaultPreferences;
}

/** Rewrites every image `src` of a snapshot (URL to stored form and back). */
function mapImages(snapshot: StudioSnapshot, map: (src: string) => string): StudioSnapshot {
  return {
    ...snapshot,
    scenes: snapshot.scenes.map((scene) => ({
      ...scene,
      base_image: { ...scene.base_image, src: map(scene.base_image.src) },
      current_image: { ...scene.current_image, src: map(scene.current_image.src) },
    })),
  };
}

/**
 * The studio keeps the work: the user's rooms (design sessions) with the editor state saved beside each, the
 * room limit of the plan, and the studio preferences, so that a reload, a trip to pricing or another device
 * reopens the room as it was.
 */
export function createStudioWorkspace(deps: { db: Database; media: MediaService; roomModels?: RoomModels }) {
  const { db, media } = deps;
  const repository = createWorkspaceRepository(db);
  const sessions = createDesignSessions({ db, media });

  function toStudioSession(row: SessionWithSnapshot): StudioSession {
    const { session } = row;
    return {
      session_id: session.id,
      original_image_url: session.originalMediaId ? media.signedUrl(session.originalMediaId) : null,
      preview_image_url: session.previewMediaId ? media.signedUrl(session.previewMediaId) : null,
      snapshot: row.snapshot ? readSnapshot(row.snapshot) : null,
      created_at: session.createdAt.toISOString(),
      updated_at: (row.savedAt && row.savedAt > session.updatedAt ? row.savedAt : session.updatedAt).toISOString(),
    };
  }

  /** A stored snapshot with its images signed afresh; null when it no longer reads as one. */
  function readSnapshot(stored: Record<string, unknown>): StudioSnapshot | null {
    const signed = JSON.parse(JSON.stringify(stored), (key, value: unknown) =>
      key === 'src' && typeof value === 'string' && value.startsWith(STORED_PREFIX)
        ? media.signedUrl(value.slice(STORED_PREFIX.length))
        : value,
    ) as unknown;
    const parsed = studioSnapshot.safeParse(signed);
    return parsed.success ? parsed.data : null;
  }

  // A dropped room goes as a deleted one does: with every file of it nothing else uses.
  async function deleteUnworkedSessions(user: UserRow) {
    for (const session of await repository.unworkedSessions(user.id)) await sessions.deleteWithMedia(user.id, session.id);
  }

  return {
    repository,

    async workspace(user: UserRow): Promise<StudioWorkspaceResponse> {
      const latest = await repository.latestSession(user.id);
      return {
        success: true,
        session: latest ? toStudioSession(latest) : null,
        preferences: preferencesOf(await repository.preferences(user.id)),
        rooms: await roomsOf(repository, user),
      };
    },

    async session(user: UserRow, sessionId: string): Promise<{ success: true; session: StudioSession }> {
      const row = await repository.session(user.id, sessionId);
      if (!row) throw notFound('Session not found.');
      return { success: true, session: toStudioSession(row) };
    },

    /**
     * A new room from a photo: refused past the plan's rooms (403), stored as the session's original. An earlier
     * room that is only an upload (no paid step) is dropped: a new photo replaces it rather than piling up.
     */
    async createSession(user: UserRow, imageData: string): Promise<{ success: true; session: StudioSession }> {
      await assertMayWorkOnRoom(repository, user, null);
      let image: StudioImage;
      try {
        image = await readStudioImage(imageData, user.id, media);
      } catch (error) {
        if (isVisionError(error)) throw badRequest(error.message, { image_data: [error.message] });
        throw error;
      }
      const originalId = image.mediaId ?? (await media.save(user.id, image.bytes, image.contentType)).id;
      await deleteUnworkedSessions(user);
      const id = randomUUID();
      await db.transaction(async (tx) => {
        await createWorkspaceRepository(tx).insertSession({ id, userId: user.id, originalMediaId: originalId });
        // A photo stored for this room goes with it when the room is deleted; an image reused from another
        // room stays that room's.
        if (!image.mediaId) await createStudioRepository(tx).linkMedia(id, [originalId]);
      });
      // The room model is computed once, now, in the background: the first edit usually finds it ready.
      deps.roomModels?.warm(id);
      return this.session(user, id);
    },

    /** Saves the editor state of one of the user's sessions; every image in it must be the user's own. */
    async saveSnapshot(user: UserRow, sessionId: string, snapshot: StudioSnapshot): Promise<{ success: true; saved_at: string }> {
      if (!(await repository.session(user.id, sessionId))) throw notFound('Session not found.');
      const ids = new Set<string>();
      const stored = mapImages(snapshot, (src) => {
        const id = MEDIA_URL_PATTERN.exec(src)?.[1] ?? '';
        ids.add(id);
        return `${STORED_PREFIX}${id}`;
      });
      const owned = await repository.ownedMedia(user.id, [...ids]);
      if ([...ids].some((id) => !owned.has(id))) {
        throw badRequest('The snapshot names an image that is not yours.', { snapshot: ['Unknown image.'] });
      }
      // Each image the state shows is linked to the session, so that deleting the session collects it too (an
      // image no step of this session stored, e.g. one reused from elsewhere, would otherwise be left behind).
      const savedAt = await db.transaction(async (tx) => {
        await createStudioRepository(tx).linkMedia(sessionId, [...ids]);
        return createWorkspaceRepository(tx).saveSnapshot(sessionId, stored as unknown as Record<string, unknown>);
      });
      return { success: true, saved_at: savedAt.toISOString() };
    },

    async updatePreferences(user: UserRow, change: Partial<StudioPreferences>) {
      const row = await repository.updatePreferences(user.id, {
        ...(change.auto_detect_on_upload === undefined ? {} : { autoDetectOnUpload: change.auto_detect_on_upload }),
        ...(change.tutorial_status === undefined ? {} : { tutorialStatus: change.tutorial_status }),
      });
      return { success: true as const, preferences: preferencesOf(row) };
    },
  };
}
export type StudioWorkspace = ReturnType<typeof createStudioWorkspace>;
