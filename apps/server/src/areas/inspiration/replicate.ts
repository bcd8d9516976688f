import { createHmac, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EngineJob, StudioEngine } from '../studio/engine.ts';
import { type GenerativeProvider, ProviderError, type RestyleOutcome } from './providers.ts';
import { guessRoomType, NEGATIVE_PROMPT, themePrompt } from './themes.ts';

/** A prediction as Replicate's HTTP API answers it (the fields we read). */
export interface ReplicatePrediction {
  id: string;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled' | 'aborted';
  output?: unknown;
  error?: unknown;
  urls?: { get?: string; cancel?: string };
}

const FINAL = new Set(['succeeded', 'failed', 'canceled', 'aborted']);

export interface ReplicateOptions {
  apiUrl: string;
  apiToken: string;
  /** `owner/name:version` (pinned) or `owner/name` (the model's latest version). */
  model: string;
  /** Where Replicate should call when a prediction completes; null: polling only (no public URL). */
  webhookUrl: string | null;
  /** Between polls; with a webhook, polls are only the fallback and come less often. */
  pollIntervalMs?: number;
  /** How long a run may take at Replicate before it cancels it (`Cancel-After`); also our own deadline. */
  deadlineMs?: number;
  /** Seconds to hold the create call open for a quick result (`Prefer: wait`). */
  preferWaitSeconds?: number;
  /** 429s honoured (waiting Retry-After) before giving up. */
  maxRateLimitRetries?: number;
  /** Largest output we copy. */
  maxOutputBytes?: number;
  engine: StudioEngine;
}

/** The long side of the photo sent: the model works at 768 px; a data URL of this size stays well under 1 MB. */
const INPUT_LONG_SIDE = 1024;

/**
 * The `replicate` adapter: adirik/interior-design (or the configured model) with the theme's prompt. Creates the
 * prediction holding the call open (`Prefer: wait`), then waits for the webhook or polls, whichever answers
 * first; cancels at Replicate when our job is canceled or its deadline passes. The output is copied at once
 * (Replicate deletes outputs after an hour). Every failure is a ProviderError in words for the user.
 */
