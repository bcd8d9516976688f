import { describe, expect, it } from 'vitest';
import { recentPromises } from './recent-promises.ts';

describe('recentPromises', () => {
  it('computes a key once, drops the least recently asked for past the limit, and forgets a failure', async () => {
    const remembered = recentPromises<string>(2);
    const computed: string[] = [];
    const compute = (key: string) => () => {
      computed.push(key);
      return Promise.resolve(key.toUpperCase());
    };
    expect(await remembered('a', compute('a'))).toBe('A');
    expect(await remembered('b', compute('b'))).toBe('B');
    expect(await remembered('a', compute('a'))).toBe('A'); // known: 'a' is now the most recent
    await remembered('c', compute('c')); // drops 'b', the least recently asked for
    await remembered('a', compute('a'));
    await remembered('b', compute('b'));
    expect(computed).toEqual(['a', 'b', 'c', 'b']);

    let attempts = 0;
    const failing = () => {
      attempts++;
      return Promise.reject(new Error('engine down'));
    };
    await expect(remembered('x', failing)).rejects.toThrow('engine down');
    await expect(remembered('x', failing)).rejects.toThrow('engine down');
    expect(attempts).toBe(2);
  });
});
