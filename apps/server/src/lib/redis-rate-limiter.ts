import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { type LimitedKey, type Limiter, TooManyRequestsError } from './rate-limiter.ts';

/**
 * Counts one event in a fixed window and answers [count, milliseconds left]: the window opens (with its
 * expiry) on its first event, atomically, so two instances counting at once never lose an expiry.
 */
const COUNT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

/**
 * The rate limiter of several app instances: the same fixed windows as the in-process RateLimiter, kept in
 * Redis so that a client spreading attempts over instances meets one limit. Keys are SHA-256 digests (a 10 MB
 * e-mail costs 64 characters) and every window expires with itself, so Redis holds only live windows.
 */
export class RedisRateLimiter implements Limiter {
  constructor(
    private readonly redis: Redis,
    private readonly scale = 1,
  ) {}

  async hit(keys: LimitedKey[]): Promise<void> {
    let retryAfterMs = 0;
    for (const { key, limit } of keys) {
      const [count, ttl] = (await this.redis.eval(COUNT_SCRIPT, 1, storedKey(key), limit.windowMs)) as [number, number];
      if (count > limit.max * this.scale) retryAfterMs = Math.max(retryAfterMs, ttl);
    }
    if (retryAfterMs > 0) throw new TooManyRequestsError(retryAfterMs);
  }

  async assertAllowed(keys: LimitedKey[], headroom = 1): Promise<void> {
    let retryAfterMs = 0;
    for (const { key, limit } of keys) {
      const stored = storedKey(key);
      const [[, count], [, ttl]] = (await this.redis.multi().get(stored).pttl(stored).exec()) as [
        [Error | null, string | null],
        [Error | null, number],
      ];
      if (count !== null && ttl > 0 && Number(count) + headroom > limit.max * this.scale)
        retryAfterMs = Math.max(retryAfterMs, ttl);
    }
    if (retryAfterMs > 0) throw new TooManyRequestsError(retryAfterMs);
  }

  async count(keys: LimitedKey[]): Promise<void> {
    for (const { key, limit } of keys) await this.redis.eval(COUNT_SCRIPT, 1, storedKey(key), limit.windowMs);
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(storedKey(key));
  }
}

const storedKey = (key: string) => `rate:${createHash('sha256').update(key).digest('hex')}`;
