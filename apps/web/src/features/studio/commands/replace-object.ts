import { INSUFFICIENT_CREDITS_MESSAGES, type Detection } from '@stagecraft/contracts';
import { replaceObject } from '../api/replace-object.ts';
import { findDetection } from './find-detection.ts';
import { definePaidEdit } from './paid-edit.ts';

/** A detected piece replaced by another the user names (2 credits); an empty name cancels (001 section 5). */
export const replaceObjectCommand = definePaidEdit({
  name: 'replaceObject',
  check: (ctx, { id, newName }: { id: Detection['id']; newName: string }) => {
    const name = newName.trim();
    if (name === '') return null;
    const image = ctx.currentImage();
    const detection = image ? findDetection(ctx, id) : undefined;
    if (!image || !detection || !ctx.canAfford(ctx.costs()?.replacement, INSUFFICIENT_CREDITS_MESSAGES.replaceObject))
      return null;
    return { image, detection, name };
  },
  busy: ({ detection, name }) => ({ kind: 'replaceObject', message: `Replacing ${detection.class_name} with ${name}…` }),
  request: ({ detection, name }, { imageData, sessionId, progressId }) =>
    replaceObject({
      image_data: imageData,
      detection,
      new_furniture_type: name,
      session_id: sessionId,
      progress_id: progressId,
    }),
  detectionChange: ({ detection, name }) => ({ replaceDetection: { id: detection.id, className: name } }),
  success: ({ detection, name }) => `Replaced ${detection.class_name} with ${name}`,
});
