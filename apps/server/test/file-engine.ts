import type { StudioEngine } from '../src/areas/studio/engine.ts';

/**
 * The vision engine of a test file: one worker thread, shared by the file's apps (its PGlite and PostgreSQL suites
 * alike) and closed after the file (`setup-engine.ts`). Every engine's workers load the models again on their first
 * jobs (seconds of CPU each), and two test files run at once on the two cores: an engine of two threads per app
 * loaded them up to four times a file for no speed.
 */
let fileEngine: StudioEngine | undefined;

export async function fileVisionEngine(): Promise<StudioEngine> {
  // Imported here, not at the top: setup-engine.ts imports this module into every server test file, and most of them
  // (config, mail, contracts) never build an app; the engine's imports (the vision package) are heavy.
  const { createStudioEngine } = await import('../src/areas/studio/engine.ts');
  return (fileEngine ??= createStudioEngine({ size: 1 }));
}

/** Closes the test file's engine, if one was started. */
export async function closeFileVisionEngine(): Promise<void> {
  const engine = fileEngine;
  fileEngine = undefined;
  await engine?.close();
}
