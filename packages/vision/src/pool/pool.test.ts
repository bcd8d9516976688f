import { afterAll, describe, expect, it } from 'vitest';
import { readFixture } from '../testing/fixtures.ts';
import { boxMask, encodeMask } from '../mask.ts';
import { createImage } from '../image.ts';
import { createVisionPool } from './pool.ts';

describe('createVisionPool', () => {
  const pool = createVisionPool({ size: 2 });
  afterAll(() => pool.close());

  it('runs detection and a fill on worker threads, side by side', async () => {
    const photo = await readFixture('coco_val2017_000000000802.jpg');
    const image = createImage(64, 48, new Uint8Array(64 * 48 * 3).fill(90));
    const mask = await encodeMask(boxMask(64, 48, [20, 10, 40, 30]));
    const [detections, filled] = await Promise.all([pool.run('detectObjects', photo), pool.run('inpaint', image, mask)]);
    expect(detections.some((d) => d.class_name === 'refrigerator')).toBe(true);
    expect([filled.width, filled.height]).toEqual([64, 48]);
  });

  it('brings VisionError codes back across the thread boundary', async () => {
    await expect(pool.run('detectObjects', Buffer.from('not an image'))).rejects.toMatchObject({
      name: 'VisionError',
      code: 'invalid_image',
    });
  });
});
