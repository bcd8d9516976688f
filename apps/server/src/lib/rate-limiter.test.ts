import { describe, expect, it } from 'vitest';
import { RateLimiter, TooManyRequestsError } from './rate-limiter.ts';

const limit = { max: 2, windowMs: 60_000 };

describe('rate limiter', () => {
  it('stores a digest of each key, never the key itself', () => {
    const limiter = new RateLimiter();
    const huge = `login:email:${'a'.repeat(1_000_000)}@example.com`;
    limiter.hit([{ key: huge, limit }]);
    expect(limiter.storedKeys()).toHaveLength(1);
    expect(limiter.storedKeys()[0]).toMatch(/^[0-9a-f]{64}$/);
    limiter.hit([{ key: huge, limit }]);
    expect(() => limiter.hit([{ key: huge, limit }])).toThrow(TooManyRequestsError);
  });

  it('holds at most its cap of windows, forgetting the oldest first', () => {
    const limiter = new RateLimiter(1, Date.now, 1000);
    for (let index = 0; index < 5000; index += 1) limiter.hit([{ key: `ip:${index}`, limit }]);
    expect(limiter.size).toBeLessThanOrEqual(1000);
    // The newest keys are still counted; the first ones were evicted and start afresh.
    limiter.hit([{ key: 'ip:4999', limit }]);
    expect(() => limiter.hit([{ key: 'ip:4999', limit }])).toThrow(TooManyRequestsError);
    limiter.hit([{ key: 'ip:0', limit }]);
    expect(() => limiter.hit([{ key: 'ip:0', limit }])).not.toThrow();
  });

  it('checks a failure limit without counting, and counts only what the caller records', () => {
    let now = 0;
    const limiter = new RateLimiter(1, () => now);
    const keys = [{ key: 'failures', limit }];
    limiter.assertAllowed(keys);
    limiter.count(keys);
    limiter.assertAllowed(keys);
    limiter.count(keys);
    expect(() => limiter.assertAllowed(keys)).toThrow(TooManyRequestsError);
    now += limit.windowMs;
    expect(() => limiter.assertAllowed(keys)).not.toThrow();
  });
});
