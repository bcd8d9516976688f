import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { INSPIRATION_MESSAGES, INSPIRATION_ROUTES, type Prediction, type RestyleJob } from '@stagecraft/contracts';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { creditHolds, creditLedger, jobs } from '../../db/schema.ts';
import { describeEachDatabase, type TestContext } from '../../../test/test-app.ts';
import { transform } from '../../../test/inspiration.ts';
import { roomPhoto, studioUser } from '../../../test/studio.ts';

/**
 * The engine shares a small machine with other work: a restyle gets more than the default 5 s (an empty room is
 * staged in 3D: room model, planner, meshes; over a minute under a load of 15).
 */
const ENGINE_TIMEOUT = 240_000;

/** A loopback host that counts what reaches it: an SSRF attempt must leave it at zero. */
async function countingHost(handler?: http.RequestListener, fixedPort = 0) {
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    if (handler) return handler(request, response);
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('internal secret');
  });
  await new Promise<void>((resolve) => server.listen(fixedPort, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { hits, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const ledgerOf = (ctx: TestContext, userId: number) =>
  ctx.db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.reason, 'inspiration_restyle')));

/** A free port the system hands out now: the allow-list is read when the app is built, before any test runs. (A
 * port derived from the pid once landed on 5432, PostgreSQL's, and the redirector could not listen.) */
async function freeLoopbackPort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
const REDIRECTOR_PORT = await freeLoopbackPort();

let room: Buffer;
beforeAll(async () => {
  room = await roomPhoto('empty_maateusx_furnish-before.jpg', 400);
});

const photo = () => ({ data: room, type: 'image/jpeg', name: 'room.jpg' });

