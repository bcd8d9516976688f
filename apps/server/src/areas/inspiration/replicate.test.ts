import { randomBytes } from 'node:crypto';
import { INSPIRATION_ROUTES, type Prediction, type RestyleJob } from '@stagecraft/contracts';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditHolds, creditLedger, media } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { testDatabaseKinds } from '../../../test/test-database.ts';
import { startFakeReplicate, type FakeReplicate } from '../../../test/fake-replicate.ts';
import { roomPhoto, studioUser, type StudioTestUser } from '../../../test/studio.ts';
import { transform } from '../../../test/inspiration.ts';
import { verifyReplicateWebhook } from './replicate.ts';

const TOKEN = 'r8_test_token';
const TEST_TIMEOUT = 30_000;

for (const kind of testDatabaseKinds()) {
  describe(`room inspiration with Replicate (loopback fake) [${kind}]`, () => {
    let fake: FakeReplicate;
    let handle: Awaited<ReturnType<typeof createTestApp>>;
    let ctx: TestContext;
    let room: Buffer;

    beforeAll(async () => {
      room = await roomPhoto('furnished_houses_101_bedroom.jpg', 320);
      fake = await startFakeReplicate({ token: TOKEN });
      // The "model": the photo it was sent, warmed, as a PNG (a real image, made at the network edge).
      fake.setRender(async (input) => {
        const sent = Buffer.from(String(input.image).split(',')[1] ?? '', 'base64');
        return sharp(sent).tint({ r: 230, g: 190, b: 150 }).png().toBuffer();
      });
      handle = await createTestApp(kind, {
        env: {
          REPLICATE_API_TOKEN: TOKEN,
          REPLICATE_API_URL: fake.url,
          REPLICATE_WEBHOOK_SECRET: fake.webhookSecret,
          INSPIRATION_WAIT_SECONDS: '5',
        },
        // Polls are the fallback only: a slow run in these tests is finished by its webhook, or not at all.
        replicatePollMs: 60_000,
      });
      ctx = handle.context;
    }, 60_000);
    afterAll(async () => {
      await handle?.close();
      await fake?.close();
    });

    const photo = () => ({ data: room, type: 'image/jpeg', name: 'room.jpg' });
    const charges = (user: StudioTestUser) =>
      ctx.db
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, user.id), eq(creditLedger.reason, 'inspiration_restyle')));

    /** How a call ended: at once (200 or an error), or through its job when it outlasted the wait (202). */
    async function outcome(user: StudioTestUser, response: { statusCode: number; body: string }) {
      if (response.statusCode !== 202) {
        const body = JSON.parse(response.body) as { detail?: string; retry_local?: string[] };
        return { status: response.statusCode === 200 ? 'succeeded' : 'failed', detail: body.detail ?? '', retryLocal: body.retry_local?.[0] === 'true', code: response.statusCode };
      }
      const job = await pollJob(user, JSON.parse(response.body).job_id as string);
      return { status: job.status, detail: job.error ?? '', retryLocal: job.retry_local, code: 202 };
    }

    async function pollJob(user: StudioTestUser, jobId: string): Promise<RestyleJob> {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const job = (await user.get(INSPIRATION_ROUTES.job(jobId))).json<RestyleJob>();
        if (!['queued', 'running'].includes(job.status) || Date.now() > deadline) return job;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }

    it(
      'restyles through the pinned model with the theme’s prompt, copies the output at once and charges once',
      async () => {
        fake.reset();
        const user = await studioUser(ctx, { credits: 2 });
        const response = await transform(ctx, user, { theme: 'japandi', control_image: photo() });
        // 200 with the result; on a loaded machine the engine's first start may outlast the wait: 202, then the job.
        expect([200, 202], response.body).toContain(response.statusCode);
        const body =
          response.statusCode === 200
            ? response.json<Prediction & { credits_remaining: number }>()
            : (await pollJob(user, response.json<RestyleJob>().job_id)).result!;
        expect(body.provider).toBe('replicate');
        if ('credits_remaining' in body) expect(body.credits_remaining).toBe(1);
        const sent = [...fake.predictions.values()].at(-1)!;
        expect(sent.version).toBe('76604baddc85b1b4616e1c6475eca080da339c8875bd4996705440484a6eac38');
        expect(String(sent.input.prompt)).toMatch(/Japandi/);
        expect(sent.webhook).toMatch(/\/api\/inspiration\/replicate-webhook\/$/);
        expect(fake.calls.preferHeaders.at(-1)).toMatch(/^wait=\d+$/);
        expect(fake.calls.cancelAfter.at(-1)).toMatch(/^\d+s$/);
        // Replicate deletes outputs: ours is a copy in our storage, served after theirs is gone.
        fake.deleteOutputs();
        const stored = await ctx.app.inject({ method: 'GET', url: body.image_url });
        expect(stored.statusCode).toBe(200);
        expect((await sharp(stored.rawPayload).metadata()).format).toBe('png');
        expect(await charges(user)).toHaveLength(1);
        expect(await user.credits()).toBe(1);
      },
      TEST_TIMEOUT,
    );

    it(
      'answers a slow run with the job (202), which a verified webhook finishes; forged and stale webhooks are refused',
      async () => {
        fake.reset();
        fake.behaviour.durationMs = 600_000;
        const user = await studioUser(ctx, { credits: 1 });
        const response = await transform(ctx, user, { theme: 'coastal', control_image: photo() });
        expect(response.statusCode, response.body).toBe(202);
        const job = response.json<RestyleJob>();
        expect(job.status).toBe('running');
        const id = [...fake.predictions.keys()].at(-1)!;

        const webhook = (delivery: { headers: Record<string, string>; body: string }) =>
          ctx.app.inject({ method: 'POST', url: INSPIRATION_ROUTES.replicateWebhook, headers: delivery.headers, payload: delivery.body });
        const forged = await webhook(await fake.webhookFor(id, { secret: randomBytes(24) }));
        expect(forged.statusCode).toBe(401);
        const stale = await webhook(await fake.webhookFor(id, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 }));
        expect(stale.statusCode).toBe(401);
        const unsigned = await ctx.app.inject({ method: 'POST', url: INSPIRATION_ROUTES.replicateWebhook, payload: { id } });
        expect(unsigned.statusCode).toBe(401);

        fake.finish(id);
        const delivered = await webhook(await fake.webhookFor(id));
        expect(delivered.statusCode).toBe(200);
        const done = await pollJob(user, job.job_id);
        expect(done.status).toBe('succeeded');
        expect(done.result?.image_url).toMatch(/^\/media\//);
        expect(await charges(user)).toHaveLength(1);
        expect(await user.credits()).toBe(0);
        const history = (await user.get(INSPIRATION_ROUTES.historyPredictions(user.id))).json<Prediction[]>();
        expect(history).toHaveLength(1);
      },
      TEST_TIMEOUT,
    );

    it('tells the user of a failed run, charges nothing and offers the local retry', async () => {
      fake.reset();
      fake.behaviour.outcome = 'fail';
      const user = await studioUser(ctx, { credits: 1 });
      const response = await transform(ctx, user, { theme: 'bauhaus', control_image: photo() });
      const ended = await outcome(user, response);
      expect([502, 202]).toContain(ended.code);
      expect(ended.status).toBe('failed');
      expect(ended.detail).toMatch(/CUDA out of memory.*Nothing was charged.*local restyle/);
      expect(ended.retryLocal).toBe(true);
      expect(await charges(user)).toHaveLength(0);
      expect(await user.credits()).toBe(1);
      expect(await ctx.db.select().from(creditHolds).where(eq(creditHolds.userId, user.id))).toHaveLength(0);
    }, TEST_TIMEOUT);

    it('reports a removed model version clearly, and honours 429 Retry-After', async () => {
      fake.reset();
      fake.behaviour.removedVersion = true;
      const user = await studioUser(ctx, { credits: 2 });
      const removed = await outcome(user, await transform(ctx, user, { theme: 'rustic', control_image: photo() }));
      expect(removed.status).toBe('failed');
      expect(removed.detail).toMatch(/is not available at Replicate/);
      expect(await user.credits()).toBe(2);

      fake.reset();
      fake.behaviour.rateLimited = 1;
      const creates = fake.calls.creates;
      const started = Date.now();
      const limited = await transform(ctx, user, { theme: 'rustic', control_image: photo() });
      // Retry-After: 1 waited out, then created again: the result comes after the wait (202 or 200).
      expect([200, 202]).toContain(limited.statusCode);
      expect(fake.calls.creates - creates).toBe(2);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
      const jobId = limited.json<{ job_id: string }>().job_id;
      expect((await pollJob(user, jobId)).status).toBe('succeeded');
      expect(await user.credits()).toBe(1);
    }, TEST_TIMEOUT);

    it('keeps nothing of a failed run in storage but the photo it was given', async () => {
      const before = await ctx.db.select().from(media);
      fake.reset();
      fake.behaviour.outcome = 'fail';
      const user = await studioUser(ctx, { credits: 1 });
      await transform(ctx, user, { theme: 'bauhaus', control_image: photo() });
      const after = await ctx.db.select().from(media).where(eq(media.ownerId, user.id));
      expect(after.length).toBeLessThanOrEqual(1);
      expect(before.length).toBeGreaterThan(0);
    }, TEST_TIMEOUT);
  });
}

