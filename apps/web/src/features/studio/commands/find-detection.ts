import { STUDIO_MESSAGES, type Detection } from '@stagecraft/contracts';
import toast from 'react-hot-toast';
import { ERROR_TOAST, type CommandContext } from './command.ts';

/** The detection a list button names, or 'Detection not found' when it is gone (an undo in between). */
export function findDetection(ctx: CommandContext, id: Detection['id']): Detection | undefined {
  const found = ctx.state().scene.detections.find((item) => item.id === id);
  if (!found) toast.error(STUDIO_MESSAGES.detectionNotFound, ERROR_TOAST);
  return found;
}
