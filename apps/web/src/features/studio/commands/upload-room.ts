import { createStudioSession } from '../api/create-studio-session.ts';
import { loadImage } from '../state/actions.ts';
import { readRoomPhoto, toImageData } from '../utils/image-files.ts';
import { defineCommand } from './command.ts';

/**
 * A room photo the user picked or dropped: the server stores it as a new room (refused past the free plan's
 * rooms) and demo mode ends. Auto detection after it is the caller's (it is a command of its own).
 */
export const uploadRoomCommand = defineCommand({
  name: 'uploadRoom',
  check: (_ctx, file: File) => ({ file }),
  busy: () => ({ kind: 'load', message: 'Loading your photo…' }),
  call: async (_ctx, { file }) => {
    const photo = await readRoomPhoto(file);
    const session = await createStudioSession(await toImageData(photo));
    return { photo, session };
  },
  result: (ctx, { file }, { photo, session }) => {
    // The stored original from now on: no megabytes of base64 with every call, and a reload finds it.
    const image = { ...photo, src: session.original_image_url ?? photo.src };
    ctx.run(loadImage, { image, demo: false, sessionId: session.session_id, roomName: file.name });
  },
});
