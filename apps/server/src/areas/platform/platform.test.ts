import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/test-app.ts';

const webDist = mkdtempSync(path.join(os.tmpdir(), 'stagecraft-web-dist-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Stagecraft</title><div id="root"></div>');
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log("app")');

const html = { accept: 'text/html,application/xhtml+xml' };

describeEachDatabase(
  'platform',
  (ctx) => {
    it('answers the health check once the database is migrated', async () => {
      const response = await ctx().app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    });

    it('answers unknown API paths with a JSON 404, even from a browser', async () => {
      for (const url of ['/api/no-such-call/', '/api/', '/auth/nothing/']) {
        const response = await ctx().app.inject({ method: 'GET', url, headers: html });
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type']).toContain('application/json');
        expect(response.json()).toEqual({ detail: 'Not found.' });
      }
    });

    it('serves the single-page app for client routes, and its assets with a long cache', async () => {
      for (const url of ['/', '/app/login', '/staging/living-room', '/no/such/page']) {
        const response = await ctx().app.inject({ method: 'GET', url, headers: html });
        expect(response.statusCode, url).toBe(200);
        expect(response.body).toContain('<div id="root">');
      }
      const first = await ctx().app.inject({ method: 'GET', url: '/app', headers: html });
      expect(first.headers['cache-control']).toBe('no-cache');
      const revalidated = await ctx().app.inject({
        method: 'GET',
        url: '/app',
        headers: { ...html, 'if-none-match': String(first.headers.etag) },
      });
      expect(revalidated.statusCode).toBe(304);
      const asset = await ctx().app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
    });

    it('does not answer non-browser requests for unknown paths with HTML', async () => {
      const response = await ctx().app.inject({ method: 'POST', url: '/app/login', headers: html });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    });

    it('publishes an OpenAPI document and a browsable reference', async () => {
      const spec = await ctx().app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(spec.statusCode).toBe(200);
      const document = spec.json<{ openapi: string; paths: Record<string, unknown> }>();
      expect(document.openapi).toMatch(/^3\./);
      expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/healthz', '/api/config/']));
      const docs = await ctx().app.inject({ method: 'GET', url: '/api/docs/' });
      expect(docs.statusCode).toBe(200);
      expect(docs.body).toContain('swagger');
    });

    it('tells the client which optional services are on', async () => {
      const response = await ctx().app.inject({ method: 'GET', url: '/api/config/' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        google_sign_in: { enabled: false, authorization_url: null },
        payments_mode: 'test',
        dev_mailbox: true,
      });
    });

    it('lists mail written to the outbox in the development mailbox, with its links', async () => {
      const { mailer, app } = ctx();
      await mailer.send({
        to: 'reader@example.com',
        subject: 'First',
        text: 'Open http://127.0.0.1:8080/app/auth/confirm-email/abc now.',
      });
      await mailer.send({ to: 'reader@example.com', subject: 'Second', text: 'No links here.' });
      const response = await app.inject({ method: 'GET', url: '/api/dev/mailbox/' });
      expect(response.statusCode).toBe(200);
      const { messages } = response.json<{ messages: Array<{ subject: string; to: string; links: string[] }> }>();
      expect(messages.map((message) => message.subject).slice(0, 2)).toEqual(['Second', 'First']);
      expect(messages[1]).toMatchObject({
        to: 'reader@example.com',
        links: ['http://127.0.0.1:8080/app/auth/confirm-email/abc'],
      });
    });

    it('answers the development mailbox only to a socket on this machine, whatever X-Forwarded-For says', async () => {
      const { app } = ctx();
      expect((await app.inject({ method: 'GET', url: '/api/dev/mailbox/', remoteAddress: '::1' })).statusCode).toBe(200);
      const remote = await app.inject({
        method: 'GET',
        url: '/api/dev/mailbox/',
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(remote.statusCode).toBe(404);
      expect(remote.body).not.toContain('confirm-email');
      const config = await app.inject({ method: 'GET', url: '/api/config/', remoteAddress: '203.0.113.9' });
      expect(config.json().dev_mailbox).toBe(false);
    });
  },
  { webDistDir: webDist },
);

describeEachDatabase(
  'platform in production',
  (ctx) => {
    it('has no development mailbox', async () => {
      const response = await ctx().app.inject({ method: 'GET', url: '/api/dev/mailbox/' });
      expect(response.statusCode).toBe(404);
    });
  },
  { env: { NODE_ENV: 'production' } },
);

describeEachDatabase(
  'platform listening beyond loopback with DEV_MAILBOX=true, behind a trusted proxy',
  (ctx) => {
    it('has the development mailbox for loopback sockets only, whatever X-Forwarded-For claims', async () => {
      const { app } = ctx();
      expect((await app.inject({ method: 'GET', url: '/api/dev/mailbox/' })).statusCode).toBe(200);
      const remote = await app.inject({
        method: 'GET',
        url: '/api/dev/mailbox/',
        remoteAddress: '10.1.2.3',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(remote.statusCode).toBe(404);
    });
  },
  { env: { HOST: '0.0.0.0', DEV_MAILBOX: 'true', TRUST_PROXY: 'true' } },
);
