import type { Detection } from '@stagecraft/contracts';
import { describe, expect, it } from 'vitest';
import {
  addManualDetection,
  applyAction,
  applyResult,
  clearDetections,
  loadImage,
  redo,
  resetToOriginal,
  selectDetection,
  selectPlacement,
  setAutoDetections,
  setMode,
  setSizeScale,
  setTheme,
  undo,
  useResultAsBase,
} from './actions.ts';
import {
  HISTORY_LIMIT,
  canRedo,
  canUndo,
  createEditorState,
  detectionCounts,
  hasResult,
  type StudioImage,
} from './editor-state.ts';

const room: StudioImage = { src: 'data:image/jpeg;base64,room', width: 1920, height: 1280, enhanced: null };
const staged: StudioImage = { src: 'data:image/jpeg;base64,staged', width: 1920, height: 1280, enhanced: null };
const enhanced: StudioImage = { src: '/media/enhanced.jpg', width: 3840, height: 2560, enhanced: '4k' };
const sofa: Detection = { id: 'd1', class_name: 'sofa', bbox: [100, 200, 700, 600], confidence: 0.91 };
const chair: Detection = { id: 'd2', class_name: 'chair', bbox: [900, 300, 1100, 650], confidence: 0.62 };
const lamp: Detection = { id: 'm1', class_name: 'floor_lamp', bbox: [1500, 100, 1600, 700], confidence: 1, is_manual: true };

function loaded() {
  return applyAction(createEditorState(), loadImage, { image: room, demo: false });
}

describe('editor history', () => {
  it('undoes and redoes every step in order', () => {
    let state = loaded();
    state = applyAction(state, setAutoDetections, { detections: [sofa, chair] });
    state = applyAction(state, applyResult, { image: staged, removeDetectionId: 'd1' });
    expect(state.scene.currentImage).toBe(staged);
    expect(state.scene.detections.map((d) => d.id)).toEqual(['d2']);

    state = applyAction(state, undo, undefined);
    expect(state.scene.currentImage).toBe(room);
    expect(state.scene.detections.map((d) => d.id)).toEqual(['d1', 'd2']);
    state = applyAction(state, undo, undefined);
    expect(state.scene.detections).toEqual([]);
    expect(canRedo(state)).toBe(true);
    expect(canUndo(state)).toBe(false);

    state = applyAction(state, redo, undefined);
    state = applyAction(state, redo, undefined);
    expect(state.scene.currentImage).toBe(staged);
    expect(state.scene.detections.map((d) => d.id)).toEqual(['d2']);
    expect(canRedo(state)).toBe(false);
  });

  it('empties the room as one step: every piece gone at once, and one undo brings them all back', () => {
    let state = loaded();
    state = applyAction(state, setAutoDetections, { detections: [sofa, chair, lamp] });
    state = applyAction(state, selectDetection, 'd2');
    state = applyAction(state, applyResult, { image: staged, removeDetectionIds: ['d1', 'd2', 'm1'] });
    expect(state.scene.detections).toEqual([]);
    expect(state.selectedDetectionId).toBeNull();
    state = applyAction(state, undo, undefined);
    expect(state.scene.currentImage).toBe(room);
    expect(state.scene.detections.map((d) => d.id)).toEqual(['d1', 'd2', 'm1']);
  });

  it('starts the history at the first image: there is no empty canvas to undo to', () => {
    expect(canUndo(loaded())).toBe(false);
  });

  it('drops the redo stack when a new step is made after an undo', () => {
    let state = applyAction(loaded(), applyResult, { image: staged });
    state = applyAction(state, undo, undefined);
    state = applyAction(state, setAutoDetections, { detections: [sofa] });
    expect(canRedo(state)).toBe(false);
    expect(state.scene.currentImage).toBe(room);
  });

  it('does not record tool changes or no-op steps, and keeps at most the history limit', () => {
    let state = loaded();
    const pastAfterLoad = state.past.length;
    state = applyAction(state, setMode, 'place');
    state = applyAction(state, setSizeScale, 1.5);
    state = applyAction(state, clearDetections, 'all'); // nothing to clear
    expect(state.past.length).toBe(pastAfterLoad);
    for (let i = 0; i < HISTORY_LIMIT + 10; i += 1) {
      state = applyAction(state, applyResult, { image: { ...staged, src: `data:image/jpeg;base64,s${i}` } });
    }
    expect(state.past.length).toBe(HISTORY_LIMIT);
    expect(canUndo(state)).toBe(true);
  });
});

