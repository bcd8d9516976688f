import { CREDIT_COSTS, INSUFFICIENT_CREDITS_MESSAGES, STUDIO_MESSAGES } from '@stagecraft/contracts';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyAction, loadImage, selectPlacement, setAutoDetections, setMode } from '../state/actions.ts';
import { createEditorState, type EditorState } from '../state/editor-state.ts';
import type { CommandContext } from './command.ts';
import { placeFurnitureCommand } from './place-furniture.ts';
import { removeAllObjectsCommand } from './remove-all-objects.ts';
import { replaceObjectCommand } from './replace-object.ts';

const room = { src: 'data:image/jpeg;base64,room', width: 1920, height: 1280, enhanced: null };

/** A context over a plain editor state, with a balance; what the commands show goes to spies. */
function contextOf(state: EditorState, credits: number) {
  let current = state;
  const markers: string[] = [];
  const ctx: CommandContext = {
    state: () => current,
    run: (action, payload) => {
      current = applyAction(current, action, payload);
    },
    costs: () => CREDIT_COSTS,
    canAfford: (cost, message) => {
      if (cost === undefined || credits >= cost) return true;
      toast.error(message);
      return false;
    },
    currentImage: () => current.scene.currentImage,
    sessionId: () => current.scene.sessionId ?? undefined,
    updateCredits: () => {},
    showMarker: (kind, _point, label) => void markers.push(label ? `${kind}:${label}` : kind),
    onTutorialAction: () => {},
    growth: {} as never,
    queryClient: {} as never,
    addCustomFurniture: () => {},
    exported: { current: false },
  };
  return { ctx, markers };
}

function withRoom(): EditorState {
  return applyAction(createEditorState(), loadImage, { image: room, demo: false, sessionId: 's1' });
}

describe('studio commands: the checks before a call', () => {
  afterEach(() => vi.restoreAllMocks());

  it('refuses a themed click with nothing armed, with the spec sentence, after marking the click', () => {
    const errors = vi.spyOn(toast, 'error');
    const { ctx, markers } = contextOf(applyAction(withRoom(), setMode, 'themed'), 10);
    expect(placeFurnitureCommand.check(ctx, { x: 10, y: 20 })).toBeNull();
    expect(errors).toHaveBeenCalledWith(STUDIO_MESSAGES.selectThemeAndFurniture, expect.anything());
    expect(markers).toEqual(['click']);
  });

  it('refuses a themed placement under 2 credits and plans one at 2', () => {
    const errors = vi.spyOn(toast, 'error');
    let state = applyAction(withRoom(), setMode, 'themed');
    state = applyAction(state, selectPlacement, { themeItem: 'sofa' });
    expect(placeFurnitureCommand.check(contextOf(state, 1).ctx, { x: 10, y: 20 })).toBeNull();
    expect(errors).toHaveBeenCalledWith(INSUFFICIENT_CREDITS_MESSAGES.placeThemedFurniture);
    const { ctx, markers } = contextOf(state, 2);
    const plan = placeFurnitureCommand.check(ctx, { x: 10, y: 20 });
    expect(plan).toMatchObject({ image: room, point: { x: 10, y: 20 }, sizeScale: 1 });
    expect(plan && placeFurnitureCommand.busy(plan).message).toBe('Placing Bohemian sofa…');
    expect(markers).toEqual(['click', 'preview:Bohemian sofa']);
  });

  it('does nothing for an empty replacement name (the prompt was cancelled)', () => {
    const errors = vi.spyOn(toast, 'error');
    expect(replaceObjectCommand.check(contextOf(withRoom(), 10).ctx, { id: 1, newName: '   ' })).toBeNull();
    expect(errors).not.toHaveBeenCalled();
  });

  it('charges empty-the-room per object before calling', () => {
    const detections = [1, 2, 3].map((id) => ({
      id,
      class_name: 'chair',
      bbox: [0, 0, 5, 5] as [number, number, number, number],
      confidence: 0.9,
    }));
    const state = applyAction(withRoom(), setAutoDetections, { detections });
    vi.spyOn(toast, 'error');
    expect(removeAllObjectsCommand.check(contextOf(state, 2).ctx, undefined)).toBeNull();
    const plan = removeAllObjectsCommand.check(contextOf(state, 3).ctx, undefined);
    expect(plan?.count).toBe('3 objects');
  });
});
