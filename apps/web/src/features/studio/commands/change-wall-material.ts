import { INSUFFICIENT_CREDITS_MESSAGES } from '@stagecraft/contracts';
import { changeWallMaterial } from '../api/change-wall-material.ts';
import { demoFreeSteps } from '../utils/demo-costs.ts';
import { humanize } from '../utils/studio-labels.ts';
import { definePaidEdit } from './paid-edit.ts';

/** The room's walls in another material (1 credit; free in the demo's tutorial step). */
export const changeWallMaterialCommand = definePaidEdit({
  name: 'changeWallMaterial',
  check: (ctx, material: string) => {
    const image = ctx.currentImage();
    const cost = demoFreeSteps(ctx.state()).walls ? 0 : ctx.costs()?.wall_material_change;
    if (!image || !ctx.canAfford(cost, INSUFFICIENT_CREDITS_MESSAGES.changeWallMaterial)) return null;
    return { image, material, name: humanize(material).toLowerCase() };
  },
  busy: ({ name }) => ({ kind: 'changeWallMaterial', message: `Changing the walls to ${name}…` }),
  request: ({ material }, { imageData, sessionId, progressId }) =>
    changeWallMaterial({ image_data: imageData, material_type: material, session_id: sessionId, progress_id: progressId }),
  success: ({ name }) => `Walls changed to ${name}`,
  after: (ctx) => ctx.onTutorialAction('walls'),
});