describe('editor scene rules', () => {
  it('a new detection replaces the auto-detected items and keeps the manual ones', () => {
    let state = applyAction(loaded(), setAutoDetections, { detections: [sofa] });
    state = applyAction(state, addManualDetection, lamp);
    state = applyAction(state, setAutoDetections, { detections: [chair] });
    expect(state.scene.detections.map((d) => d.id)).toEqual(['m1', 'd2']);
    expect(detectionCounts(state.scene.detections)).toEqual({ auto: 1, manual: 1 });
    state = applyAction(state, clearDetections, 'auto');
    expect(state.scene.detections.map((d) => d.id)).toEqual(['m1']);
  });

  it('keeps the session the server named for the room, and a new room starts without one', () => {
    let state = applyAction(loaded(), setAutoDetections, { detections: [sofa], sessionId: 'session-1' });
    state = applyAction(state, applyResult, { image: staged });
    expect(state.scene.sessionId).toBe('session-1');
    state = applyAction(state, loadImage, { image: room, demo: false });
    expect(state.scene.sessionId).toBeNull();
  });

  it('replacement marks the item replaced with the new name', () => {
    let state = applyAction(loaded(), setAutoDetections, { detections: [sofa, chair] });
    state = applyAction(state, applyResult, { image: staged, replaceDetection: { id: 'd2', className: 'armchair' } });
    expect(state.scene.detections[1]).toMatchObject({ id: 'd2', class_name: 'armchair', is_replaced: true });
  });

  it('an enhanced result scales the detections to its size, and reset brings them back', () => {
    let state = applyAction(loaded(), setAutoDetections, { detections: [sofa] });
    state = applyAction(state, applyResult, { image: enhanced });
    expect(state.scene.detections[0]?.bbox).toEqual([200, 400, 1400, 1200]);
    expect(hasResult(state.scene)).toBe(true);
    state = applyAction(state, resetToOriginal, undefined);
    expect(state.scene.currentImage).toBe(room);
    expect(state.scene.detections[0]?.bbox).toEqual([100, 200, 700, 600]);
    expect(hasResult(state.scene)).toBe(false);
  });

  it('use as base adopts the result and clears detections', () => {
    let state = applyAction(loaded(), setAutoDetections, { detections: [sofa] });
    state = applyAction(state, applyResult, { image: staged });
    state = applyAction(state, useResultAsBase, undefined);
    expect(state.scene.baseImage).toBe(staged);
    expect(state.scene.detections).toEqual([]);
    expect(hasResult(state.scene)).toBe(false);
    state = applyAction(state, undo, undefined);
    expect(state.scene.baseImage).toBe(room);
    expect(state.scene.detections).toHaveLength(1);
  });

  it('the first real upload ends demo mode and clears detections, results and markers', () => {
    let state = applyAction(createEditorState(), loadImage, { image: room, demo: true });
    state = applyAction(state, setAutoDetections, { detections: [sofa] });
    state = applyAction(state, applyResult, { image: staged });
    expect(state.demo).toBe(true);
    const upload: StudioImage = { src: 'data:image/jpeg;base64,mine', width: 800, height: 600, enhanced: null };
    state = applyAction(state, loadImage, { image: upload, demo: false });
    expect(state.demo).toBe(false);
    expect(state.scene).toEqual({ baseImage: upload, currentImage: upload, detections: [], sessionId: null });
    expect(state.markers).toEqual([]);
  });
});

describe('modes and tools', () => {
  it('switching modes resets the placement state but keeps the theme and size', () => {
    let state = applyAction(loaded(), setMode, 'themed');
    state = applyAction(state, setTheme, 'japandi');
    state = applyAction(state, selectPlacement, { themeItem: 'sofa', furnitureType: 'bed', customFurnitureId: 'cf1' });
    state = applyAction(state, setSizeScale, 1.3);
    state = applyAction(state, setMode, 'place');
    expect(state.placement).toEqual({ furnitureType: null, themeItem: null, customFurnitureId: null });
    expect(state.theme).toBe('japandi');
    expect(state.sizeScale).toBe(1.3);
  });

  it('the theme starts as bohemian, and changing it disarms the themed item', () => {
    let state = createEditorState();
    expect(state.theme).toBe('bohemian');
    state = applyAction(state, selectPlacement, { themeItem: 'rug' });
    state = applyAction(state, setTheme, 'coastal');
    expect(state.placement.themeItem).toBeNull();
  });

  it('clamps the size scale to 0.5..2 in steps of 0.1', () => {
    expect(applyAction(createEditorState(), setSizeScale, 7).sizeScale).toBe(2);
    expect(applyAction(createEditorState(), setSizeScale, 0.1).sizeScale).toBe(0.5);
    expect(applyAction(createEditorState(), setSizeScale, 1.26).sizeScale).toBe(1.3);
  });
});
