import { createHash } from 'node:crypto';
import { HttpError } from './http-errors.ts';

export interface RateLimit {
  /** Requests allowed in one window. */
  max: number;
  windowMs: number;
}

export interface LimitedKey {
  key: string;
  limit: RateLimit;
}

/**
 * What the areas limit with: the in-process RateLimiter (one server) or RedisRateLimiter (several instances
 * sharing windows). Callers await every call; the in-process one answers at once.
 */
export interface Limiter {
  /** Counts one attempt under every key; throws 429 if any of them is over its limit. */
  hit(keys: LimitedKey[]): void | Promise<void>;
  /** Throws 429 if any key already used up its window (less `headroom`), without counting. */
  assertAllowed(keys: LimitedKey[], headroom?: number): void | Promise<void>;
  /** Counts one event under every key. */
  count(keys: LimitedKey[]): void | Promise<void>;
  /** Forgets a key's window. */
  clear(key: string): void | Promise<void>;
}

/** Counters kept at most; past it the oldest windows go first (a flood of fresh keys cannot grow memory). */
export const RATE_LIMITER_MAX_ENTRIES = 100_000;

/**
 * Fixed-window counters in memory. Ours rather than @fastify/rate-limit because the account calls limit
 * on two keys at once (the client's IP and the e-mail in the body), which that plugin's one key per route
 * cannot express. One process holds the counters; several instances use RedisRateLimiter (REDIS_URL).
 *
 * Keys are stored as their SHA-256, so a long e-mail in a key costs 64 characters, and never more than
 * `maxEntries` windows are kept.
 */
export class RateLimiter implements Limiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  /**
   * `scale` multiplies every limit: operators of a busy shared office IP raise it, and the end-to-end suite,
   * whose every browser comes from 127.0.0.1, runs with a larger one.
   */
  constructor(
    private readonly scale = 1,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = RATE_LIMITER_MAX_ENTRIES,
  ) {}

  /** Counts one attempt under every key; throws 429 if any of them is over its limit. */
  hit(keys: LimitedKey[]): void {
    this.count(keys);
    this.assertAllowed(keys, 0);
  }

  /**
   * Throws 429 if any key already used up its window, without counting: for limits on failures, checked
   * before the attempt and counted only when it fails.
   */
  assertAllowed(keys: LimitedKey[], headroom = 1): void {
    const now = this.now();
    let retryAfterMs = 0;
    for (const { key, limit } of keys) {
      const window = this.windows.get(digest(key));
      if (window && window.resetAt > now && window.count + headroom > limit.max * this.scale)
        retryAfterMs = Math.max(retryAfterMs, window.resetAt - now);
    }
    if (retryAfterMs > 0) throw new TooManyRequestsError(retryAfterMs);
  }

  /** Counts one event under every key. */
  count(keys: LimitedKey[]): void {
    const now = this.now();
    for (const { key, limit } of keys) {
      const stored = digest(key);
      let window = this.windows.get(stored);
      if (!window || window.resetAt <= now) {
        // Re-inserted, so that the map's order stays the order in which windows opened.
        this.windows.delete(stored);
        window = { count: 0, resetAt: now + limit.windowMs };
        this.windows.set(stored, window);
      }
      window.count += 1;
    }
    if (this.windows.size > this.maxEntries) this.evict(now);
  }

  /** Forgets a key's window (a success that clears earlier failures). */
  clear(key: string): void {
    this.windows.delete(digest(key));
  }

  /** How many windows are held: for tests and metrics. */
  get size(): number {
    return this.windows.size;
  }

  /** The keys as stored (digests): for tests. */
  storedKeys(): string[] {
    return [...this.windows.keys()];
  }

  /** Drops ended windows, then the oldest, down to 90% of the cap so that the sweep is not paid on every call. */
  private evict(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    const target = Math.floor(this.maxEntries * 0.9);
    for (const key of this.windows.keys()) {
      if (this.windows.size <= target) break;
      this.windows.delete(key);
    }
  }
}

const digest = (key: string) => createHash('sha256').update(key).digest('hex');

export class TooManyRequestsError extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterMs: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    const wait = seconds >= 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
    super(429, `Too many attempts. Please wait ${wait} and try again.`);
    this.retryAfterSeconds = seconds;
  }
}
