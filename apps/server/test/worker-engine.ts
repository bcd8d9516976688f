import { createHash } from 'node:crypto';
import type { Detection, RoomModel } from '@stagecraft/vision';
import { createStudioEngine, type StudioEngine } from '../src/areas/studio/engine.ts';
import { recentPromises } from '../src/lib/recent-promises.ts';

/**
 * The vision engine of a test worker: one thread, shared by every app the worker's test files build (their PGlite
 * and PostgreSQL suites alike). The server's test files share their worker's modules (isolate: false in
 * vitest.config.ts), so this engine lives as long as the worker and its thread loads the models once: an engine per
 * app loaded them again for every suite, two files at a time on the two cores. The worker's exit ends the thread.
 *
 * Its room models and detections are remembered by the photo's bytes: both are pure functions of the bytes, and the
 * suites post the same few fixture photos again and again, for a new user or session each time and on both
 * databases, so the app's own caches (by owner, by session) never see them twice. Failures are not remembered
 * (recentPromises); every other call runs.
 */
let workerEngine: StudioEngine | undefined;

export function workerVisionEngine(): StudioEngine {
  return (workerEngine ??= rememberingPureCalls(createStudioEngine({ size: 1 })));
}

const REMEMBERED = 24;

function rememberingPureCalls(engine: StudioEngine): StudioEngine {
  const roomModels = recentPromises<RoomModel>(REMEMBERED);
  const detections = recentPromises<Detection[]>(REMEMBERED);
  const keyOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
  return {
    ...engine,
    roomModel: (image, job) => roomModels(keyOf(image), () => engine.roomModel(image, job)),
    // A copy for each caller: the remembered list is shared.
    detectObjects: async (image, job) => structuredClone(await detections(keyOf(image), () => engine.detectObjects(image, job))),
  };
}