async function finishedJob(user: { get(url: string): Promise<{ json<T>(): T }> }, jobId: string): Promise<RestyleJob> {
  const deadline = Date.now() + ENGINE_TIMEOUT;
  for (;;) {
    const job = (await user.get(INSPIRATION_ROUTES.job(jobId))).json<RestyleJob>();
    if (!['queued', 'running'].includes(job.status) || Date.now() > deadline) return job;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describeEachDatabase(
  'room inspiration (local provider)',
  (ctx) => {
    it(
      'restyles an uploaded photo, charges 1 credit once with the result, and lists it in the history',
      async () => {
        const user = await studioUser(ctx(), { credits: 3 });
        const response = await transform(ctx(), user, { theme: 'scandinavian', control_image: photo() });
        // 200 with the result, or on a loaded machine 202 after the wait, then the job.
        expect([200, 202], response.body).toContain(response.statusCode);
        const body =
          response.statusCode === 200
            ? response.json<Prediction & { job_id: string; credits_remaining: number }>()
            : { ...(await finishedJob(user, response.json<RestyleJob>().job_id)).result!, job_id: response.json<RestyleJob>().job_id };
        expect(body.provider).toBe('local');
        expect(body.theme).toBe('scandinavian');
        expect(body.warning).toBeNull();
        if ('credits_remaining' in body) expect(body.credits_remaining).toBe(2);
        expect(await user.credits()).toBe(2);
        expect(await ledgerOf(ctx(), user.id)).toHaveLength(1);

        // The result is a real image of the photo's size, and not the photo itself.
        const result = await ctx().app.inject({ method: 'GET', url: body.image_url });
        expect(result.statusCode).toBe(200);
        const meta = await sharp(result.rawPayload).metadata();
        const input = await sharp(room).metadata();
        expect([meta.width, meta.height]).toEqual([input.width, input.height]);
        const [a, b] = await Promise.all(
          [room, result.rawPayload].map((bytes) => sharp(bytes).resize(30, 40).raw().toBuffer()),
        );
        let difference = 0;
        for (let i = 0; i < a!.length; i += 1) difference += Math.abs(a![i]! - b![i]!);
        expect(difference / a!.length).toBeGreaterThan(3);

        const history = await user.get(INSPIRATION_ROUTES.historyPredictions(user.id));
        expect(history.statusCode).toBe(200);
        const items = history.json<Prediction[]>();
        expect(items.map((item) => item.prediction_id)).toEqual([body.prediction_id]);
        expect(items[0]?.source_image_url).toMatch(/^\/media\//);

        const job = await user.get(INSPIRATION_ROUTES.job(body.job_id));
        expect(job.json<RestyleJob>()).toMatchObject({ status: 'succeeded', progress: 1, credits_charged: 1, provider: 'local' });
        expect(await ctx().db.select().from(creditHolds).where(eq(creditHolds.userId, user.id))).toHaveLength(0);
      },
      ENGINE_TIMEOUT,
    );

    it('answers 403 when the path names another user, and 404 for another user’s job', async () => {
      const user = await studioUser(ctx(), { credits: 3 });
      const other = await studioUser(ctx(), { credits: 3 });
      expect((await user.get(INSPIRATION_ROUTES.historyPredictions(other.id))).statusCode).toBe(403);
      expect((await transform(ctx(), user, { theme: 'coastal', control_image: photo() }, other.id)).statusCode).toBe(403);
      const [job] = await ctx()
        .db.insert(jobs)
        .values({ id: crypto.randomUUID(), userId: other.id, kind: 'restyle', input: { theme: 'coastal' }, provider: 'local' })
        .returning();
      expect((await user.get(INSPIRATION_ROUTES.job(job!.id))).statusCode).toBe(404);
      expect((await other.get(INSPIRATION_ROUTES.job(job!.id))).statusCode).toBe(200);
      expect(await user.credits()).toBe(3);
    });

    it('refuses bad input with a clear 4xx and charges nothing', async () => {
      const user = await studioUser(ctx(), { credits: 3 });
      const none = await transform(ctx(), user, { theme: 'bohemian' });
      expect(none.statusCode).toBe(400);
      expect(none.json().detail).toBe(INSPIRATION_MESSAGES.imageRequired);

      const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(64)]);
      const refused = await transform(ctx(), user, { theme: 'bohemian', control_image: { data: heic, type: 'image/heic', name: 'a.heic' } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toBe(INSPIRATION_MESSAGES.heicNotSupported);

      // Checked by content: a text file named .jpg is not an image.
      const text = await transform(ctx(), user, {
        theme: 'bohemian',
        control_image: { data: Buffer.from('not an image at all'), type: 'image/jpeg', name: 'a.jpg' },
      });
      expect(text.statusCode).toBe(400);

      const theme = await transform(ctx(), user, { theme: 'gothic', control_image: photo() });
      expect(theme.statusCode).toBe(400);
      expect(theme.json().theme).toBeDefined();

      const both = await transform(ctx(), user, { theme: 'bohemian', control_image: photo(), image_url: 'https://example.com/a.jpg' });
      expect(both.statusCode).toBe(400);

      const remote = await transform(ctx(), user, { theme: 'bohemian', control_image: photo(), provider: 'replicate' });
      expect(remote.statusCode).toBe(400);

      const poor = await studioUser(ctx(), { credits: 0 });
      const broke = await transform(ctx(), poor, { theme: 'bohemian', control_image: photo() });
      expect(broke.statusCode).toBe(402);
      expect(broke.json().detail).toBe(INSPIRATION_MESSAGES.insufficientCredits);
      expect(await ctx().db.select().from(jobs).where(eq(jobs.userId, poor.id))).toHaveLength(0);
      expect(await user.credits()).toBe(3);
    });

    it('fetches image_url only from public addresses: loopback, private, a redirect into them and DNS to 127.0.0.1 fetch nothing', async () => {
      const user = await studioUser(ctx(), { credits: 3 });
      const target = await countingHost();
      // An allowed (test allow-list) host that redirects into the loopback target and a private address.
      const redirector = await countingHost((request, response) => {
        const to = request.url === '/to-private' ? 'http://10.0.0.1/photo.jpg' : `http://127.0.0.1:${target.port}/secret`;
        response.writeHead(302, { location: to });
        response.end();
      }, REDIRECTOR_PORT);
      try {
        const attempts = [
          `http://127.0.0.1:${target.port}/secret`,
          `http://localhost:${target.port}/secret`,
          `http://[::1]:${target.port}/secret`,
          `http://[::ffff:127.0.0.1]:${target.port}/secret`,
          'http://169.254.169.254/latest/meta-data/',
          'http://10.1.2.3/photo.jpg',
          'http://192.168.1.1/photo.jpg',
          `http://rebind.test:${target.port}/secret`,
          `http://127.0.0.1:${redirector.port}/to-loopback`,
          `http://127.0.0.1:${redirector.port}/to-private`,
          'ftp://example.com/photo.jpg',
          'file:///etc/passwd',
        ];
        for (const url of attempts) {
          const response = await transform(ctx(), user, { theme: 'bohemian', image_url: url });
          expect(response.statusCode, url).toBe(400);
          expect(response.json().image_url, url).toBeDefined();
        }
        expect(target.hits).toEqual([]);
        // The redirector was reached (it is allowed), and its redirects were refused.
        expect(redirector.hits.length).toBe(2);
        expect(await user.credits()).toBe(3);
      } finally {
        await Promise.all([target.close(), redirector.close()]);
      }
    });
  },
  {
    // Only the redirector may be fetched although it is on loopback (the documented test-only allow-list).
    env: { IMAGE_URL_TEST_ALLOW_HOSTS: `127.0.0.1:${REDIRECTOR_PORT}` },
    // A DNS server that answers 127.0.0.1 for every name (rebinding, or a hostile zone).
    resolve: async () => [{ address: '127.0.0.1', family: 4 }],
  },
);

describe('image_url test allow-list', () => {
  it('is refused in production', async () => {
    const { loadConfig } = await import('../../config.ts');
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), IMAGE_URL_TEST_ALLOW_HOSTS: '127.0.0.1:9999' }),
    ).toThrow(/IMAGE_URL_TEST_ALLOW_HOSTS/);
  });
});

