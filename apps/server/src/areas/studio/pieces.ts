import { findMesh, type FoundMesh, isThemeKey } from '@stagecraft/furniture';
import type { Box, EarlierPiece, Footprint, PiecePose } from '@stagecraft/vision';
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
