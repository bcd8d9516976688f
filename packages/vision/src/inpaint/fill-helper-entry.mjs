// Worker bootstrap: the engine is TypeScript run through tsx, and a worker thread does not inherit the parent's
// loader hooks, so load the real thread through tsx's API (as the vision pool's workers do).
import { tsImport } from 'tsx/esm/api';

await tsImport('./fill-helper-thread.ts', import.meta.url);
