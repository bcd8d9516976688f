import { INSUFFICIENT_CREDITS_MESSAGES } from '@stagecraft/contracts';
import toast from 'react-hot-toast';
import { detectObjects } from '../api/detect-objects.ts';
import { setAutoDetections } from '../state/actions.ts';
import type { StudioImage } from '../state/editor-state.ts';
import { demoFreeSteps } from '../utils/demo-costs.ts';
import { toImageData } from '../utils/image-files.ts';
import { defineCommand, SUCCESS_TOAST } from './command.ts';
import { tracked } from './paid-edit.ts';

/** Auto detection on the current image, or on an image just loaded (auto-detect on upload). */
export const detectObjectsCommand = defineCommand({
  name: 'detectObjects',
  check: (ctx, imageOverride: StudioImage | undefined) => {
    const image = imageOverride ?? ctx.currentImage();
    // The demo's free steps are not held back by a low balance (issue 13).
    const cost = demoFreeSteps(ctx.state()).detect ? 0 : ctx.costs()?.object_detection;
    if (!image || !ctx.canAfford(cost, INSUFFICIENT_CREDITS_MESSAGES.detectObjects)) return null;
    return { image };
  },
  busy: () => ({ kind: 'detectObjects', message: 'Detecting objects…' }),
  call: async (ctx, { image }, report) => {
    const imageData = await toImageData(image);
    return tracked(report, (progressId) =>
      detectObjects({ image_data: imageData, session_id: ctx.sessionId(), progress_id: progressId }),
    );
  },
  result: (ctx, _plan, answer) => {
    ctx.run(setAutoDetections, { detections: answer.detections, sessionId: answer.session_id ?? undefined });
    ctx.updateCredits(answer.credits_remaining);
    const count = answer.detections.length;
    toast.success(
      count === 0
        ? 'No objects detected. Mark them by hand with Click to Detect.'
        : `Detected ${count} object${count === 1 ? '' : 's'}`,
      SUCCESS_TOAST,
    );
    ctx.onTutorialAction('detect');
  },
});
