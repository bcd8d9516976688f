import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedStripeCall {
  method: string;
  path: string;
  params: URLSearchParams;
}

/**
 * A loopback fake of the few Stripe HTTP API calls the product makes (customers, Checkout Sessions, Billing
 * Portal sessions). The official SDK talks to it exactly as it talks to Stripe: form-encoded bodies, bearer key.
 */
export async function startFakeStripe() {
  const calls: RecordedStripeCall[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const path = (request.url ?? '').split('?')[0] ?? '';
      const params = new URLSearchParams(body);
      calls.push({ method: request.method ?? '', path, params });
      const reply = (status: number, payload: object) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
        response.end(JSON.stringify(payload));
      };
      if (request.headers.authorization !== 'Bearer sk_test_fake')
        return reply(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
      if (request.method === 'POST' && path === '/v1/customers') {
        return reply(200, {
          id: id('cus'),
          object: 'customer',
          email: params.get('email'),
          metadata: { user_id: params.get('metadata[user_id]') },
        });
      }
      if (request.method === 'POST' && path === '/v1/checkout/sessions') {
        const sessionId = id('cs_test');
        return reply(200, {
          id: sessionId,
          object: 'checkout.session',
          mode: params.get('mode'),
          url: `https://checkout.stripe.test/c/pay/${sessionId}`,
          customer: params.get('customer'),
        });
      }
      if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
        return reply(200, {
          id: id('bps'),
          object: 'billing_portal.session',
          url: `https://billing.stripe.test/p/session/${id('x')}`,
          customer: params.get('customer'),
        });
      }
      return reply(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${path})` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
