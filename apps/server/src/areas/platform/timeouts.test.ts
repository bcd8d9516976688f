import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';

let handle: Awaited<ReturnType<typeof createTestApp>>;
let port = 0;

beforeAll(async () => {
  handle = await createTestApp('pglite', { env: { REQUEST_TIMEOUT_SECONDS: '2' } });
  await handle.context.app.listen({ host: '127.0.0.1', port: 0 });
  port = (handle.context.app.server.address() as AddressInfo).port;
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

it('cuts off a body trickled a byte at a time once the request timeout is up', async () => {
  const socket = net.connect({ host: '127.0.0.1', port });
  const received: Buffer[] = [];
  socket.on('data', (chunk) => received.push(chunk));
  const startedAt = Date.now();
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - startedAt)));
  socket.write('POST /auth/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n');
  const trickle = setInterval(() => {
    if (!socket.destroyed) socket.write('{');
  }, 500);
  try {
    const elapsed = await Promise.race([closed, new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), 15_000))]);
    // Two seconds to send the request, checked every half second; without the timeout it stays open.
    expect(elapsed).toBeLessThan(6000);
    expect(Buffer.concat(received).toString()).toMatch(/^HTTP\/1\.1 408/);
  } finally {
    clearInterval(trickle);
    socket.destroy();
  }
});

it('still serves an ordinary request on the same server', async () => {
  const response = await fetch(`http://127.0.0.1:${port}/healthz`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
});
