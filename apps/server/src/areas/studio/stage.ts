import {
  CREDIT_COSTS,
  FAILURE_PREFIXES,
  INSUFFICIENT_CREDITS_MESSAGES,
  type StageRoomPlanResponse,
  type StageRoomResponse,
  type StagingRoomType,
  type ThemeKey,
} from '@stagecraft/contracts';
import { findMesh, themeFurniture } from '@stagecraft/furniture';
import { type PiecePose, type StagingPlan, VisionError } from '@stagecraft/vision';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import type { UserRow } from '../auth/users-repository.ts';
import { insufficientCredits, type PaidSteps, type StudioServiceDependencies } from './paid-step.ts';
import { projectedBox, sessionPiece } from './pieces.ts';

/** The theme's pieces that can be drawn in 3D: GLB paths by furniture type (what one-click staging can add). */
function themeMeshes(theme: ThemeKey): Record<string, string> {
  return Object.fromEntries(
    themeFurniture(theme).flatMap((type) => {
      const mesh = findMesh({ type, theme });
      return mesh ? [[type, mesh.path]] : [];
    }),
  );
}

const poseOnWire = (pose: PiecePose) => ({ position: pose.position, yaw_degrees: pose.yawDeg, scale: pose.scale });

/**
 * "Stage this room" (issue 15): the theme's pieces planned for the room type (asked, or guessed from the room),
 * shown with their price, then drawn in one paid step charged as one themed placement per piece added. Both
 * work on the session's room model, so a session is required.
 */
export function createStagingOperations(deps: StudioServiceDependencies, steps: PaidSteps) {
  const { engine, roomModels } = deps;
  const { repository, imageStep, failure, jobOf } = steps;
  const prefix = FAILURE_PREFIXES.placeFurniture;

  /** The plan for the session's room, or the 4xx that says why there is none. */
  async function planFor(user: UserRow, body: { session_id: string; theme_key: ThemeKey; room_type?: StagingRoomType }) {
    const session = await repository.findSession(user.id, body.session_id);
    if (!session) throw notFound('Session not found.');
    const meshes = themeMeshes(body.theme_key);
    if (Object.keys(meshes).length === 0) {
      const reason = `The ${body.theme_key} theme has no pieces for one-click staging yet: place its pieces one by one.`;
      throw new HttpError(422, `${prefix}${reason}`, { theme_key: [reason] });
    }
    const room = await roomModels.forOperation(session.id);
    if (!room) {
      const reason = 'The room could not be measured from its photo: place the pieces one by one.';
      throw new HttpError(422, `${prefix}${reason}`, { error: [reason] });
    }
    let plan: StagingPlan;
    try {
      plan = await engine.planStaging(room, body.room_type ?? null, body.theme_key, meshes, jobOf(user));
    } catch (error) {
      throw failure(prefix, error);
    }
    if (plan.pieces.length === 0) {
      const reason = `No piece of the ${body.theme_key} theme fits this room as a ${plan.roomType} room.`;
      throw new HttpError(422, `${prefix}${reason}`, { error: [reason] });
    }
    return { room, meshes, plan };
  }

  const priceOf = (plan: StagingPlan) => plan.pieces.length * CREDIT_COSTS.themed_placement;

  return {
    /** What staging would add and cost (free): shown before the user confirms. */
    async planStaging(
      user: UserRow,
      body: { session_id: string; theme_key: ThemeKey; room_type?: StagingRoomType },
    ): Promise<StageRoomPlanResponse> {
      const { plan } = await planFor(user, body);
      return {
        success: true,
        room_type: plan.roomType,
        room_type_guessed: body.room_type === undefined,
        theme_key: body.theme_key,
        pieces: plan.pieces.map((piece) => ({ furniture_type: piece.furnitureType, pose: poseOnWire(piece.pose) })),
        skipped: plan.skipped,
        credits: priceOf(plan),
      };
    },

    /**
     * The room staged: the same plan drawn into the image sent, charged per piece only once the image is stored
     * (credits held first, as every paid call); every piece joins the image's 3D pieces with its box.
     */
    async stageRoom(
      user: UserRow,
      body: { image_data: string; session_id: string; theme_key: ThemeKey; room_type?: StagingRoomType; progress_id?: string },
    ): Promise<StageRoomResponse> {
      // Too few credits for even one piece: refused before any planning.
      if (user.credits < CREDIT_COSTS.themed_placement)
        throw insufficientCredits(INSUFFICIENT_CREDITS_MESSAGES.placeThemedFurniture);
      const { room, meshes, plan } = await planFor(user, body);
      let staged: StageRoomResponse['staged'] = [];
      const result = await imageStep(user, {
        action: 'themed_placement',
        quantity: plan.pieces.length,
        insufficient: INSUFFICIENT_CREDITS_MESSAGES.placeThemedFurniture,
        prefix,
        imageData: body.image_data,
        sessionId: body.session_id,
        progressId: body.progress_id,
        async produce(image, job, pieces) {
          const drawn = await engine.autoStage(image.bytes, room, body.theme_key, { meshes, plan }, job);
          // A planned piece that fell wholly outside the photo is not drawn, and not charged; none drawn: a 400.
          if (drawn.placed.length === 0) throw new VisionError('invalid_argument', 'No piece of the plan could be drawn in this photo');
          const added = drawn.placed.map((piece) => ({ piece, box: projectedBox(room, piece, image) }));
          staged = added.map(({ piece, box }) => ({
            furniture_type: piece.furnitureType,
            pose: poseOnWire(piece.pose),
            bbox: box,
          }));
          return {
            file: drawn.jpeg,
            pieces: [...pieces, ...added.map(({ piece, box }) => sessionPiece(piece, box, image))],
            delivered: drawn.placed.length,
          };
        },
        placement: () => ({ furnitureType: `staged_${plan.roomType}`, themeKey: body.theme_key, isFurniture: false }),
        tracked: ['LAYOUT_CREATED'],
      });
      return { ...result, room_type: plan.roomType, staged };
    },
  };
}
