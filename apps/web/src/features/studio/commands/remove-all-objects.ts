import { INSUFFICIENT_CREDITS_MESSAGES } from '@stagecraft/contracts';
import { removeAllObjects } from '../api/remove-all-objects.ts';
import { definePaidEdit } from './paid-edit.ts';

/**
 * Empty the room (001 section 9's remove all, 1 credit per object): every detected piece goes in one server
 * call and one fill, so the result is one step (one undo brings them all back). The bar follows the fill.
 */
export const removeAllObjectsCommand = definePaidEdit({
  name: 'removeAllObjects',
  check: (ctx, _payload: void) => {
    const image = ctx.currentImage();
    const targets = ctx.state().scene.detections;
    if (!image || targets.length === 0) return null;
    if (!ctx.canAfford((ctx.costs()?.removal ?? 1) * targets.length, INSUFFICIENT_CREDITS_MESSAGES.removeObject)) return null;
    return { image, targets, count: `${targets.length} object${targets.length === 1 ? '' : 's'}` };
  },
  busy: ({ count }) => ({ kind: 'removeObject', message: `Emptying the room: removing ${count}…` }),
  request: ({ targets }, { imageData, sessionId, progressId }) =>
    removeAllObjects({ image_data: imageData, detections: targets, session_id: sessionId, progress_id: progressId }),
  detectionChange: ({ targets }) => ({ removeDetectionIds: targets.map((item) => item.id) }),
  success: ({ count }) => `Removed ${count}`,
  after: (ctx) => ctx.onTutorialAction('remove'),
});
