import { STUDIO_MESSAGES } from '@stagecraft/contracts';
import toast from 'react-hot-toast';
import { addManualObject } from '../api/add-manual-object.ts';
import { addManualDetection } from '../state/actions.ts';
import { toImageData } from '../utils/image-files.ts';
import { humanize } from '../utils/studio-labels.ts';
import { defineCommand, refuse, SUCCESS_TOAST } from './command.ts';

/** A click in detect mode with an object type chosen: the object there is marked by hand (free). */
export const markObjectCommand = defineCommand({
  name: 'markObject',
  check: (ctx, point: { x: number; y: number }) => {
    const image = ctx.currentImage();
    if (!image) return null;
    const objectType = ctx.state().manualObjectType;
    ctx.showMarker('click', point);
    if (!objectType) return refuse(STUDIO_MESSAGES.selectObjectType);
    return { image, point, objectType };
  },
  busy: ({ objectType }) => ({ kind: 'detectObjects', message: `Marking ${humanize(objectType)}…` }),
  call: async (_ctx, { image, point, objectType }) =>
    addManualObject({
      x: point.x,
      y: point.y,
      object_type: objectType,
      image_width: image.width,
      image_height: image.height,
      image_data: await toImageData(image),
    }),
  result: (ctx, _plan, answer) => {
    ctx.run(addManualDetection, answer.manual_object);
    toast.success(`Marked ${answer.manual_object.class_name}`, SUCCESS_TOAST);
  },
});
