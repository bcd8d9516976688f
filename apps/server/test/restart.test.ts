import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverProcess } from './server-process.ts';
import { ensurePgliteTemplate } from './test-database.ts';

const port = 4500 + (process.pid % 400);

describe('the server process', () => {
  it('keeps every account across a stop and a start, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stagecraft-restart-'));
    cpSync(await ensurePgliteTemplate(), path.join(dataDir, 'db'), { recursive: true });
    const email = `restart-${process.pid}@example.com`;
    const server = serverProcess({ port, dataDir });
    const { baseUrl } = server;

    server.start();
    await server.waitForHealth();
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
    expect(await server.stop()).toBe(0);
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);

    server.start();
    try {
      await server.waitForHealth();
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
      await server.stop();
    }
  }, 120_000);
});
