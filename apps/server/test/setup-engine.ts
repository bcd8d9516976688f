import { afterAll } from 'vitest';
import { closeFileVisionEngine } from './file-engine.ts';

// Runs in every server test file: the file's shared vision engine (file-engine.ts) stops with the file.
afterAll(async () => {
  await closeFileVisionEngine();
});
