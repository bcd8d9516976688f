import type { EditorState, Scene, StudioImage, StudioMode } from '../state/editor-state.ts';
import { TUTORIAL_STEPS } from './tutorial.ts';

/**
 * Where the tutorial was and what it did to the sample room, kept for this tab so that a reload resumes it
 * (issue 13) instead of running the demo again from step 1. The sample itself (a data URL) is not stored: it is
 * loaded again and put back in its place. Results are stored media whose signed URLs live an hour, so older
 * progress is dropped.
 */
const KEY = 'stagecraft.tutorial-progress';
const MAX_AGE_MS = 45 * 60_000;
const SAMPLE = 'sample:';

interface StoredProgress {
  userId: number;
  step: number;
  mode: StudioMode;
  savedAt: number;
  past: Scene[];
  scene: Scene;
}

export interface TutorialProgress {
  step: number;
  mode: StudioMode;
  past: Scene[];
  scene: Scene;
}

const strip = (image: StudioImage | null) => (image?.src.startsWith('data:') ? { ...image, src: SAMPLE } : image);
const stripScene = (scene: Scene): Scene => ({ ...scene, baseImage: strip(scene.baseImage), currentImage: strip(scene.currentImage) });

export function saveTutorialProgress(userId: number, step: number, state: EditorState, storage: Storage = sessionStorage) {
  const stored: StoredProgress = { userId, step, mode: state.mode, savedAt: Date.now(), past: state.past.map(stripScene), scene: stripScene(state.scene) };
  try {
    storage.setItem(KEY, JSON.stringify(stored));
  } catch {
    // A full or disabled storage only means a reload starts the tutorial over.
  }
}

export function clearTutorialProgress(storage: Storage = sessionStorage) {
  storage.removeItem(KEY);
}

/** The progress of this user's tutorial with the sample put back (its data URL), or null. */
export function readTutorialProgress(userId: number, sampleSrc: string, storage: Storage = sessionStorage): TutorialProgress | null {
  let stored: StoredProgress;
  try {
    stored = JSON.parse(storage.getItem(KEY) ?? 'null') as StoredProgress;
  } catch {
    return null;
  }
  if (!stored || stored.userId !== userId || Date.now() - stored.savedAt > MAX_AGE_MS) return null;
  if (!Number.isInteger(stored.step) || stored.step < 0 || stored.step >= TUTORIAL_STEPS.length) return null;
  const fill = (image: StudioImage | null) => (image?.src === SAMPLE ? { ...image, src: sampleSrc } : image);
  const fillScene = (scene: Scene): Scene => ({ ...scene, baseImage: fill(scene.baseImage), currentImage: fill(scene.currentImage) });
  const scene = fillScene(stored.scene);
  // A reload in the pause after a step succeeded resumes at the next one: its action is already on screen.
  let step = stored.step;
  if (step === 0 && scene.detections.length > 0) step = 1;
  if (step === 1 && scene.currentImage?.src !== sampleSrc) step = 2;
  return { step, mode: stored.mode, past: stored.past.map(fillScene), scene };
}
