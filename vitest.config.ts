import os from 'node:os';
import { defineConfig } from 'vitest/config';

/** What the vision package's two projects share: the engine's tests load models and run real fills. */
const visionProject = {
  root: './packages/vision',
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 120_000,
};
/** The vision test file that mocks a module (vi.mock): it runs isolated, in a project of its own. */
const MOCKING_VISION_TEST = 'src/walls/source-detections.test.ts';

export default defineConfig({
  test: {
    passWithNoTests: true,
    // Vitest's default (the cores less one) runs one test file at a time on a two-core machine: two at once take the
    // unit tests there from 15.5 to 9.8 minutes (843 tests, PGlite, PostgreSQL and Redis). The server's test files
    // run their vision on one worker thread each (test/worker-engine.ts), so the two files keep a core each.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    minWorkers: 1,
    projects: [
      {
        test: {
          name: 'server',
          root: './apps/server',
          // The server's test files share their worker's modules: the app's imports (the vision package, Fastify,
          // Drizzle) load once per worker, not once per file, and so does the vision engine (test/worker-engine.ts),
          // whose thread loads the models once. 11.2 -> 9.2 minutes for the unit tests here. Each file builds its
          // own apps on databases of their own, so no state of one file's app reaches the next.
          isolate: false,
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'contracts',
          root: './packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          ...visionProject,
          name: 'vision',
          include: ['src/**/*.test.ts'],
          // As the server's: the models load once per worker. The one file that mocks a module runs isolated
          // (vision-mocked below), where its mock cannot reach another file's imports.
          exclude: [MOCKING_VISION_TEST],
          isolate: false,
        },
      },
      {
        test: {
          ...visionProject,
          name: 'vision-mocked',
          include: [MOCKING_VISION_TEST],
        },
      },
      {
        test: {
          name: 'furniture',
          root: './packages/furniture',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          // Most of the web app's tests are of plain functions; the files that need a DOM ask for jsdom in their
          // first line. A jsdom for each of the 37 files cost the unit tests about 20 s.
          environment: 'node',
        },
      },
    ],
  },
});
