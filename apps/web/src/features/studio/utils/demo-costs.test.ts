import type { Detection } from '@stagecraft/contracts';
import { describe, expect, it } from 'vitest';
import { applyAction, applyResult, loadImage, resetToOriginal, setAutoDetections, undo } from '../state/actions.ts';
import { createEditorState, type StudioImage } from '../state/editor-state.ts';
import { costLabel, demoFreeSteps, removalIsFree } from './demo-costs.ts';

const sample: StudioImage = { src: 'data:image/jpeg;base64,sample', width: 1200, height: 800, enhanced: null };
const removed: StudioImage = { src: '/media/AAAAAAAAAAAAAAAAAAAAAA?expires=1&signature=x', width: 1200, height: 800, enhanced: null };
const walls: StudioImage = { src: '/media/BBBBBBBBBBBBBBBBBBBBBB?expires=1&signature=y', width: 1200, height: 800, enhanced: null };
const sofa: Detection = { id: 'd1', class_name: 'sofa', bbox: [100, 200, 700, 600], confidence: 0.91 };
const chair: Detection = { id: 'd2', class_name: 'chair', bbox: [800, 300, 1000, 650], confidence: 0.62 };

const demo = () =>
  applyAction(applyAction(createEditorState(), loadImage, { image: sample, demo: true }), setAutoDetections, {
    detections: [sofa, chair],
  });

describe('what the demo runs for free (as the server decides it)', () => {
  it('detection, removal and walls on the sample; walls on a removal result; nothing after new walls', () => {
    let state = demo();
    expect(demoFreeSteps(state)).toEqual({ detect: true, removal: true, walls: true });
    state = applyAction(state, applyResult, { image: removed, removeDetectionId: 'd1' });
    expect(demoFreeSteps(state)).toEqual({ detect: false, removal: false, walls: true });
    state = applyAction(state, applyResult, { image: walls });
    expect(demoFreeSteps(state)).toEqual({ detect: false, removal: false, walls: false });
    // Back on the sample (undo or reset), it is all free again.
    expect(demoFreeSteps(applyAction(applyAction(state, undo, undefined), undo, undefined)).detect).toBe(true);
    expect(demoFreeSteps(applyAction(state, resetToOriginal, undefined)).removal).toBe(true);
  });

  it('new walls straight on the sample leave nothing free; an own room never is; a marked object is paid', () => {
    expect(demoFreeSteps(applyAction(demo(), applyResult, { image: walls })).walls).toBe(false);
    const emptied = applyAction(demo(), applyResult, { image: removed, removeDetectionIds: ['d1', 'd2'] });
    expect(demoFreeSteps(emptied).walls).toBe(false);
    const own = applyAction(createEditorState(), loadImage, { image: sample, demo: false });
    expect(demoFreeSteps(own)).toEqual({ detect: false, removal: false, walls: false });
    const free = demoFreeSteps(demo());
    expect(removalIsFree(free, sofa)).toBe(true);
    expect(removalIsFree(free, { ...sofa, is_manual: true })).toBe(false);
  });

  it('labels a price, or says free in the demo', () => {
    expect(costLabel(1)).toBe(' (1 credit)');
    expect(costLabel(2)).toBe(' (2 credits)');
    expect(costLabel(1, true)).toBe(' (free in the demo)');
    expect(costLabel(0)).toBe(' (free)');
    expect(costLabel(undefined)).toBe('');
  });
});
