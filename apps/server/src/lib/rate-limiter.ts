import { HttpError } from './http-errors.ts';

export interface RateLimit {
  /** Requests allowed in one window. */
  max: number;
  windowMs: number;
}

/**
 * Fixed-window counters in memory. Ours rather than @fastify/rate-limit because the account calls limit
 * on two keys at once (the client's IP and the e-mail in the body), which that plugin's one key per route
 * cannot express. One process holds the counters; a multi-instance deployment would move them to Redis.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  /**
   * `scale` multiplies every limit: operators of a busy shared office IP raise it, and the end-to-end suite,
   * whose every browser comes from 127.0.0.1, runs with a larger one.
   */
  constructor(
    private readonly scale = 1,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt under every key; throws 429 if any of them is over its limit. */
  hit(keys: Array<{ key: string; limit: RateLimit }>): void {
    const now = this.now();
    let retryAfterMs = 0;
    for (const { key, limit } of keys) {
      let window = this.windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + limit.windowMs };
        this.windows.set(key, window);
      }
      window.count += 1;
      if (window.count > limit.max * this.scale) retryAfterMs = Math.max(retryAfterMs, window.resetAt - now);
    }
    if (this.windows.size > 50_000) this.sweep(now);
    if (retryAfterMs > 0) throw new TooManyRequestsError(retryAfterMs);
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

export class TooManyRequestsError extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterMs: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    const wait = seconds >= 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
    super(429, `Too many attempts. Please wait ${wait} and try again.`);
    this.retryAfterSeconds = seconds;
  }
}
