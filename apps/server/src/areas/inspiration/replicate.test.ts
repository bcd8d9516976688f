import { randomBytes } from 'node:crypto';
import { INSPIRATION_MESSAGES, INSPIRATION_ROUTES, type Prediction, type RestyleJob } from '@stagecraft/contracts';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditHolds, creditLedger, media } from '../../db/schema.ts';
import { createTestApp, engineSuiteKinds, type TestContext } from '../../../test/test-app.ts';
import { startFakeReplicate, type FakeReplicate } from '../../../test/fake-replicate.ts';
import { roomPhoto, studioUser, type StudioTestUser } from '../../../test/studio.ts';
import { transform } from '../../../test/inspiration.ts';
import { verifyReplicateWebhook } from './replicate.ts';

const TOKEN = 'r8_test_token';
const TEST_TIMEOUT = 30_000;

async function tinted(input: Record<string, unknown>): Promise<Buffer> {
  const sent = Buffer.from(String(input.image).split(',')[1] ?? '', 'base64');
  return sharp(sent).tint({ r: 230, g: 190, b: 150 }).png().toBuffer();
}

/**
 * What a remote model sometimes does: a window where the photo has plain wall. A two-pane window (white frame,
 * sky-blue glass) painted in the upper middle of the picture, over the bedroom's wall and ceiling.
 */
