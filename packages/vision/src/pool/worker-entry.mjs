// Worker bootstrap: the engine is TypeScript run through tsx, and a worker thread does not inherit the parent's
// loader hooks, so load the real worker through tsx's API.
import { tsImport } from 'tsx/esm/api';

await tsImport('./worker.ts', import.meta.url);
