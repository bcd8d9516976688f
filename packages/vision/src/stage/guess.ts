import type { RoomModel } from '../room/types.ts';
import { roomFrame } from './room-frame.ts';
import type { PlanOptions, RoomType } from './types.ts';

/** Detections that say what a room is for (confident ones only). */
const TELLING: Readonly<Record<string, RoomType>> = {
  bed: 'bedroom',
  sofa: 'living',
  couch: 'living',
  television: 'living',
  tv: 'living',
  'dining table': 'dining',
  laptop: 'office',
  keyboard: 'office',
  desk: 'office',
};

/**
 * What an empty (or part-furnished) room is most likely for: what the photo already holds when that tells, else
 * its size: under 8 m² a study, under 15 m² a bedroom, larger a living room. The floor area is the room box's
 * where the model found walls on both sides, else the floor the photo shows. A dining room is never guessed from
 * the layout alone (it is a choice, not a size).
 */
export function guessRoomType(room: RoomModel, detections: PlanOptions['detections'] = []): RoomType {
  const votes = new Map<RoomType, number>();
  for (const d of detections) {
    const type = TELLING[d.class_name];
    if (type && d.confidence >= 0.4) votes.set(type, (votes.get(type) ?? 0) + d.confidence);
  }
  const voted = [...votes.entries()].sort((a, b) => b[1] - a[1])[0];
  if (voted) return voted[0];
  const frame = roomFrame(room);
  const { minX, maxX, minZ, maxZ } = frame.bounds;
  // The wall behind the camera is rarely in the model: the room reaches at least as far behind as the camera stands.
  const area = (maxX - minX) * (maxZ - Math.min(minZ, -0.5));
  if (area < 8) return 'office';
  if (area < 15) return 'bedroom';
  return 'living';
}
