import { STUDIO_ROUTES, progressResponse, type ProgressResponse } from '@stagecraft/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/**
 * The progress of a long call (the project's addition to the spec): the client names the job with a
 * `progress_id` it makes up and reads this while the call runs.
 */
export function getProgress(progressId: string, { signal }: { signal?: AbortSignal } = {}): Promise<ProgressResponse> {
  return apiClient.get(STUDIO_ROUTES.progress(progressId), { schema: progressResponse, signal });
}

export const PROGRESS_POLL_MS = 500;

/**
 * Polls a job's progress until `stop` is called. Polls one at a time (the next waits for the answer), and a
 * failed poll only skips a beat: the job may not be registered yet, and the bar is a comfort, not the result.
 */
export function pollProgress(progressId: string, onProgress: (fraction: number) => void): () => void {
  const controller = new AbortController();
  let timer: number | undefined;
  const tick = async () => {
    try {
      const answer = await getProgress(progressId, { signal: controller.signal });
      onProgress(answer.progress);
    } catch {
      // See above: keep polling.
    }
    if (!controller.signal.aborted) timer = window.setTimeout(() => void tick(), PROGRESS_POLL_MS);
  };
  timer = window.setTimeout(() => void tick(), PROGRESS_POLL_MS);
  return () => {
    controller.abort();
    window.clearTimeout(timer);
  };
}

/** A UUID for `progress_id`; `crypto.randomUUID` exists only in secure contexts (a LAN install on http). */
export function newProgressId(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Follows a call's progress: a `progress_id` to send with it, and `stop` once it answered. Only values above 0
 * are reported, so an engine step that reports nothing keeps an indeterminate bar instead of a bar stuck at 0.
 */
export function followProgress(onProgress: (fraction: number) => void): { progressId: string; stop: () => void } {
  const progressId = newProgressId();
  const stop = pollProgress(progressId, (fraction) => {
    if (fraction > 0) onProgress(fraction);
  });
  return { progressId, stop };
}
