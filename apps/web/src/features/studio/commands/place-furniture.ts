import { INSUFFICIENT_CREDITS_MESSAGES, STUDIO_MESSAGES, type PlacementFields } from '@stagecraft/contracts';
import { placeCustomFurniture } from '../api/place-custom-furniture.ts';
import { placeFurniture } from '../api/place-furniture.ts';
import { placeThemedFurniture } from '../api/place-themed-furniture.ts';
import type { ResultImageAnswer } from '../api/result-image.ts';
import type { EditorState } from '../state/editor-state.ts';
import { humanize } from '../utils/studio-labels.ts';
import { refuse, type CommandContext } from './command.ts';
import { definePaidEdit } from './paid-edit.ts';

/** The piece a placement mode has armed: its call (the mode's route), its cost and its name in messages. */
interface ArmedPiece {
  send: (body: PlacementFields) => Promise<ResultImageAnswer>;
  label: string;
}

/** The armed piece of the current mode, or null (after saying why) when the mode has none or credits are short. */
function armedPiece(ctx: CommandContext, state: EditorState): ArmedPiece | null {
  const { mode, placement, theme } = state;
  const costs = ctx.costs();
  if (mode === 'place') {
    const type = placement.furnitureType;
    if (!type) return refuse(STUDIO_MESSAGES.selectFurniture);
    if (!ctx.canAfford(costs?.furniture_placement, INSUFFICIENT_CREDITS_MESSAGES.placeFurniture)) return null;
    return { send: (body) => placeFurniture({ ...body, furniture_type: type }), label: humanize(type) };
  }
  if (mode === 'themed') {
    const item = placement.themeItem;
    if (!item) return refuse(STUDIO_MESSAGES.selectThemeAndFurniture);
    if (!ctx.canAfford(costs?.themed_placement, INSUFFICIENT_CREDITS_MESSAGES.placeThemedFurniture)) return null;
    return {
      send: (body) => placeThemedFurniture({ ...body, theme_key: theme, furniture_item: item }),
      label: `${humanize(theme)} ${humanize(item).toLowerCase()}`,
    };
  }
  if (mode === 'custom') {
    const id = placement.customFurnitureId;
    if (!id) return refuse(STUDIO_MESSAGES.uploadCustomFirst);
    if (!ctx.canAfford(costs?.custom_furniture_placement, INSUFFICIENT_CREDITS_MESSAGES.placeCustomFurniture)) return null;
    return { send: (body) => placeCustomFurniture({ ...body, furniture_id: id }), label: 'your furniture' };
  }
  return null;
}

/**
 * A canvas click in place, themed or custom mode (or the commit of a piece shown first): the piece the mode has
 * armed, standing at the click, turned to `yawDeg` when the user turned it (pieces drawn in 3D).
 */
export const placeFurnitureCommand = definePaidEdit({
  name: 'placeFurniture',
  check: (ctx, point: { x: number; y: number; yawDeg?: number }) => {
    const state = ctx.state();
    const image = ctx.currentImage();
    if (!image) return null;
    ctx.showMarker('click', point);
    const piece = armedPiece(ctx, state);
    if (!piece) return null;
    ctx.showMarker('preview', point, piece.label);
    return { image, point, piece, sizeScale: state.sizeScale, yawDeg: point.yawDeg };
  },
  busy: ({ piece }) => ({ kind: 'placeFurniture', message: `Placing ${piece.label}…` }),
  request: ({ image, point, piece, sizeScale, yawDeg }, { imageData, sessionId, progressId }) =>
    piece.send({
      image_data: imageData,
      x: point.x,
      y: point.y,
      size_scale: sizeScale,
      ...(yawDeg === undefined ? {} : { yaw_degrees: yawDeg }),
      image_width: image.width,
      image_height: image.height,
      session_id: sessionId,
      progress_id: progressId,
    }),
  success: ({ piece }) => `Placed ${piece.label}`,
  after: (ctx) => ctx.growth.onLayoutCreated(),
});
