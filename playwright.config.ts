import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests drive Debian's Chromium (no Playwright browser download works offline) against the built
 * app, started exactly as `npm start` serves it, on a port and a data directory of its own.
 */
const port = Number(process.env.E2E_PORT ?? 4317);
// The loopback SMTP sink the server sends to, and the HTTP inbox the tests read it from.
process.env.E2E_SMTP_PORT ??= String(port + 1);
process.env.E2E_INBOX_PORT ??= String(port + 2);
// The loopback OpenID provider that stands in for Google.
process.env.E2E_OIDC_PORT ??= String(port + 3);
// A loopback image host for room inspiration's image_url, allowed by the test-only IMAGE_URL_TEST_ALLOW_HOSTS.
process.env.E2E_IMAGE_HOST_PORT ??= String(port + 4);
const baseURL = `http://127.0.0.1:${port}`;
// One fresh data directory per run (as a fresh install); workers inherit the id through the environment.
process.env.E2E_RUN_ID ??= `${Date.now()}-${process.pid}`;
export const E2E_DATA_DIR = path.join(os.tmpdir(), `stagecraft-e2e-${process.env.E2E_RUN_ID}`);

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node --import tsx e2e/support/start-server.ts',
    url: `${baseURL}/healthz`,
    // Generous: the first start creates the embedded database twice over (the manage CLI makes the staff account first).
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // Every browser of the suite signs up from 127.0.0.1; the limits themselves are tested in the integration tests.
      RATE_LIMIT_SCALE: '20',
      // With REDIS_URL set (as .ci/run does) the limits live in Redis: this run's own prefix, so that an earlier run
      // on the same Redis within the hour does not count against it.
      REDIS_KEY_PREFIX: `stagecraft-e2e-${process.env.E2E_RUN_ID}:`,
      E2E_SMTP_PORT: process.env.E2E_SMTP_PORT,
      E2E_INBOX_PORT: process.env.E2E_INBOX_PORT,
      E2E_OIDC_PORT: process.env.E2E_OIDC_PORT,
      IMAGE_URL_TEST_ALLOW_HOSTS: `127.0.0.1:${process.env.E2E_IMAGE_HOST_PORT}`,
    },
  },
});
