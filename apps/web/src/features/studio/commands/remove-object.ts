import { INSUFFICIENT_CREDITS_MESSAGES, type Detection } from '@stagecraft/contracts';
import { removeObject } from '../api/remove-object.ts';
import { demoFreeSteps, removalIsFree } from '../utils/demo-costs.ts';
import { findDetection } from './find-detection.ts';
import { definePaidEdit } from './paid-edit.ts';

/** One detected piece taken out of the room (1 credit; the demo's first removal is free). */
export const removeObjectCommand = definePaidEdit({
  name: 'removeObject',
  check: (ctx, id: Detection['id']) => {
    const image = ctx.currentImage();
    const detection = image ? findDetection(ctx, id) : undefined;
    const cost = detection && removalIsFree(demoFreeSteps(ctx.state()), detection) ? 0 : ctx.costs()?.removal;
    if (!image || !detection || !ctx.canAfford(cost, INSUFFICIENT_CREDITS_MESSAGES.removeObject)) return null;
    return { image, detection };
  },
  busy: ({ detection }) => ({ kind: 'removeObject', message: `Removing ${detection.class_name}…` }),
  request: ({ detection }, { imageData, sessionId, progressId }) =>
    removeObject({ image_data: imageData, detection, session_id: sessionId, progress_id: progressId }),
  detectionChange: ({ detection }) => ({ removeDetectionId: detection.id }),
  success: ({ detection }) => `Removed ${detection.class_name}`,
  after: (ctx) => ctx.onTutorialAction('remove'),
});
