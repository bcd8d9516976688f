import { entitlementsOf, ROOM_LIMIT_MESSAGE, type StudioRooms } from '@stagecraft/contracts';
import { HttpError } from '../../lib/http-errors.ts';
import type { UserRow } from '../auth/users-repository.ts';
import type { DesignSessionRow } from './repository.ts';
import type { WorkspaceRepository } from './workspace-repository.ts';

/** DECISIONS.md: Starter designs 2 rooms; paid plans have no room limit (the entitlements table). */
export function roomLimit(user: UserRow): number | null {
  return entitlementsOf(user.plan).rooms;
}

export async function roomsOf(repository: WorkspaceRepository, user: UserRow): Promise<StudioRooms> {
  return { used: await repository.countWorkedRooms(user.id), limit: roomLimit(user) };
}

const roomLimitReached = () => new HttpError(403, ROOM_LIMIT_MESSAGE);

/**
 * Refuses to start a room past the plan's limit: at the upload of a new room, and at the first paid step of a
 * room (a session with no step yet, or none at all), which is what makes it count. Work on a room already
 * counted goes on.
 */
export async function assertMayWorkOnRoom(
  repository: WorkspaceRepository,
  user: UserRow,
  session: Pick<DesignSessionRow, 'id' | 'placementCount' | 'detectionCount'> | null,
): Promise<void> {
  const limit = roomLimit(user);
  if (limit === null) return;
  if (session && (session.placementCount > 0 || session.detectionCount > 0)) return;
  if ((await repository.countWorkedRooms(user.id, session?.id)) >= limit) throw roomLimitReached();
}
