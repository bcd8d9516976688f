import { useQueryClient } from '@tanstack/react-query';
import { useFurnitureTypes } from '../api/get-furniture-types.ts';
import { roomModelQueryOptions, useRoomModel } from '../api/get-room-model.ts';
import { useThemeFurniture } from '../api/get-theme-furniture.ts';
import type { EditorState, PendingPiece } from '../state/editor-state.ts';
import {
  defaultPose,
  keepInsideWalls,
  pieceOutline,
  pieceSize,
  type PieceOutline,
  type PieceSize,
  type RoomModelJson,
} from '../utils/piece-pose.ts';
import { humanize } from '../utils/studio-labels.ts';

/** The click in the room model's photo (the image on screen may be an enhanced, larger copy of it). */
function inRoom(room: RoomModelJson, point: { x: number; y: number }, imageWidth: number) {
  const k = room.width / imageWidth;
  return { x: point.x * k, y: point.y * k };
}

/**
 * What the studio needs to show a piece before placing it (issue 15): the session's room model and, for the
 * armed piece when it is drawn in 3D, its real size. `hold` makes the pending piece of a click (null when the
 * piece is placed at once: no room model yet, the sample room, a picture-only or custom piece); `outline` is its
 * box in the photo at the pose the server will draw it at.
 */
export function usePiecePreview(state: EditorState) {
  const queryClient = useQueryClient();
  const sessionId = state.demo ? null : state.scene.sessionId;
  const room = useRoomModel(sessionId).data ?? null;
  const themed = useThemeFurniture(state.theme).data?.meshes;
  const plain = useFurnitureTypes().data?.furniture_meshes;

  const armed = (): { type: string; size: PieceSize; label: string } | null => {
    const { mode, placement, theme } = state;
    const type = mode === 'place' ? placement.furnitureType : mode === 'themed' ? placement.themeItem : null;
    const sizes = mode === 'place' ? plain : themed;
    const cm = type ? sizes?.[type] : undefined;
    if (!type || !cm) return null;
    const label = mode === 'themed' ? `${humanize(theme)} ${humanize(type).toLowerCase()}` : humanize(type);
    return { type, size: pieceSize(type, cm), label };
  };

  const poseOf = (pending: PendingPiece, size: PieceSize, imageWidth: number) => {
    if (!room) return null;
    const start = defaultPose(room, inRoom(room, pending, imageWidth), pending.furnitureType, state.sizeScale, size);
    return keepInsideWalls(room, { ...start, yawDeg: pending.yawDeg }, size);
  };

  return {
    /** Waits for the room model when it is still being measured (a room just uploaded); null: place at once. */
    async hold(point: { x: number; y: number }): Promise<PendingPiece | null> {
      const piece = armed();
      const image = state.scene.currentImage;
      if (!piece || !image || !sessionId) return null;
      let model = room;
      try {
        model ??= await queryClient.ensureQueryData(roomModelQueryOptions(sessionId));
      } catch {
        return null;
      }
      const pose = defaultPose(model, inRoom(model, point, image.width), piece.type, state.sizeScale, piece.size);
      return { x: point.x, y: point.y, yawDeg: Math.round(pose.yawDeg), furnitureType: piece.type, label: piece.label };
    },
    outline(): PieceOutline | null {
      const pending = state.pendingPiece;
      const piece = armed();
      const image = state.scene.currentImage;
      if (!pending || !piece || !room || !image) return null;
      const pose = poseOf(pending, piece.size, image.width);
      return pose && pieceOutline(room, pose, piece.size, image.width);
    },
  };
}
