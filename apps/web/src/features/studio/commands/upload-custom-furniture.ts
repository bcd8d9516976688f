import { STUDIO_MESSAGES, STUDIO_UPLOAD_MAX_BYTES } from '@stagecraft/contracts';
import toast from 'react-hot-toast';
import { uploadCustomFurniture } from '../api/upload-custom-furniture.ts';
import { selectPlacement } from '../state/actions.ts';
import { defineCommand, refuse, SUCCESS_TOAST } from './command.ts';

/** The user's own piece (free): its background comes off, and it is armed for the next click. */
export const uploadCustomFurnitureCommand = defineCommand({
  name: 'uploadCustomFurniture',
  check: (_ctx, file: File) => {
    if (file.size > STUDIO_UPLOAD_MAX_BYTES) return refuse(STUDIO_MESSAGES.fileTooLarge);
    if (!file.type.startsWith('image/')) return refuse(STUDIO_MESSAGES.invalidImageFile);
    return { file };
  },
  busy: () => ({ kind: 'uploadCustomFurniture', message: 'Removing the background of your furniture…' }),
  call: (_ctx, { file }) => uploadCustomFurniture(file),
  result: (ctx, _plan, answer) => {
    ctx.addCustomFurniture(answer);
    ctx.run(selectPlacement, { customFurnitureId: answer.furniture_id });
    toast.success('Furniture ready: click the room to place it', SUCCESS_TOAST);
  },
});
