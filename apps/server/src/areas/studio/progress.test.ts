import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { connectRedis, type Redis } from '../../lib/redis.ts';
import { MemoryProgressBoard, RedisProgressBoard } from './progress.ts';

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) console.warn('\n*** SKIPPED: the shared progress tests need REDIS_URL (redis://127.0.0.1:6379). ***\n');

const quiet = { warn: () => {} };
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('progress of studio calls', () => {
  it('in memory: the owner reads it, anyone else gets 404', async () => {
    const board = new MemoryProgressBoard();
    const id = randomUUID();
    const handle = await board.start(1, id);
    handle?.running(0.4);
    expect(await board.read(1, id)).toEqual({ success: true, progress: 0.4, status: 'running' });
    await expect(board.read(2, id)).rejects.toMatchObject({ statusCode: 404 });
    expect(await board.start(2, id)).toBeNull();
  });

  describe.skipIf(!redisUrl)('shared through Redis', () => {
    const keyPrefix = `stagecraft-test-progress-${randomBytes(4).toString('hex')}:`;
    const connections: Redis[] = [];
    const instance = () => {
      const redis = connectRedis({ url: redisUrl ?? '', keyPrefix });
      connections.push(redis);
      return new RedisProgressBoard(redis, quiet);
    };
    afterAll(async () => {
      const [first] = connections;
      const keys = first ? await first.keys(`${keyPrefix}*`) : [];
      if (first && keys.length > 0) await first.del(...keys.map((key) => key.slice(keyPrefix.length)));
      for (const redis of connections) redis.disconnect();
    });

    it('a call followed on one instance is read on another; a stranger gets 404 and cannot take the id', async () => {
      const [a, b] = [instance(), instance()];
      const id = randomUUID();
      const handle = await a.start(7, id);
      expect(await b.read(7, id)).toEqual({ success: true, progress: 0, status: 'queued' });
      handle?.running(0.25);
      await settle();
      expect(await b.read(7, id)).toEqual({ success: true, progress: 0.25, status: 'running' });
      handle?.done();
      await settle();
      expect(await b.read(7, id)).toEqual({ success: true, progress: 1, status: 'done' });
      await expect(b.read(8, id)).rejects.toMatchObject({ statusCode: 404 });
      await expect(b.read(7, randomUUID())).rejects.toMatchObject({ statusCode: 404 });
      expect(await b.start(8, id)).toBeNull();
      const [redis] = connections;
      expect(await redis!.pttl(`progress:${id}`)).toBeGreaterThan(0);
    });
  });
});
