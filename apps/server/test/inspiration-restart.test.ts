import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { INSPIRATION_ROUTES, type Prediction, type RestyleJob } from '@stagecraft/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
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
 * kill -9 in the middle of a paid job (issue 16): the process dies while a remote restyle runs at Replicate.
 * The next start takes the run up again (it polls the prediction it had created) and ends the job cleanly: the
 * output copied and charged once when the run succeeded, failed and uncharged when it did not. A result is only
 * ever stored and paid for in one transaction.
 */
describe('a remote restyle job across kill -9 and a restart', () => {
  let fake: FakeReplicate;
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    fake = await startFakeReplicate({ token: TOKEN });
    fake.setRender(async (input) => {
      const sent = Buffer.from(String(input.image).split(',')[1] ?? '', 'base64');
      return sharp(sent).tint({ r: 230, g: 190, b: 150 }).png().toBuffer();
    });
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

  /** Starts a slow remote restyle, waits until its prediction exists at the fake, then kills the server. */
  async function killDuringRun(authorization: string, userId: number): Promise<{ job: RestyleJob; predictionId: string }> {
    const before = new Set(fake.predictions.keys());
    fake.behaviour.durationMs = 600_000;
    const body = await multipart({
      theme: 'industrial',
      control_image: { data: await roomPhoto('empty_maateusx_furnish-before.jpg', 320), type: 'image/jpeg', name: 'room.jpg' },
    });
    const response = await fetch(`${server.baseUrl}${INSPIRATION_ROUTES.transformRoom(userId)}`, {
      method: 'POST',
      headers: { authorization, ...body.headers },
      body: new Uint8Array(body.payload),
    });
    expect(response.status).toBe(202);
    const job = (await response.json()) as RestyleJob;
    expect(job.status).toBe('running');
    // The run is under way at Replicate (and its id recorded on the job) when the process dies.
    const deadline = Date.now() + 30_000;
    let predictionId: string | undefined;
    while (!predictionId && Date.now() < deadline) {
      predictionId = [...fake.predictions.keys()].find((id) => !before.has(id));
      if (!predictionId) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(predictionId).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await server.stop('SIGKILL');
    return { job, predictionId: predictionId! };
  }

  async function settled(authorization: string, jobId: string): Promise<RestyleJob> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const job = (await (await fetch(`${server.baseUrl}${INSPIRATION_ROUTES.job(jobId)}`, { headers: { authorization } })).json()) as RestyleJob;
      if (!['queued', 'running'].includes(job.status) || Date.now() > deadline) return job;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  it('takes the run up again after the restart: a finished run is copied and charged once, a failed one charges nothing', async () => {
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
    const headers = { authorization };
    const credits = async () => ((await (await fetch(`${server.baseUrl}/api/user-credits/`, { headers })).json()) as { credits: number }).credits;
    const history = async () =>
      (await (await fetch(`${server.baseUrl}${INSPIRATION_ROUTES.historyPredictions(user.id)}`, { headers })).json()) as Prediction[];

    // 1. The run finishes at Replicate while nobody is there to copy it; the restarted server copies it.
    server.start();
    await server.waitForHealth();
    const first = await killDuringRun(authorization, user.id);
    fake.finish(first.predictionId);
    const outputsBefore = fake.calls.outputs;
    server.start();
    await server.waitForHealth();
    const done = await settled(authorization, first.job.job_id);
    expect(done).toMatchObject({ status: 'succeeded', credits_charged: 1, provider: 'replicate' });
    expect(fake.calls.outputs).toBeGreaterThan(outputsBefore);
    expect(await credits()).toBe(1);
    expect((await history()).map((item) => item.prediction_id)).toEqual([done.result?.prediction_id]);
    // Our copy is served after Replicate's output is gone.
    fake.deleteOutputs();
    const image = await fetch(`${server.baseUrl}${done.result?.image_url}`);
    expect(image.status).toBe(200);
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).format).toBe('png');

    // 2. The run fails at Replicate while the server is down: failed after the restart, nothing charged.
    const second = await killDuringRun(authorization, user.id);
    const prediction = fake.predictions.get(second.predictionId)!;
    prediction.outcome = 'fail';
    fake.finish(second.predictionId);
    server.start();
    await server.waitForHealth();
    const failed = await settled(authorization, second.job.job_id);
    expect(failed).toMatchObject({ status: 'failed', credits_charged: 0, retry_local: true });
    expect(failed.error).toMatch(/CUDA out of memory/);
    expect(await credits()).toBe(1);
    expect(await history()).toHaveLength(1);

    // The hold went with the failed job: the last credit can be held again (a leftover hold would refuse it).
    fake.behaviour.durationMs = 600_000;
    const again = await multipart({
      theme: 'industrial',
      control_image: { data: await roomPhoto('empty_maateusx_furnish-before.jpg', 320), type: 'image/jpeg', name: 'room.jpg' },
    });
    const retry = await fetch(`${server.baseUrl}${INSPIRATION_ROUTES.transformRoom(user.id)}`, {
      method: 'POST',
      headers: { authorization, ...again.headers },
      body: new Uint8Array(again.payload),
    });
    expect(retry.status).toBe(202);

    await server.stop();
  }, 240_000);
});
