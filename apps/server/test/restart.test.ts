import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ensurePgliteTemplate } from './test-database.ts';

const serverScript = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const port = 4500 + (process.pid % 400);
const baseUrl = `http://127.0.0.1:${port}`;

function startServer(dataDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', serverScript], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitForHealth(): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy');
}

async function stopServer(server: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  server.kill('SIGTERM');
  return exited;
}

describe('the server process', () => {
  it('keeps every account across a stop and a start, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stagecraft-restart-'));
    cpSync(await ensurePgliteTemplate(), path.join(dataDir, 'db'), { recursive: true });
    const email = `restart-${process.pid}@example.com`;

    const first = startServer(dataDir);
    await waitForHealth();
    const registered = await fetch(`${baseUrl}/api/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: `restart${process.pid}`,
        email,
        password: 'Quiet-Hallway-58',
        password2: 'Quiet-Hallway-58',
        medium: 'Reddit',
      }),
    });
    expect(registered.status).toBe(201);
    expect(await stopServer(first)).toBe(0);
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);

    const second = startServer(dataDir);
    try {
      await waitForHealth();
      // The account is still there: the same e-mail cannot sign up twice.
      const again = await fetch(`${baseUrl}/api/register/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: `other${process.pid}`,
          email,
          password: 'Quiet-Hallway-58',
          password2: 'Quiet-Hallway-58',
          medium: 'Reddit',
        }),
      });
      expect(again.status).toBe(400);
      expect(((await again.json()) as { email: string[] }).email).toEqual([
        'A user is already registered with this e-mail address.',
      ]);
    } finally {
      await stopServer(second);
    }
  }, 120_000);
});
