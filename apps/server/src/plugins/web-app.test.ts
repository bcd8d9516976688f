import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { webApp } from './web-app.ts';

const html = { accept: 'text/html,application/xhtml+xml' };
const script = `console.log(${JSON.stringify('landing '.repeat(300))});`;

let distDir: string;
let app: FastifyInstance;

function writeShell(body: string) {
  writeFileSync(path.join(distDir, 'index.html'), `<!doctype html><div id="root"></div>${body}`);
}

beforeEach(async () => {
  distDir = mkdtempSync(path.join(os.tmpdir(), 'stagecraft-web-app-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeShell('<script src="/assets/index-aaa111.js"></script>');
  // As the build writes them: the file, and its brotli and gzip copies beside it.
  const file = path.join(distDir, 'assets', 'index-aaa111.js');
  writeFileSync(file, script);
  writeFileSync(`${file}.br`, brotliCompressSync(script));
  writeFileSync(`${file}.gz`, gzipSync(script));
  app = Fastify({ logger: false });
  await app.register(webApp, { distDir });
  await app.ready();
});

afterEach(async () => {
  vi.useRealTimers();
  await app.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('web app assets', () => {
  it('sends the brotli copy to a browser that accepts it, gzip to one that does not, plain to the rest', async () => {
    const url = '/assets/index-aaa111.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('serves an asset a rebuild wrote after the server started', async () => {
    writeFileSync(path.join(distDir, 'assets', 'index-bbb222.js'), 'console.log("new")');
    const response = await app.inject({ method: 'GET', url: '/assets/index-bbb222.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("new")');
  });

  it('answers a missing asset with a JSON 404, not the page shell', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-gone00.js', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('web app shell', () => {
  it('reads the shell again once a rebuild changed it on disk', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const before = await app.inject({ method: 'GET', url: '/app/history', headers: html });
    expect(before.body).toContain('index-aaa111.js');

    writeShell('<script src="/assets/index-bbb222.js"></script><!-- a longer shell from the new build -->');
    vi.setSystemTime(Date.now() + 1500);
    const after = await app.inject({ method: 'GET', url: '/app/history', headers: html });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('index-bbb222.js');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // A browser holding the old shell's etag gets the new one, not a 304.
    const revalidated = await app.inject({
      method: 'GET',
      url: '/app/history',
      headers: { ...html, 'if-none-match': String(before.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(200);
    expect(revalidated.body).toContain('index-bbb222.js');
  });

  it('keeps serving the last shell while a build has removed it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    rmSync(path.join(distDir, 'index.html'));
    vi.setSystemTime(Date.now() + 1500);
    const response = await app.inject({ method: 'GET', url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('index-aaa111.js');
  });
});
