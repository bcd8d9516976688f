import { INSUFFICIENT_CREDITS_MESSAGES, STUDIO_MESSAGES } from '@stagecraft/contracts';
import { eraseFromDrawnArea } from '../api/erase-from-drawn-area.ts';
import { renderStrokeMask } from '../utils/drawing-mask.ts';
import { refuse } from './command.ts';
import { definePaidEdit } from './paid-edit.ts';

/** What the user drew over, erased; 001 section 4: the result becomes the image and the drawing clears. */
export const eraseFromDrawnAreaCommand = definePaidEdit({
  name: 'eraseFromDrawnArea',
  check: (ctx, prompt: string) => {
    const image = ctx.currentImage();
    if (!image) return null;
    const mask = renderStrokeMask(ctx.state().strokes, 'erase', image);
    if (!mask || mask.length < 100) return refuse(STUDIO_MESSAGES.drawOverErase);
    if (!ctx.canAfford(ctx.costs()?.drawing_erase, INSUFFICIENT_CREDITS_MESSAGES.eraseFromDrawnArea)) return null;
    return { image, mask, prompt: prompt.trim() === '' ? undefined : prompt.trim() };
  },
  busy: () => ({ kind: 'eraseFromDrawnArea', message: 'Erasing the drawn area…' }),
  request: ({ mask, prompt }, { imageData, sessionId, progressId }) =>
    eraseFromDrawnArea({
      image_data: imageData,
      mask_image: mask,
      erase_prompt: prompt,
      session_id: sessionId,
      progress_id: progressId,
    }),
  success: () => 'Erased',
});
