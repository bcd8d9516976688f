import {
  type CreditAction,
  type Detection,
  FAILURE_PREFIXES,
  INSUFFICIENT_CREDITS_MESSAGES,
  type PlacementFields,
  type ResultImageResponse,
  STUDIO_MESSAGES,
  type ThemeKey,
} from '@stagecraft/contracts';
import { FURNITURE_PACKAGE_ROOT, type FoundMesh, findSprite, frontView } from '@stagecraft/furniture';
import { type Box, keepInsideWalls, type PiecePose, type SpriteSource, VisionError, defaultPose } from '@stagecraft/vision';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import type { UserRow } from '../auth/users-repository.ts';
import { furnitureTypeFromName } from './catalogue.ts';
import { detectionBoxIn, readMask, type StudioImage } from './images.ts';
import type { ImageWithPieces, PaidSteps, Prefix, StudioServiceDependencies } from './paid-step.ts';
import { earlierPieces, meshFootprint, meshOf, piecesOutside, sessionPiece } from './pieces.ts';

/**
 * A piece of the rendered library, with its front view when it has one (placement picks the view that faces
 * into the room), as the worker will decode it; a 400 when the library has no such piece.
 */
function libraryPiece(prefix: Prefix, field: string, type: string, theme: ThemeKey | null): SpriteSource {
  const sprite = findSprite({ type, theme });
  if (!sprite) {
    const reason = theme ? `The ${theme} theme has no ${type}` : `There is no furniture of type ${type}`;
    throw badRequest(`${prefix}${reason}`, { [field]: [reason] });
  }
  return { library: sprite, front: frontView(sprite) ?? null, dir: FURNITURE_PACKAGE_ROOT };
}

/** The point of a placement in the photo's own pixels (the client sends it in its image_width x image_height). */
function naturalPoint(body: PlacementFields, image: StudioImage): { x: number; y: number } {
  return { x: (body.x * image.width) / body.image_width, y: (body.y * image.height) / body.image_height };
}

function assertInside(body: PlacementFields): void {
  if (body.x >= body.image_width || body.y >= body.image_height) {
    throw badRequest('The point is outside the image.', { x: ['The point is outside the image.'] });
  }
}

/**
 * Furniture into the photo: by a click (a library piece, a theme's piece, the user's own cut-out), in place of
 * a detected object, or filling a drawn area. Pieces go to the vision pool as sources (a library entry, a
 * cut-out's PNG bytes); decoding, compositing and encoding all happen there.
 */
