import { defineConfig } from 'vitest/config';

/** Run with `npx vitest run --config packages/furniture/vitest.config.ts` (or as a project of the root config). */
export default defineConfig({
  test: {
    name: 'furniture',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
