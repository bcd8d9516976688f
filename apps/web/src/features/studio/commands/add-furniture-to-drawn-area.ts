import { INSUFFICIENT_CREDITS_MESSAGES, STUDIO_MESSAGES } from '@stagecraft/contracts';
import { addFurnitureToDrawnArea } from '../api/add-furniture-to-drawn-area.ts';
import { renderStrokeMask } from '../utils/drawing-mask.ts';
import { humanize } from '../utils/studio-labels.ts';
import { refuse } from './command.ts';
import { definePaidEdit } from './paid-edit.ts';

/** A piece of furniture fitted into the area the user drew. */
export const addFurnitureToDrawnAreaCommand = definePaidEdit({
  name: 'addFurnitureToDrawnArea',
  check: (ctx, furnitureType: string | null) => {
    const image = ctx.currentImage();
    if (!image) return null;
    const mask = renderStrokeMask(ctx.state().strokes, 'add', image);
    if (!mask) return refuse(STUDIO_MESSAGES.drawAreaFirst);
    if (!furnitureType) return refuse(STUDIO_MESSAGES.selectFurniture);
    if (!ctx.canAfford(ctx.costs()?.drawing_add_furniture, INSUFFICIENT_CREDITS_MESSAGES.placeFurniture)) return null;
    return { image, mask, furnitureType, name: humanize(furnitureType).toLowerCase() };
  },
  busy: ({ name }) => ({ kind: 'placeFurniture', message: `Adding ${name} to the drawn area…` }),
  request: ({ mask, furnitureType }, { imageData, sessionId, progressId }) =>
    addFurnitureToDrawnArea({
      image_data: imageData,
      mask_image: mask,
      furniture_type: furnitureType,
      session_id: sessionId,
      progress_id: progressId,
    }),
  success: ({ name }) => `Added ${name}`,
  after: (ctx) => ctx.growth.onLayoutCreated(),
});