export function createPlacementOperations(deps: StudioServiceDependencies, steps: PaidSteps) {
  const { media, engine } = deps;
  const { repository, imageStep, roomFor } = steps;

  /**
   * A library piece with a mesh, drawn in 3D in the session's room (issue 15): at the click's default pose, or
   * turned to the yaw the client chose (moved back out of any wall it then crosses), depth-tested against the
   * pieces already standing in the image. Without a session, in the room of the posted photo's own model (as a
   * wall change or a removal is). Null when there is no room model (the sprite path draws it).
   */
  async function placeInRoom(
    image: StudioImage,
    job: Parameters<StudioServiceDependencies['engine']['placePosedPiece']>[2],
    pieces: Parameters<typeof earlierPieces>[0],
    request: {
      sessionId: string | undefined;
      user: UserRow;
      mesh: FoundMesh;
      furnitureType: string;
      theme: ThemeKey | null;
      click: { x: number; y: number };
      sizeScale: number;
      yawDegrees: number | undefined;
    },
  ): Promise<ImageWithPieces | null> {
    const room = await roomFor(request.sessionId, request.user, image, job);
    if (!room) return null;
    const footprint = meshFootprint(request.mesh);
    let pose: PiecePose | undefined;
    if (request.yawDegrees !== undefined) {
      // The click in the room model's photo (the image sent may be an enhanced, larger copy of it).
      const k = room.width / image.width;
      const placed = pieces.map((piece) => ({ furnitureType: piece.furnitureType, pose: piece.pose }));
      const start = defaultPose(room, { x: request.click.x * k, y: request.click.y * k }, request.furnitureType, request.sizeScale, placed, footprint);
      pose = keepInsideWalls(room, { ...start, yawDeg: request.yawDegrees }, footprint);
    }
    const drawn = await engine.placePosedPiece(
      image.bytes,
      {
        room,
        mesh: request.mesh.path,
        furnitureType: request.furnitureType,
        sizeScale: request.sizeScale,
        ...(pose ? { pose } : { click: request.click }),
        placed: earlierPieces(pieces),
      },
      job,
    );
    const piece = sessionPiece({ furnitureType: request.furnitureType, theme: request.theme, pose: drawn.pose }, drawn.pieceBox, image);
    return { file: drawn.jpeg, pieces: [...pieces, piece], pose: drawn.pose };
  }

  /** The three click placements share everything but the piece, its price and its record. */
  function placementStep(
    user: UserRow,
    body: PlacementFields,
    piece: {
      action: CreditAction;
      insufficient: string;
      sprite: SpriteSource;
      /** The piece's mesh, when the library has one: drawn in 3D in the session's room. */
      mesh?: FoundMesh;
      furnitureType: string;
      themeKey: ThemeKey | null;
    },
  ): Promise<ResultImageResponse> {
    let point = { x: body.x, y: body.y };
    return imageStep(user, {
      action: piece.action,
      insufficient: piece.insufficient,
      prefix: FAILURE_PREFIXES.placeFurniture,
      imageData: body.image_data,
      sessionId: body.session_id,
      progressId: body.progress_id,
      async produce(image, job, pieces) {
        point = naturalPoint(body, image);
        if (piece.mesh) {
          const inRoom = await placeInRoom(image, job, pieces, {
            sessionId: body.session_id,
            user,
            mesh: piece.mesh,
            furnitureType: piece.furnitureType,
            theme: piece.themeKey,
            click: point,
            sizeScale: body.size_scale,
            yawDegrees: body.yaw_degrees,
          });
          if (inRoom) return inRoom;
        }
        return engine.placeFurniture(image.bytes, { ...point, sprite: piece.sprite, sizeScale: body.size_scale }, job);
      },
      placement: () => ({
        furnitureType: piece.furnitureType,
        themeKey: piece.themeKey,
        ...point,
        sizeScale: body.size_scale,
        isFurniture: true,
      }),
      tracked: ['LAYOUT_CREATED'],
    });
  }

  return {
    /** Click to place a piece of the library (1 credit). */
    async placeFurniture(user: UserRow, body: PlacementFields & { furniture_type: string }) {
      assertInside(body);
      const sprite = libraryPiece(FAILURE_PREFIXES.placeFurniture, 'furniture_type', body.furniture_type, null);
      return placementStep(user, body, {
        action: 'furniture_placement',
        insufficient: INSUFFICIENT_CREDITS_MESSAGES.placeFurniture,
        sprite,
        mesh: meshOf({ furnitureType: body.furniture_type, theme: null }),
        furnitureType: body.furniture_type,
        themeKey: null,
      });
    },

    /** A theme's piece (2 credits): only what the theme offers (theme-furniture). */
    async placeThemedFurniture(user: UserRow, body: PlacementFields & { theme_key: ThemeKey; furniture_item: string }) {
      assertInside(body);
      const sprite = libraryPiece(FAILURE_PREFIXES.placeFurniture, 'furniture_item', body.furniture_item, body.theme_key);
      return placementStep(user, body, {
        action: 'themed_placement',
        insufficient: INSUFFICIENT_CREDITS_MESSAGES.placeThemedFurniture,
        sprite,
        mesh: meshOf({ furnitureType: body.furniture_item, theme: body.theme_key }),
        furnitureType: body.furniture_item,
        themeKey: body.theme_key,
      });
    },

    /** The user's own uploaded piece (1 credit); anyone else's furniture_id answers 404. */
    async placeCustomFurniture(user: UserRow, body: PlacementFields & { furniture_id: string }) {
      assertInside(body);
      const piece = await repository.findCustomFurniture(user.id, body.furniture_id);
      if (!piece) throw notFound('Custom furniture not found.');
      const png = await media.readOwned(user.id, piece.mediaId);
      const sprite: SpriteSource = { cutoutPng: new Uint8Array(png.data) };
      return placementStep(user, body, {
        action: 'custom_furniture_placement',
        insufficient: INSUFFICIENT_CREDITS_MESSAGES.placeCustomFurniture,
        sprite,
        furnitureType: 'custom',
        themeKey: null,
      });
    },

    /** A detected object swapped for a piece of the library (2 credits), standing where the old one stood. */
    async replaceObject(
      user: UserRow,
      body: { image_data: string; detection: Detection; new_furniture_type: string; session_id?: string; progress_id?: string },
    ): Promise<ResultImageResponse> {
      const type = furnitureTypeFromName(body.new_furniture_type);
      const sprite = libraryPiece(FAILURE_PREFIXES.replaceObject, 'new_furniture_type', type, null);
      return imageStep(user, {
        action: 'replacement',
        insufficient: INSUFFICIENT_CREDITS_MESSAGES.replaceObject,
        prefix: FAILURE_PREFIXES.replaceObject,
        imageData: body.image_data,
        sessionId: body.session_id,
        progressId: body.progress_id,
        async produce(image, job, pieces) {
          const box = detectionBoxIn(body.detection.bbox, image);
          const detection = {
            id: String(body.detection.id),
            class_name: body.detection.class_name,
            bbox: [box[0], box[1], box[2], box[3]] as [number, number, number, number],
            confidence: body.detection.confidence,
          };
          const file = await engine.replaceObject(image.bytes, detection, sprite, job);
          return { file, pieces: piecesOutside(pieces, [box], image) };
        },
        placement: () => ({
          furnitureType: type,
          x: (body.detection.bbox[0] + body.detection.bbox[2]) / 2,
          y: body.detection.bbox[3],
          isFurniture: true,
        }),
        tracked: ['LAYOUT_CREATED'],
      });
    },

    /** A piece filling the width of a drawn area, standing on its bottom edge (2 credits). */
    async addFurnitureToDrawnArea(
      user: UserRow,
      body: { image_data: string; mask_image: string; furniture_type: string; session_id?: string; progress_id?: string },
    ): Promise<ResultImageResponse> {
      const sprite = libraryPiece(FAILURE_PREFIXES.placeFurniture, 'furniture_type', body.furniture_type, null);
      let area: Box | null = null;
      return imageStep(user, {
        action: 'drawing_add_furniture',
        insufficient: INSUFFICIENT_CREDITS_MESSAGES.addFurnitureToDrawnArea,
        prefix: FAILURE_PREFIXES.placeFurniture,
        imageData: body.image_data,
        sessionId: body.session_id,
        progressId: body.progress_id,
        messages: { empty_mask: STUDIO_MESSAGES.drawAreaFirst },
        async produce(image, job) {
          area = await engine.drawnArea(readMask(body.mask_image), image.width, image.height, job);
          if (!area) throw new VisionError('empty_mask', STUDIO_MESSAGES.drawAreaFirst);
          const [x1, , x2, y2] = area;
          return engine.placeFurniture(image.bytes, { x: (x1 + x2) / 2, y: y2 - 1, sprite, sizeScale: 1, area }, job);
        },
        placement: () => ({
          furnitureType: body.furniture_type,
          x: area ? (area[0] + area[2]) / 2 : null,
          y: area ? area[3] : null,
          isFurniture: true,
        }),
        tracked: ['LAYOUT_CREATED'],
      });
    },
  };
}
