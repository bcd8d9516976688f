import { findMesh, type FoundMesh, isThemeKey } from '@stagecraft/furniture';
import {
  type Box,
  type EarlierPiece,
  type Footprint,
  type PiecePose,
  type PlacedPiece,
  poseToWorld,
  type RoomModel,
} from '@stagecraft/vision';
import type { SessionPiece } from '../../db/schema.ts';
import type { StudioImage } from './images.ts';

/** A piece's footprint in its own frame (metres): the mesh's real size about its origin, the footprint centre. */
export function meshFootprint(mesh: FoundMesh): Footprint {
  const w = mesh.sizeCm.width / 200;
  const d = mesh.sizeCm.depth / 200;
  return [-w, -d, w, d];
}

/** The mesh a recorded piece was drawn with (the library's piece of its type and theme), when it still has one. */
export function meshOf(piece: { furnitureType: string; theme: string | null }): FoundMesh | undefined {
  const theme = piece.theme && isThemeKey(piece.theme) ? piece.theme : null;
  return findMesh({ type: piece.furnitureType, theme });
}

/** The session's earlier pieces as the engine depth-tests against them (those whose mesh is at hand). */
export function earlierPieces(pieces: readonly SessionPiece[]): EarlierPiece[] {
  return pieces.flatMap((piece) => {
    const mesh = meshOf(piece);
    return mesh ? [{ mesh: mesh.path, pose: piece.pose, furnitureType: piece.furnitureType }] : [];
  });
}

/** A piece just drawn, as the step records it: its box in fractions of the image, so any size of it reads it. */
export function sessionPiece(
  piece: { furnitureType: string; theme: string | null; pose: PiecePose },
  pieceBox: Box,
  image: Pick<StudioImage, 'width' | 'height'>,
): SessionPiece {
  const [x1, y1, x2, y2] = pieceBox;
  const round = (value: number) => Math.round(value * 1e4) / 1e4;
  return {
    ...piece,
    box: [round(x1 / image.width), round(y1 / image.height), round(x2 / image.width), round(y2 / image.height)],
  };
}

/** A recorded piece's box in pixels of `image` (the step records it in fractions of the image). */
export function pieceBoxIn(piece: Pick<SessionPiece, 'box'>, image: Pick<StudioImage, 'width' | 'height'>): Box {
  const [x1, y1, x2, y2] = piece.box;
  return [x1 * image.width, y1 * image.height, x2 * image.width, y2 * image.height];
}

/** Share of a piece's box that the removed boxes (image pixels) cover past which the piece counts as removed. */
const REMOVED_COVER = 0.5;

/**
 * The pieces that still stand after boxes of the image were removed (a removal, empty the room, a replacement):
 * those whose box the removed boxes cover less than half of. A piece wrongly kept only makes the next piece
 * hide behind empty floor, so the rule leans to dropping.
 */
export function piecesOutside(
  pieces: readonly SessionPiece[],
  removed: readonly Box[],
  image: Pick<StudioImage, 'width' | 'height'>,
): SessionPiece[] {
  return pieces.filter((piece) => {
    const [x1, y1, x2, y2] = [
      piece.box[0] * image.width,
      piece.box[1] * image.height,
      piece.box[2] * image.width,
      piece.box[3] * image.height,
    ];
    const area = Math.max(1, (x2 - x1) * (y2 - y1));
    // Boxes of one removal may overlap; the largest single cover is a fair, cheap lower bound of their union's.
    const covered = Math.max(
      0,
      ...removed.map(
        ([bx1, by1, bx2, by2]) =>
          Math.max(0, Math.min(x2, bx2) - Math.max(x1, bx1)) * Math.max(0, Math.min(y2, by2) - Math.max(y1, by1)),
      ),
    );
    return covered / area < REMOVED_COVER;
  });
}

/**
 * The box a piece covers in an image of the room (any size of the room model's photo): its footprint and top
 * corners (the mesh's real size at the pose) seen by the room model's camera, clamped to the image. Geometry of
 * a few points, no pixels: where a staged piece is, for the client to list it as removable.
 */
export function projectedBox(
  room: RoomModel,
  piece: PlacedPiece,
  image: Pick<StudioImage, 'width' | 'height'>,
): [number, number, number, number] {
  const mesh = meshOf(piece);
  const size = mesh?.sizeCm ?? { width: 100, depth: 60, height: 90 };
  const [w, d] = [size.width / 200, size.depth / 200];
  const floorY = -room.camera.heightM;
  const topY = floorY + (size.height / 100) * piece.pose.scale;
  const r = room.camera.rotation;
  const k = image.width / room.width;
  const { focalPx, principalPoint } = room.camera;
  const points = (
    [
      [-w, -d],
      [w, -d],
      [w, d],
      [-w, d],
    ] as const
  ).flatMap((local) => {
    const [x, z] = poseToWorld(piece.pose, local);
    return [floorY, topY].flatMap((y) => {
      const cx = (r[0] ?? 0) * x + (r[1] ?? 0) * y + (r[2] ?? 0) * z;
      const cy = (r[3] ?? 0) * x + (r[4] ?? 0) * y + (r[5] ?? 0) * z;
      const cz = (r[6] ?? 0) * x + (r[7] ?? 0) * y + (r[8] ?? 0) * z;
      return cz > 0.05 ? [[(focalPx * (cx / cz) + principalPoint[0]) * k, (focalPx * (cy / cz) + principalPoint[1]) * k]] : [];
    });
  });
  if (points.length === 0) return [0, 0, 0, 0];
  const xs = points.map(([x]) => x ?? 0);
  const ys = points.map(([, y]) => y ?? 0);
  const clampX = (v: number) => Math.round(Math.min(image.width, Math.max(0, v)));
  const clampY = (v: number) => Math.round(Math.min(image.height, Math.max(0, v)));
  return [clampX(Math.min(...xs)), clampY(Math.min(...ys)), clampX(Math.max(...xs)), clampY(Math.max(...ys))];
}
