import { describe, expect, it } from 'vitest';
import { applyAction, applyResult, loadImage, setAutoDetections } from '../state/actions.ts';
import { createEditorState, type StudioImage } from '../state/editor-state.ts';
import { clearTutorialProgress, readTutorialProgress, saveTutorialProgress } from './tutorial-progress.ts';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const sample: StudioImage = { src: 'data:image/jpeg;base64,c2FtcGxl', width: 1200, height: 800, enhanced: null };
const removed: StudioImage = { src: '/media/AAAAAAAAAAAAAAAAAAAAAA?expires=1&signature=x', width: 1200, height: 800, enhanced: null };
const sofa = { id: 'd1', class_name: 'sofa', bbox: [100, 200, 700, 600] as [number, number, number, number], confidence: 0.9 };

const detected = () =>
  applyAction(applyAction(createEditorState(), loadImage, { image: sample, demo: true }), setAutoDetections, { detections: [sofa] });

describe('tutorial progress across a reload', () => {
  it('comes back for the same user with the sample put back in place, without storing its pixels', () => {
    const storage = memoryStorage();
    saveTutorialProgress(7, 1, detected(), storage);
    expect(storage.getItem('stagecraft.tutorial-progress')).not.toContain('c2FtcGxl');
    const progress = readTutorialProgress(7, 'data:image/jpeg;base64,fresh', storage);
    expect(progress?.step).toBe(1);
    expect(progress?.scene.currentImage?.src).toBe('data:image/jpeg;base64,fresh');
    expect(progress?.scene.detections).toEqual([{ ...sofa, is_manual: false }]);
    expect(readTutorialProgress(8, sample.src, storage)).toBeNull();
    clearTutorialProgress(storage);
    expect(readTutorialProgress(7, sample.src, storage)).toBeNull();
  });

  it('resumes at the next step when the reload came in the pause after a step succeeded', () => {
    const storage = memoryStorage();
    saveTutorialProgress(7, 0, detected(), storage);
    expect(readTutorialProgress(7, sample.src, storage)?.step).toBe(1);
    saveTutorialProgress(7, 1, applyAction(detected(), applyResult, { image: removed, removeDetectionId: 'd1' }), storage);
    const progress = readTutorialProgress(7, sample.src, storage);
    expect(progress?.step).toBe(2);
    expect(progress?.past).toHaveLength(2);
  });

  it('drops progress whose signed images have expired, and garbage', () => {
    const storage = memoryStorage();
    saveTutorialProgress(7, 1, detected(), storage);
    const stored = JSON.parse(storage.getItem('stagecraft.tutorial-progress') ?? '{}');
    storage.setItem('stagecraft.tutorial-progress', JSON.stringify({ ...stored, savedAt: Date.now() - 60 * 60_000 }));
    expect(readTutorialProgress(7, sample.src, storage)).toBeNull();
    storage.setItem('stagecraft.tutorial-progress', '{not json');
    expect(readTutorialProgress(7, sample.src, storage)).toBeNull();
  });
});
