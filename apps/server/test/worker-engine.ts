import { createStudioEngine, type StudioEngine } from '../src/areas/studio/engine.ts';

/**
 * The vision engine of a test worker: one thread, shared by every app the worker's test files build (their PGlite
 * and PostgreSQL suites alike). The server's test files share their worker's modules (isolate: false in
 * vitest.config.ts), so this engine lives as long as the worker and its thread loads the models once: an engine per
 * app loaded them again for every suite, two files at a time on the two cores. The worker's exit ends the thread.
 */
let workerEngine: StudioEngine | undefined;

export function workerVisionEngine(): StudioEngine {
  return (workerEngine ??= createStudioEngine({ size: 1 }));
}
