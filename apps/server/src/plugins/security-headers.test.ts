import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.ts';

async function headersFor(appUrl: string) {
  const app = Fastify();
  await app.register(securityHeaders, { appUrl });
  app.get('/json', async () => ({ ok: true }));
  const [json, missing] = await Promise.all([app.inject({ url: '/json' }), app.inject({ url: '/nothing' })]);
  await app.close();
  return { json: json.headers, missing: missing.headers };
}

describe('security headers', () => {
  it('sends a strict CSP, no framing, no referrer and nosniff on every response, and no HSTS over http', async () => {
    const { json, missing } = await headersFor('http://127.0.0.1:8080');
    for (const headers of [json, missing]) {
      const csp = String(headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp.split(/[ ;]+/)).not.toContain("'unsafe-eval'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('adds HSTS and upgrades insecure requests when the public URL is https', async () => {
    const { json } = await headersFor('https://staging.example.com');
    expect(json['strict-transport-security']).toBe('max-age=15552000');
    expect(String(json['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});
