import { INSUFFICIENT_CREDITS_MESSAGES, type StageRoomPlanResponse } from '@stagecraft/contracts';
import { stageRoom } from '../api/stage-room.ts';
import { humanize } from '../utils/studio-labels.ts';
import { definePaidEdit } from './paid-edit.ts';

/**
 * "Stage this room" confirmed: the plan the user saw (its theme and room type) drawn into the current image,
 * charged as one themed placement per piece. Each piece joins the object list, removable like a detected one.
 */
export const stageRoomCommand = definePaidEdit({
  name: 'stageRoom',
  check: (ctx, plan: StageRoomPlanResponse) => {
    const image = ctx.currentImage();
    const sessionId = ctx.sessionId();
    if (!image || !sessionId) return null;
    if (!ctx.canAfford(plan.credits, INSUFFICIENT_CREDITS_MESSAGES.placeThemedFurniture)) return null;
    return { image, sessionId, plan, label: `${humanize(plan.theme_key)} ${humanize(plan.room_type).toLowerCase()} room` };
  },
  busy: ({ label, plan }) => ({ kind: 'placeFurniture', message: `Staging a ${label}: ${plan.pieces.length} pieces…` }),
  request: ({ sessionId, plan }, { imageData, progressId }) =>
    stageRoom({
      image_data: imageData,
      session_id: sessionId,
      theme_key: plan.theme_key,
      room_type: plan.room_type,
      progress_id: progressId,
    }),
  detectionChange: (_plan, answer) => ({
    addDetections: answer.staged.map((piece, index) => ({
      id: `staged-${answer.placement_id ?? 'room'}-${index}`,
      class_name: humanize(piece.furniture_type).toLowerCase(),
      bbox: piece.bbox,
      confidence: 1,
      is_manual: true,
      is_replaced: false,
    })),
  }),
  success: ({ label }, answer) => `Staged a ${label} with ${answer.staged.length} pieces`,
  after: (ctx) => ctx.growth.onLayoutCreated(),
});
