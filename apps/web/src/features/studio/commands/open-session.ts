import { STUDIO_MESSAGES, type StudioSession } from '@stagecraft/contracts';
import { restoreRoom } from '../state/actions.ts';
import { fromSnapshot } from '../state/snapshot.ts';
import { StudioImageError, toStudioImage } from '../utils/image-files.ts';
import { defineCommand } from './command.ts';

/** A room the server kept: its saved editor state, or for a session saved before that, original and latest. */
export const openSessionCommand = defineCommand({
  name: 'openSession',
  check: (_ctx, session: StudioSession) => ({ session }),
  busy: () => ({ kind: 'load', message: 'Opening your room…' }),
  call: async (_ctx, { session }) => {
    if (session.snapshot) return fromSnapshot(session.session_id, session.snapshot);
    if (!session.original_image_url) throw new StudioImageError(STUDIO_MESSAGES.failedToLoadImage);
    const base = await toStudioImage(session.original_image_url);
    const current = session.preview_image_url ? await toStudioImage(session.preview_image_url) : base;
    return {
      past: [],
      scene: { baseImage: base, currentImage: current, detections: [], sessionId: session.session_id },
      future: [],
      mode: 'detect' as const,
      roomName: 'room',
    };
  },
  result: (ctx, _plan, room) => ctx.run(restoreRoom, room),
});
