import { describe, expect, it } from 'vitest';
import { applyAction, applyResult, loadImage, setMode } from './actions.ts';
import { createEditorState, type StudioImage } from './editor-state.ts';
import { downloadFileName, fromSnapshot, toSnapshot } from './snapshot.ts';

const stored = (id: string, width = 1920, height = 1280): StudioImage => ({
  src: `/media/${id.padEnd(22, 'a')}?expires=1&signature=x`,
  width,
  height,
  enhanced: null,
});

describe('editor snapshots', () => {
  it('keeps the undo stack, the current scene and the mode, and gives them back', () => {
    let state = createEditorState();
    state = applyAction(state, loadImage, { image: stored('base'), demo: false, sessionId: 's1', roomName: 'Living Room.jpg' });
    state = applyAction(state, applyResult, { image: stored('step1') });
    state = applyAction(state, applyResult, { image: stored('step2') });
    state = applyAction(state, setMode, 'walls');
    const saved = toSnapshot(state);
    expect(saved?.sessionId).toBe('s1');
    expect(saved?.snapshot.scenes.map((scene) => scene.current_image.src.slice(7, 12))).toEqual(['basea', 'step1', 'step2']);
    expect(saved?.snapshot.cursor).toBe(2);
    const restored = fromSnapshot('s1', saved!.snapshot);
    expect(restored.past).toHaveLength(2);
    expect(restored.scene.currentImage?.src).toBe(state.scene.currentImage?.src);
    expect(restored.mode).toBe('walls');
    expect(downloadFileName({ ...state, roomName: restored.roomName })).toBe('stagecraft-living-room-step-2-1920x1280.jpg');
  });

  it('keeps nothing of demo mode or of a room without a session', () => {
    const demo = applyAction(createEditorState(), loadImage, { image: stored('sample'), demo: true });
    expect(toSnapshot(demo)).toBeNull();
    const inline = applyAction(createEditorState(), loadImage, {
      image: { src: 'data:image/jpeg;base64,AAAA', width: 2, height: 2, enhanced: null },
      demo: false,
      sessionId: 's2',
    });
    expect(toSnapshot(inline)).toBeNull();
  });

  it('names an enhanced download by its level', () => {
    let state = applyAction(createEditorState(), loadImage, { image: stored('b'), demo: false, sessionId: 's', roomName: 'kitchen.png' });
    state = applyAction(state, applyResult, { image: { ...stored('e', 3840, 2560), enhanced: '4k' } });
    expect(downloadFileName(state)).toBe('stagecraft-kitchen-step-1-4k.jpg');
  });
});