export function createReplicateProvider(options: ReplicateOptions) {
  const pollMs = options.pollIntervalMs ?? (options.webhookUrl ? 15_000 : 2_000);
  const deadlineMs = options.deadlineMs ?? 10 * 60 * 1000;
  const preferWait = options.preferWaitSeconds ?? 55;
  const maxRetries = options.maxRateLimitRetries ?? 3;
  const maxOutputBytes = options.maxOutputBytes ?? 25 * 1024 * 1024;
  const [modelName, version] = options.model.split(':') as [string, string | undefined];
  /** Waiters of running predictions, woken by a verified webhook. */
  const waiters = new Map<string, (prediction: ReplicatePrediction) => void>();

  const headers = (extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${options.apiToken}`,
    'content-type': 'application/json',
    ...extra,
  });

  /** One API call, 429s waited out (Retry-After), other failures in words. */
  async function call(path: string, init: RequestInit & { signal: AbortSignal }): Promise<ReplicatePrediction> {
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        response = await fetch(path.startsWith('http') ? path : `${options.apiUrl}${path}`, init);
      } catch (error) {
        if (init.signal.aborted) throw error;
        throw new ProviderError('Replicate could not be reached.', true);
      }
      if (response.status === 429 && attempt < maxRetries) {
        await response.body?.cancel();
        const retryAfter = Number(response.headers.get('retry-after'));
        await sleep(Math.min(60, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 2) * 1000, undefined, {
          signal: init.signal,
        });
        continue;
      }
      if (response.ok) return (await response.json()) as ReplicatePrediction;
      const detail = await response.text().catch(() => '');
      if (response.status === 401 || response.status === 403) throw new ProviderError('Replicate refused the API token.', true);
      if (response.status === 404 || response.status === 422) {
        throw new ProviderError(
          `The model ${options.model} is not available at Replicate (removed, or its inputs changed).`,
          true,
        );
      }
      if (response.status === 429) throw new ProviderError('Replicate is rate-limiting this account; try again later.', true);
      throw new ProviderError(`Replicate answered ${response.status}${detail ? `: ${detail.slice(0, 200)}` : ''}.`, true);
    }
  }

  /** Waits for a final state: a webhook (woken through `waiters`) or the next poll, until the deadline. */
  async function settle(prediction: ReplicatePrediction, signal: AbortSignal, deadline: number): Promise<ReplicatePrediction> {
    let current = prediction;
    while (!FINAL.has(current.status)) {
      if (Date.now() > deadline) {
        await cancel(current).catch(() => {});
        throw new ProviderError('Replicate did not finish in time.', true);
      }
      const woken = new Promise<ReplicatePrediction | null>((resolve) => {
        waiters.set(current.id, resolve);
        setTimeout(() => resolve(null), pollMs).unref();
        signal.addEventListener('abort', () => resolve(null), { once: true });
      });
      const hooked = await woken;
      waiters.delete(current.id);
      if (signal.aborted) {
        await cancel(current).catch(() => {});
        throw signal.reason ?? new Error('aborted');
      }
      current = hooked ?? (await call(current.urls?.get ?? `/v1/predictions/${current.id}`, { method: 'GET', headers: headers(), signal }));
    }
    return current;
  }

  async function cancel(prediction: ReplicatePrediction): Promise<void> {
    const response = await fetch(prediction.urls?.cancel ?? `${options.apiUrl}/v1/predictions/${encodeURIComponent(prediction.id)}/cancel`, {
      method: 'POST',
      headers: headers(),
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
  }

  /** A final prediction: its output copied, or its failure in words. */
  async function finish(final: ReplicatePrediction, job: { onProgress?: (fraction: number) => void }, signal: AbortSignal) {
    if (final.status !== 'succeeded') {
      const reason = typeof final.error === 'string' && final.error ? final.error : `the prediction ${final.status}`;
      throw new ProviderError(`Replicate: ${reason.slice(0, 300)}.`, true);
    }
    job.onProgress?.(0.9);
    return { image: await copyOutput(final, signal), furniture: [], note: `replicate ${options.model}` };
  }

  /** The output image copied into our hands now (its URL expires), checked for size. */
  async function copyOutput(prediction: ReplicatePrediction, signal: AbortSignal): Promise<Uint8Array> {
    const output = Array.isArray(prediction.output) ? prediction.output.at(-1) : prediction.output;
    if (typeof output !== 'string' || !/^(https?:|data:)/.test(output)) {
      throw new ProviderError('Replicate finished without an image.', true);
    }
    let response: Response;
    try {
      response = await fetch(output, { signal: AbortSignal.any([signal, AbortSignal.timeout(60_000)]) });
    } catch {
      throw new ProviderError('The result could not be copied from Replicate.', true);
    }
    if (!response.ok) throw new ProviderError(`The result could not be copied from Replicate (${response.status}).`, true);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length === 0 || bytes.length > maxOutputBytes) throw new ProviderError('Replicate returned an unusable image.', true);
    return bytes;
  }

  const provider: GenerativeProvider & {
    /** A verified webhook's prediction: wakes the job waiting for it in this process; false when none is. */
    deliver(prediction: ReplicatePrediction): boolean;
    /** Takes up a prediction created before a restart (its job's `remote_id`) until it ends, as `restyle` would. */
    resume(request: { remoteId: string; startedAt: number; job: EngineJob; signal: AbortSignal }): Promise<RestyleOutcome>;
    /** Cancels a prediction at Replicate (a canceled job's run: nothing is charged for it). */
    cancelRemote(remoteId: string): Promise<void>;
  } = {
    name: 'replicate',
    async restyle({ image, theme, roomType, job, signal, onRemoteId }) {
      const fitted = await options.engine.fitJpeg(image, INPUT_LONG_SIDE, job);
      // Not chosen: the objects of the (small) photo say which room it is, when they say it clearly.
      const room = roomType ?? guessRoomType((await options.engine.detectObjects(fitted, job)).map((d) => d.class_name));
      const input = {
        image: `data:image/jpeg;base64,${Buffer.from(fitted).toString('base64')}`,
        prompt: themePrompt(theme, room),
        negative_prompt: NEGATIVE_PROMPT,
        num_inference_steps: 50,
        guidance_scale: 15,
        prompt_strength: 0.8,
      };
      const body = {
        ...(version ? { version } : {}),
        input,
        ...(options.webhookUrl ? { webhook: options.webhookUrl, webhook_events_filter: ['completed'] } : {}),
      };
      const path = version ? '/v1/predictions' : `/v1/models/${modelName}/predictions`;
      const deadline = Date.now() + deadlineMs;
      job.onProgress?.(0.05);
      const created = await call(path, {
        method: 'POST',
        headers: headers({ prefer: `wait=${preferWait}`, 'cancel-after': `${Math.round(deadlineMs / 1000)}s` }),
        body: JSON.stringify(body),
        signal,
      });
      await onRemoteId?.(created.id);
      job.onProgress?.(0.5);
      return finish(await settle(created, signal, deadline), job, signal);
    },
    async resume({ remoteId, startedAt, job, signal }) {
      // A prediction this server created before it restarted: its state now, then the same wait as a new one's.
      const current = await call(`/v1/predictions/${encodeURIComponent(remoteId)}`, { method: 'GET', headers: headers(), signal });
      job.onProgress?.(0.5);
      return finish(await settle(current, signal, startedAt + deadlineMs), job, signal);
    },
    async cancelRemote(remoteId) {
      await cancel({ id: remoteId, status: 'processing' });
    },
    deliver(prediction) {
      const waiter = waiters.get(prediction.id);
      if (!waiter) return false;
      waiter(prediction);
      return true;
    },
  };
  return provider;
}
export type ReplicateProvider = ReturnType<typeof createReplicateProvider>;

/** How old a webhook may be (and how far ahead of our clock): replays outside it are refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/**
 * Verifies a Replicate webhook (the Standard Webhooks scheme): `webhook-signature` holds one or more `v1,<base64>`
 * HMAC-SHA256 signatures of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the base64 part of the `whsec_`
 * secret; the timestamp must be within 5 minutes of now.
 */
export function verifyReplicateWebhook(
  headers: Record<string, string | string[] | undefined>,
  body: string,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const one = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const id = one('webhook-id');
  const timestamp = one('webhook-timestamp');
  const signatures = one('webhook-signature');
  if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const key = Buffer.from(secret.slice(secret.indexOf('_') + 1), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.split(' ').some((entry) => {
    const [versionTag, signature] = entry.split(',');
    if (versionTag !== 'v1' || !signature) return false;
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