async function paintWindow(png: Buffer): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(png).metadata();
  const [x1, y1, x2, y2] = [Math.round(width * 0.4), Math.round(height * 0.12), Math.round(width * 0.58), Math.round(height * 0.38)];
  const frame = Math.max(3, Math.round((x2 - x1) * 0.05));
  const w = x2 - x1;
  const h = y2 - y1;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <rect width="${w}" height="${h}" fill="rgb(245,245,240)"/>
    <rect x="${frame}" y="${frame}" width="${w / 2 - frame * 1.5}" height="${h - 2 * frame}" fill="rgb(175,200,235)"/>
    <rect x="${w / 2 + frame / 2}" y="${frame}" width="${w / 2 - frame * 1.5}" height="${h - 2 * frame}" fill="rgb(175,200,235)"/>
  </svg>`;
  return sharp(png).composite([{ input: Buffer.from(svg), left: x1, top: y1 }]).png().toBuffer();
}

for (const kind of engineSuiteKinds()) {
  describe(`room inspiration with Replicate (loopback fake) [${kind}]`, () => {
    let fake: FakeReplicate;
    let handle: Awaited<ReturnType<typeof createTestApp>>;
    let ctx: TestContext;
    let room: Buffer;

    beforeAll(async () => {
      room = await roomPhoto('furnished_houses_101_bedroom.jpg', 320);
      fake = await startFakeReplicate({ token: TOKEN });
      // The "model": the photo it was sent, warmed, as a PNG (a real image, made at the network edge).
      fake.setRender(tinted);
      handle = await createTestApp(kind, {
        env: {
          REPLICATE_API_TOKEN: TOKEN,
          REPLICATE_API_URL: fake.url,
          REPLICATE_WEBHOOK_SECRET: fake.webhookSecret,
          // A slow run answers 202 after this wait (two tests wait it out); a quick one that outlasts it is polled.
          INSPIRATION_WAIT_SECONDS: '3',
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

    /** Replicate's webhook for a prediction as it stands now, signed (the fake's real secret). */
    async function lateDelivery(id: string) {
      const delivery = await fake.webhookFor(id);
      return { headers: delivery.headers, payload: delivery.body };
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
        expect(body.warning).toBeNull();
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

    it(
      'cancels a running job for its owner only: canceled at Replicate, nothing charged, a late result thrown away',
      async () => {
        fake.reset();
        fake.behaviour.durationMs = 600_000;
        const user = await studioUser(ctx, { credits: 1 });
        const stranger = await studioUser(ctx, { credits: 1 });
        const jobId = crypto.randomUUID();
        const response = await transform(ctx, user, { theme: 'coastal', control_image: photo(), job_id: jobId });
        expect(response.statusCode, response.body).toBe(202);
        expect(response.json<RestyleJob>().job_id).toBe(jobId);
        const id = [...fake.predictions.keys()].at(-1)!;
        const cancels = fake.calls.cancels;

        expect((await stranger.post(INSPIRATION_ROUTES.cancelJob(jobId), {})).statusCode).toBe(404);
        expect(fake.calls.cancels).toBe(cancels);
        const canceled = await user.post(INSPIRATION_ROUTES.cancelJob(jobId), {});
        expect(canceled.statusCode, canceled.body).toBe(200);
        expect(canceled.json<RestyleJob>()).toMatchObject({ status: 'canceled', credits_charged: 0, retry_local: false });
        expect(fake.calls.cancels).toBeGreaterThan(cancels);
        expect((await fake.webhookFor(id)).body).toContain('"status":"canceled"');
        // Twice is harmless; the job stays canceled and the credit is the user's again.
        expect((await user.post(INSPIRATION_ROUTES.cancelJob(jobId), {})).json<RestyleJob>().status).toBe('canceled');
        expect(await ctx.db.select().from(creditHolds).where(eq(creditHolds.userId, user.id))).toHaveLength(0);

        // A success arriving after the cancel (a webhook of the run) is not stored or charged.
        fake.predictions.get(id)!.canceled = false;
        fake.finish(id);
        const late = await ctx.app.inject({ method: 'POST', url: INSPIRATION_ROUTES.replicateWebhook, ...(await lateDelivery(id)) });
        expect(late.statusCode).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect((await user.get(INSPIRATION_ROUTES.job(jobId))).json<RestyleJob>()).toMatchObject({ status: 'canceled', credits_charged: 0 });
        expect(await charges(user)).toHaveLength(0);
        expect(await user.credits()).toBe(1);
        expect((await user.get(INSPIRATION_ROUTES.historyPredictions(user.id))).json<Prediction[]>()).toEqual([]);

        // The same id cannot name a second job; a finished job cannot be canceled.
        const reused = await transform(ctx, user, { theme: 'coastal', control_image: photo(), job_id: jobId });
        expect(reused.statusCode).toBe(400);
        expect(reused.json().job_id).toBeDefined();
        fake.reset();
        const quick = await transform(ctx, stranger, { theme: 'coastal', control_image: photo() });
        const quickId = quick.statusCode === 200 ? quick.json<{ job_id: string }>().job_id : (await pollJob(stranger, quick.json<RestyleJob>().job_id)).job_id;
        const finished = await stranger.post(INSPIRATION_ROUTES.cancelJob(quickId), {});
        expect(finished.statusCode).toBe(409);
        expect(await stranger.credits()).toBe(0);
      },
      TEST_TIMEOUT * 2,
    );

    it(
      'names the room type in the prompt: chosen on the page, or guessed from the photo’s objects',
      async () => {
        fake.reset();
        const user = await studioUser(ctx, { credits: 2 });
        const chosen = await outcome(user, await transform(ctx, user, { theme: 'japandi', control_image: photo(), room_type: 'home-office' }));
        expect(chosen.status).toBe('succeeded');
        expect(String([...fake.predictions.values()].at(-1)!.input.prompt)).toMatch(/^A Japandi home office, /);
        // Not chosen: the photo (a bedroom with its bed) says it.
        const guessed = await outcome(user, await transform(ctx, user, { theme: 'rustic', control_image: photo() }));
        expect(guessed.status).toBe('succeeded');
        expect(String([...fake.predictions.values()].at(-1)!.input.prompt)).toMatch(/^A Rustic bedroom, /);
        const bad = await transform(ctx, user, { theme: 'rustic', control_image: photo(), room_type: 'garage' });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().room_type).toBeDefined();
      },
      TEST_TIMEOUT * 2,
    );

    it(
      'warns on a result whose model painted in a window, and not on one that kept the room',
      async () => {
        fake.reset();
        const user = await studioUser(ctx, { credits: 2 });
        const kept = await outcome(user, await transform(ctx, user, { theme: 'bauhaus', control_image: photo() }));
        expect(kept.status).toBe('succeeded');
        const history = async () => (await user.get(INSPIRATION_ROUTES.historyPredictions(user.id))).json<Prediction[]>();
        expect((await history())[0]?.warning).toBeNull();

        fake.setRender(async (input) => {
          const sent = Buffer.from(String(input.image).split(',')[1] ?? '', 'base64');
          return paintWindow(await sharp(sent).tint({ r: 230, g: 190, b: 150 }).png().toBuffer());
        });
        try {
          const invented = await outcome(user, await transform(ctx, user, { theme: 'bauhaus', control_image: photo() }));
          expect(invented.status).toBe('succeeded');
          const [latest] = await history();
          expect(latest?.warning).toBe(INSPIRATION_MESSAGES.structureWarning);
          // Still the user's result, paid for once: the warning is for their eyes, not a failure.
          expect(await user.credits()).toBe(0);
        } finally {
          fake.setRender(tinted);
        }
      },
      TEST_TIMEOUT * 2,
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
      // Retry-After: 1 waited out, then created again: the result comes after the wait (202 or 200). The second
      // create is counted once the job is done: on a slow machine the photo's preparation and the wait together
      // can outlast the request's own wait (INSPIRATION_WAIT_SECONDS), and the answer is then a 202 before it.
      expect([200, 202]).toContain(limited.statusCode);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
      const jobId = limited.json<{ job_id: string }>().job_id;
      expect((await pollJob(user, jobId)).status).toBe('succeeded');
      expect(fake.calls.creates - creates).toBe(2);
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