describe('Replicate webhook signatures', () => {
  const key = randomBytes(24);
  const secret = `whsec_${key.toString('base64')}`;
  it('accepts the documented scheme and refuses a changed body, another secret and an old timestamp', async () => {
    const fake = await startFakeReplicate({ token: 't' });
    try {
      const { createHmac } = await import('node:crypto');
      const now = Math.floor(Date.now() / 1000);
      const body = '{"id":"abc","status":"succeeded"}';
      const sign = (timestamp: number, text: string) =>
        `v1,${createHmac('sha256', key).update(`msg_1.${timestamp}.${text}`).digest('base64')}`;
      const headers = (timestamp: number, text = body) => ({
        'webhook-id': 'msg_1',
        'webhook-timestamp': String(timestamp),
        'webhook-signature': `v1,bm90IGl0 ${sign(timestamp, text)}`,
      });
      expect(verifyReplicateWebhook(headers(now), body, secret, now)).toBe(true);
      expect(verifyReplicateWebhook(headers(now), body.replace('succeeded', 'failed'), secret, now)).toBe(false);
      expect(verifyReplicateWebhook(headers(now), body, fake.webhookSecret, now)).toBe(false);
      expect(verifyReplicateWebhook(headers(now - 301), body, secret, now)).toBe(false);
      expect(verifyReplicateWebhook(headers(now + 301), body, secret, now)).toBe(false);
    } finally {
      await fake.close();
    }
  });
});
