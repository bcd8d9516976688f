import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { INSPIRATION_MESSAGES, INSPIRATION_ROUTES, type RestyleJob } from '@stagecraft/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenSigner } from '../src/areas/auth/tokens.ts';
import { createUsersRepository } from '../src/areas/auth/users-repository.ts';
import { openDatabase } from '../src/db/database.ts';
import { users } from '../src/db/schema.ts';
import { startFakeReplicate, type FakeReplicate } from './fake-replicate.ts';
import { multipart } from './inspiration.ts';
import { serverProcess, type ServerProcess } from './server-process.ts';
import { roomPhoto } from './studio.ts';
import { ensurePgliteTemplate } from './test-database.ts';

const port = 5700 + (process.pid % 300);
const JWT_SECRET = 'restart-test-secret-that-is-long-enough-for-hmac';
const TOKEN = 'r8_restart';

/**
 * kill -9 in the middle of a paid job (issue 16): the process dies while a remote restyle runs; the next start
 * ends the job as interrupted, charges nothing and gives the credit hold back. A result can only be stored and
 * paid for in one transaction, so a lost one costs nothing and a paid one is never lost.
 */
describe('a restyle job across kill -9 and a restart', () => {
  let fake: FakeReplicate;
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    fake = await startFakeReplicate({ token: TOKEN });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'stagecraft-jobs-restart-'));
    cpSync(await ensurePgliteTemplate(), path.join(dataDir, 'db'), { recursive: true });
    server = serverProcess({
      port,
      dataDir,
      env: {
        JWT_SECRET,
        REPLICATE_API_TOKEN: TOKEN,
        REPLICATE_API_URL: fake.url,
        INSPIRATION_WAIT_SECONDS: '1',
        VISION_WORKERS: '1',
      },
    });
  }, 60_000);
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await fake.close();
  });

  it('ends the job as interrupted, uncharged, with the hold released', async () => {
    // A user with 2 credits, made before the server holds the embedded database.
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    const user = await createUsersRepository(database.db).insert({
      username: `restart${process.pid}`,
      email: `restart${process.pid}@example.com`,
      passwordHash: null,
      isVerified: true,
      plan: 'free',
    });
    await database.db.update(users).set({ credits: 2 }).where(eq(users.id, user.id));
    await database.close();
    const authorization = `Bearer ${(await new TokenSigner(JWT_SECRET).sign('access', user.id)).token}`;

    fake.behaviour.durationMs = 600_000;
    server.start();
    await server.waitForHealth();
    const body = await multipart({
      theme: 'industrial',
      control_image: { data: await roomPhoto('empty_maateusx_furnish-before.jpg', 320), type: 'image/jpeg', name: 'room.jpg' },
    });
    const response = await fetch(`${server.baseUrl}${INSPIRATION_ROUTES.transformRoom(user.id)}`, {
      method: 'POST',
      headers: { authorization, ...body.headers },
      body: new Uint8Array(body.payload),
    });
    expect(response.status).toBe(202);
    const job = (await response.json()) as RestyleJob;
    expect(job.status).toBe('running');
    // The run is under way at Replicate when the process dies.
    const deadline = Date.now() + 20_000;
    while (fake.predictions.size === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.predictions.size).toBe(1);

    await server.stop('SIGKILL');
    // The remote run finishes while nobody is there to copy it.
    fake.finish([...fake.predictions.keys()][0]!);

    server.start();
    await server.waitForHealth();
    const headers = { authorization };
    const after = (await (await fetch(`${server.baseUrl}${INSPIRATION_ROUTES.job(job.job_id)}`, { headers })).json()) as RestyleJob;
    expect(after).toMatchObject({ status: 'failed', credits_charged: 0, error: INSPIRATION_MESSAGES.interrupted, retry_local: true });
    const credits = (await (await fetch(`${server.baseUrl}/api/user-credits/`, { headers })).json()) as { credits: number };
    expect(credits.credits).toBe(2);
    const history = (await (await fetch(`${server.baseUrl}${INSPIRATION_ROUTES.historyPredictions(user.id)}`, { headers })).json()) as unknown[];
    expect(history).toEqual([]);

    // The hold went with the job: both credits can be held again at once (a leftover hold would refuse the second).
    fake.behaviour.durationMs = 600_000;
    const again = await multipart({
      theme: 'industrial',
      control_image: { data: await roomPhoto('empty_maateusx_furnish-before.jpg', 320), type: 'image/jpeg', name: 'room.jpg' },
    });
    const retries = await Promise.all(
      [0, 1].map(() =>
        fetch(`${server.baseUrl}${INSPIRATION_ROUTES.transformRoom(user.id)}`, {
          method: 'POST',
          headers: { authorization, ...again.headers },
          body: new Uint8Array(again.payload),
        }).then((r) => r.status),
      ),
    );
    expect(retries).toEqual([202, 202]);

    await server.stop();
  }, 120_000);
});
