import { defineConfig } from 'vitest/config';

// Standalone config so `npx vitest run --root packages/vision` works; the root config adds a project entry.
export default defineConfig({
  test: {
    name: 'vision',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
