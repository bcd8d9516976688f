import type { Detection } from '@stagecraft/contracts';
import type { EditorState } from '../state/editor-state.ts';

export interface DemoFreeSteps {
  detect: boolean;
  removal: boolean;
  walls: boolean;
}

const NOTHING_FREE: DemoFreeSteps = { detect: false, removal: false, walls: false };

/**
 * Which of the tutorial's steps cost nothing right now, as the server decides them (server
 * `areas/studio/demo.ts`): detection and removal of a detected object on the sample itself, new walls on the
 * sample or on a removal's result. Anything else in demo mode, and everything on the user's own rooms, costs
 * what the credit table says. The sample is the one image of demo mode held as a data URL (results are stored
 * media), so the steps since it are the image changes after it in the undo history.
 */
export function demoFreeSteps(state: EditorState): DemoFreeSteps {
  if (!state.demo) return NOTHING_FREE;
  const scenes = [...state.past, state.scene];
  const sampleAt = scenes.findLastIndex((scene) => scene.currentImage?.src.startsWith('data:') === true);
  if (sampleAt < 0) return NOTHING_FREE;
  const changes: { detectionsBefore: number; detectionsAfter: number }[] = [];
  for (let index = sampleAt + 1; index < scenes.length; index += 1) {
    const before = scenes[index - 1];
    const after = scenes[index];
    if (before && after && before.currentImage?.src !== after.currentImage?.src) {
      changes.push({ detectionsBefore: before.detections.length, detectionsAfter: after.detections.length });
    }
  }
  const [first] = changes;
  if (!first) return { detect: true, removal: true, walls: true };
  // A removal takes its one object off the list; new walls leave the list as it was; emptying the room (one
  // paid step, not a demo step) takes them all.
  const removed = changes.length === 1 && first.detectionsAfter === first.detectionsBefore - 1;
  return { detect: false, removal: false, walls: removed };
}

/** Whether removing this object is free now: only the objects the server itself found on the sample. */
export const removalIsFree = (free: DemoFreeSteps, detection: Pick<Detection, 'is_manual'>) => free.removal && detection.is_manual !== true;

/** A button's price: ' (1 credit)', ' (free)', ' (free in the demo)', or nothing while the costs load. */
export function costLabel(cost: number | undefined, freeInDemo = false): string {
  if (freeInDemo) return ' (free in the demo)';
  if (cost === 0) return ' (free)';
  return cost === undefined ? '' : ` (${cost} credit${cost === 1 ? '' : 's'})`;
}
