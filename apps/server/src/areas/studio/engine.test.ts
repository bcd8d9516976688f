import { isVisionError } from '@stagecraft/vision';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createStudioEngine } from './engine.ts';

describe('the in-process studio engine', () => {
  it('refuses work after close instead of starting new worker threads that would keep the process alive', async () => {
    const engine = createStudioEngine({ size: 1 });
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a98' } })
      .jpeg()
      .toBuffer();
    const job = { priority: 'normal' as const };
    const fitted = await engine.fitJpeg(new Uint8Array(photo), 32, job);
    expect((await sharp(fitted).metadata()).width).toBe(32);
    await engine.close();
    // A late call (a room model a request started in the background) fails instead of reopening the pool.
    const late = await engine.fitJpeg(new Uint8Array(photo), 32, job).catch((error: unknown) => error);
    expect(isVisionError(late) && late.code).toBe('worker_failed');
    expect(process.getActiveResourcesInfo().filter((resource) => resource === 'MessagePort')).toEqual([]);
  });
});
