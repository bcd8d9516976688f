import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { TooManyRequestsError } from './rate-limiter.ts';
import { connectRedis, type Redis } from './redis.ts';
import { RedisRateLimiter } from './redis-rate-limiter.ts';

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) console.warn('\n*** SKIPPED: the Redis rate-limiter tests need REDIS_URL (redis://127.0.0.1:6379). ***\n');

describe.skipIf(!redisUrl)('rate limiter shared through Redis', () => {
  // Two connections stand for two app instances; a key prefix of this run keeps other runs' windows apart.
  const keyPrefix = `stagecraft-test-limiter-${randomBytes(4).toString('hex')}:`;
  const connections: Redis[] = [];
  const instance = () => {
    const redis = connectRedis({ url: redisUrl ?? '', keyPrefix });
    connections.push(redis);
    return new RedisRateLimiter(redis);
  };
  const limit = { max: 2, windowMs: 60_000 };

  afterAll(async () => {
    const [first] = connections;
    if (first) {
      const keys = await first.keys(`${keyPrefix}*`);
      if (keys.length > 0) await first.del(...keys.map((key) => key.slice(keyPrefix.length)));
    }
    for (const redis of connections) redis.disconnect();
  });

  it('counts attempts on two instances in one window, keyed by digest and expiring with the window', async () => {
    const [a, b] = [instance(), instance()];
    const key = `login:email:${'a'.repeat(100_000)}@example.com`;
    await a.hit([{ key, limit }]);
    await b.hit([{ key, limit }]);
    const refused = await a.hit([{ key, limit }]).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect((refused as TooManyRequestsError).retryAfterSeconds).toBeGreaterThan(50);
    const [redis] = connections;
    const stored = (await redis!.keys(`${keyPrefix}*`)).map((name) => name.slice(keyPrefix.length));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/^rate:[0-9a-f]{64}$/);
    const ttl = await redis!.pttl(stored[0] ?? '');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(limit.windowMs);
  });

  it('checks a failure limit without counting, and a clear on one instance frees the other', async () => {
    const [a, b] = [instance(), instance()];
    const keys = [{ key: `failures:${randomBytes(4).toString('hex')}`, limit }];
    await a.assertAllowed(keys);
    await a.count(keys);
    await b.assertAllowed(keys);
    await b.count(keys);
    await expect(a.assertAllowed(keys)).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(b.assertAllowed(keys)).rejects.toBeInstanceOf(TooManyRequestsError);
    await b.clear(keys[0]?.key ?? '');
    await expect(a.assertAllowed(keys)).resolves.toBeUndefined();
  });
});
