import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the next predictions behave (set by a test before its call). */
export interface FakeBehaviour {
  /** How long a run takes at the "GPU". */
  durationMs: number;
  outcome: 'succeed' | 'fail';
  /** The first N creates answer 429 with Retry-After: 1. */
  rateLimited: number;
  /** The pinned version is gone: creates answer 422 (as Replicate does for an unknown version). */
  removedVersion: boolean;
}

interface FakePrediction {
  id: string;
  version: string | undefined;
  input: Record<string, unknown>;
  webhook: string | undefined;
  createdAt: number;
  durationMs: number;
  outcome: 'succeed' | 'fail';
  canceled: boolean;
  /** When the create call asked for a deadline (Cancel-After), in seconds. */
  cancelAfter: string | undefined;
}

/**
 * A loopback stand-in for Replicate's HTTP API (the network edge of the tests): create (`Prefer: wait`), get,
 * cancel, outputs served from its own URLs (deleted on demand, as Replicate deletes them after an hour), 429s,
 * a removed version, and signed webhook deliveries made with a real `whsec_` secret.
 */
export async function startFakeReplicate(options: { token: string }) {
  const secretKey = randomBytes(24);
  const webhookSecret = `whsec_${secretKey.toString('base64')}`;
  const predictions = new Map<string, FakePrediction>();
  const outputs = new Map<string, Buffer>();
  const behaviour: FakeBehaviour = { durationMs: 0, outcome: 'succeed', rateLimited: 0, removedVersion: false };
  const calls = { creates: 0, gets: 0, cancels: 0, outputs: 0, rateLimited: 0, preferHeaders: [] as string[], cancelAfter: [] as string[] };
  /** What the "model" makes of the input image: the test decides (a real image). */
  let render: (input: Record<string, unknown>) => Promise<Buffer> = async () => Buffer.alloc(0);

  const status = (p: FakePrediction) => {
    if (p.canceled) return 'canceled';
    if (Date.now() - p.createdAt < p.durationMs) return 'processing';
    return p.outcome === 'succeed' ? 'succeeded' : 'failed';
  };

  let baseUrl = '';
  const view = async (p: FakePrediction) => {
    const state = status(p);
    if (state === 'succeeded' && !outputs.has(p.id) && !p.id.startsWith('gone-')) outputs.set(p.id, await render(p.input));
    return {
      id: p.id,
      version: p.version,
      status: state,
      input: { prompt: p.input.prompt },
      output: state === 'succeeded' ? `${baseUrl}/delivery/${p.id}/out-0.png` : null,
      error: state === 'failed' ? 'CUDA out of memory' : null,
      urls: { get: `${baseUrl}/v1/predictions/${p.id}`, cancel: `${baseUrl}/v1/predictions/${p.id}/cancel` },
    };
  };

  const server = http.createServer(async (request, response) => {
    const send = (code: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(code, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', baseUrl);
    const delivery = /^\/delivery\/([^/]+)\/out-0\.png$/.exec(url.pathname);
    if (delivery?.[1]) {
      calls.outputs += 1;
      const bytes = outputs.get(delivery[1]);
      if (!bytes) return send(404, { detail: 'Not found' });
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(bytes.length) });
      return response.end(bytes);
    }
    if (request.headers.authorization !== `Bearer ${options.token}`) return send(401, { detail: 'Invalid token.' });
    if (request.method === 'POST' && (url.pathname === '/v1/predictions' || /^\/v1\/models\/[^/]+\/[^/]+\/predictions$/.test(url.pathname))) {
      calls.creates += 1;
      calls.preferHeaders.push(String(request.headers.prefer ?? ''));
      calls.cancelAfter.push(String(request.headers['cancel-after'] ?? ''));
      if (calls.rateLimited < behaviour.rateLimited) {
        calls.rateLimited += 1;
        return send(429, { detail: 'Request was throttled.' }, { 'retry-after': '1' });
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
        version?: string;
        input?: Record<string, unknown>;
        webhook?: string;
      };
      if (behaviour.removedVersion) return send(422, { detail: `Invalid version or not permitted: ${body.version}` });
      const prediction: FakePrediction = {
        id: randomUUID().replaceAll('-', '').slice(0, 26),
        version: body.version,
        input: body.input ?? {},
        webhook: body.webhook,
        createdAt: Date.now(),
        durationMs: behaviour.durationMs,
        outcome: behaviour.outcome,
        canceled: false,
        cancelAfter: request.headers['cancel-after'] as string | undefined,
      };
      predictions.set(prediction.id, prediction);
      // Prefer: wait=N holds the answer up to N seconds for a run that finishes by then.
      const wait = /wait=(\d+)/.exec(String(request.headers.prefer ?? ''));
      const holdMs = wait ? Number(wait[1]) * 1000 : 0;
      if (prediction.durationMs > 0 && prediction.durationMs <= holdMs) {
        await new Promise((resolve) => setTimeout(resolve, prediction.durationMs));
      }
      return send(201, await view(prediction));
    }
    const get = /^\/v1\/predictions\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && get?.[1]) {
      calls.gets += 1;
      const prediction = predictions.get(get[1]);
      return prediction ? send(200, await view(prediction)) : send(404, { detail: 'Not found.' });
    }
    const cancel = /^\/v1\/predictions\/([^/]+)\/cancel$/.exec(url.pathname);
    if (request.method === 'POST' && cancel?.[1]) {
      calls.cancels += 1;
      const prediction = predictions.get(cancel[1]);
      if (!prediction) return send(404, { detail: 'Not found.' });
      prediction.canceled = true;
      return send(200, await view(prediction));
    }
    return send(404, { detail: 'Not found.' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** The headers and body of a webhook delivery as Replicate sends it, signed with `secret` at `timestamp`. */
  function signedDelivery(body: string, options: { timestamp?: number; secret?: Buffer; id?: string } = {}) {
    const id = options.id ?? `msg_${randomUUID()}`;
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    const signature = createHmac('sha256', options.secret ?? secretKey)
      .update(`${id}.${timestamp}.${body}`)
      .digest('base64');
    return {
      headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` },
      body,
    };
  }

  return {
    url: baseUrl,
    webhookSecret,
    behaviour,
    calls,
    predictions,
    setRender(fn: typeof render) {
      render = fn;
    },
    /** The webhook Replicate would send now for a prediction (its current state), signed. */
    async webhookFor(id: string, options: { timestamp?: number; secret?: Buffer } = {}) {
      const prediction = predictions.get(id);
      if (!prediction) throw new Error(`no prediction ${id}`);
      return signedDelivery(JSON.stringify(await view(prediction)), options);
    },
    /** The run ends now (the "GPU" is done): a get or a webhook sees its final state from here on. */
    finish(id: string) {
      const prediction = predictions.get(id);
      if (prediction) prediction.durationMs = 0;
    },
    /** Replicate deletes outputs after an hour: this deletes them now. */
    deleteOutputs() {
      outputs.clear();
    },
    reset() {
      Object.assign(behaviour, { durationMs: 0, outcome: 'succeed', rateLimited: 0, removedVersion: false });
      calls.rateLimited = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeReplicate = Awaited<ReturnType<typeof startFakeReplicate>>;
