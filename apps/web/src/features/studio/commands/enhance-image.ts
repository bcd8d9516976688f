import { INSUFFICIENT_CREDITS_MESSAGES, STUDIO_MESSAGES } from '@stagecraft/contracts';
import toast from 'react-hot-toast';
import { enhanceImage } from '../api/enhance-image.ts';
import { applyResult } from '../state/actions.ts';
import type { EnhancementLevel } from '../state/editor-state.ts';
import { toImageData, toStudioImage } from '../utils/image-files.ts';
import { defineCommand, refuse, SUCCESS_TOAST } from './command.ts';

/** The image upscaled to 4K or 8K (3 or 5 credits); an enhanced image is not enhanced again (001 section 4). */
export const enhanceImageCommand = defineCommand({
  name: 'enhanceImage',
  check: (ctx, level: EnhancementLevel) => {
    const image = ctx.currentImage();
    if (!image) return null;
    if (image.enhanced) return refuse(STUDIO_MESSAGES.alreadyEnhanced);
    const costs = ctx.costs();
    const cost = level === '4k' ? costs?.enhancement_4k : costs?.enhancement_8k;
    const short = level === '8k' ? INSUFFICIENT_CREDITS_MESSAGES.enhance8k : INSUFFICIENT_CREDITS_MESSAGES.enhance4k;
    if (!ctx.canAfford(cost, short)) return null;
    return { image, level };
  },
  busy: ({ level }) => ({ kind: 'enhanceImage', message: `Enhancing to ${level.toUpperCase()}…` }),
  call: async (ctx, { image, level }, report) => {
    const answer = await enhanceImage({
      image_data: await toImageData(image),
      enhancement_level: level,
      session_id: ctx.sessionId(),
      onProgress: report,
    });
    return { answer, image: await toStudioImage(answer.enhanced_image, level) };
  },
  result: (ctx, { level }, { answer, image }) => {
    ctx.run(applyResult, { image, sessionId: answer.session_id ?? undefined });
    ctx.updateCredits(answer.credits_remaining);
    toast.success(`Enhanced to ${level.toUpperCase()} (${image.width} x ${image.height})`, SUCCESS_TOAST);
    ctx.growth.onEnhancementSuccess();
  },
});
