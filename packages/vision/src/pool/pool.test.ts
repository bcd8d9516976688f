import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { readFixture } from '../testing/fixtures.ts';
import { boxMask, encodeMask } from '../mask.ts';
import { createImage } from '../image.ts';
import { detectObjects, type Detection } from '../detect/detect.ts';
import { roomModel, type RoomModel } from '../room/index.ts';
import { detectObjectsOnPool } from './detect.ts';
import { createVisionPool } from './pool.ts';
import { roomModelOnPool } from './room-model.ts';

const flatImage = () => createImage(64, 48, new Uint8Array(64 * 48 * 3).fill(90));

describe('createVisionPool', () => {
  const pool = createVisionPool({ size: 2 });
  const single = createVisionPool({ size: 1 });
  afterAll(() => Promise.all([pool.close(), single.close()]));

  it('runs detection and a fill on worker threads, side by side', async () => {
    const photo = await readFixture('coco_val2017_000000000802.jpg');
    const mask = await encodeMask(boxMask(64, 48, [20, 10, 40, 30]));
    const [detections, filled] = await Promise.all([pool.run('detectObjects', photo), pool.run('inpaint', flatImage(), mask)]);
    expect(detections.some((d) => d.class_name === 'refrigerator')).toBe(true);
    expect([filled.width, filled.height]).toEqual([64, 48]);
  });

  it('detects with its two networks in two workers at once, as one thread does', async () => {
    const photo = await readFixture('coco_val2017_000000000802.jpg');
    const [inPool, inThread] = await Promise.all([detectObjectsOnPool(pool, new Uint8Array(photo)), detectObjects(photo)]);
    const comparable = (found: Detection[]) => found.map((d) => ({ ...d, id: '' }));
    expect(inPool.some((d) => d.class_name === 'refrigerator')).toBe(true);
    expect(comparable(inPool)).toEqual(comparable(inThread));
  });

  it('builds a room model with its two halves in two workers at once, the model one thread makes', async () => {
    const photo = await readFixture('coco_val2017_000000000802.jpg');
    const [inPool, inThread] = await Promise.all([roomModelOnPool(pool, new Uint8Array(photo)), roomModel(photo)]);
    // Detection ids are random and the timings differ; everything else is the same model.
    const comparable = (model: RoomModel) => ({
      ...model,
      timingMs: 0,
      source: { ...model.source, detections: model.source?.detections.map((d) => ({ ...d, id: '' })) },
    });
    expect(inPool.source?.detections.some((d) => d.class_name === 'refrigerator')).toBe(true);
    expect(inPool.walls.length).toBeGreaterThan(0);
    expect(comparable(inPool)).toEqual(comparable(inThread));
    expect(inPool.timingMs).toBeGreaterThan(0);
  });

  it('lets a running job finish when it closes, and refuses new ones', async () => {
    const closing = createVisionPool({ size: 1 });
    const photo = await readFixture('coco_val2017_000000000802.jpg');
    // The only worker is idle, so the job starts at once; close() must not tear the thread down under it.
    const running = closing.run('detectObjects', photo);
    const closed = closing.close();
    expect((await running).some((d) => d.class_name === 'refrigerator')).toBe(true);
    await closed;
    await expect(closing.run('detectObjects', photo)).rejects.toMatchObject({ code: 'worker_failed' });
  });

  it('brings VisionError codes back across the thread boundary', async () => {
    await expect(pool.run('detectObjects', Buffer.from('not an image'))).rejects.toMatchObject({
      name: 'VisionError',
      code: 'invalid_image',
    });
    await expect(pool.run('markObject', flatImage(), 500, 10, 'lamp')).rejects.toMatchObject({ code: 'invalid_argument' });
  });

  it('takes a rush job before normal jobs that were queued earlier', async () => {
    const mask = await encodeMask(boxMask(64, 48, [20, 10, 40, 30]));
    const finished: string[] = [];
    const job = (name: string, priority: 'rush' | 'normal') =>
      single.runWith({ priority }, 'inpaint', flatImage(), new Uint8Array(mask)).then(() => finished.push(name));
    // The first job goes straight to the only worker; the others wait in the queue.
    await Promise.all([job('first', 'normal'), job('normal 1', 'normal'), job('normal 2', 'normal'), job('rush', 'rush')]);
    expect(finished).toEqual(['first', 'rush', 'normal 1', 'normal 2']);
  });

  it('forwards an enhancement job’s progress from the worker and returns the JPEG', async () => {
    const progress: number[] = [];
    const photo = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#8a6d4b' } })
      .jpeg()
      .toBuffer();
    const enhanced = await pool.runWith({ onProgress: (fraction) => progress.push(fraction) }, 'enhance', photo, '4k');
    expect(await sharp(enhanced).metadata()).toMatchObject({ format: 'jpeg', width: 3840, height: 2560 });
    expect(progress.some((fraction) => fraction > 0 && fraction < 1)).toBe(true);
    expect(progress.at(-1)).toBe(1);
  });

  it('forwards a removal’s progress from the worker (a large removal takes seconds)', async () => {
    const progress: number[] = [];
    const photo = await sharp(await readFixture('coco_val2017_000000000802.jpg'))
      .resize(320, 240, { fit: 'fill' })
      .jpeg()
      .toBuffer();
    const removed = await pool.runWith(
      { onProgress: (fraction) => progress.push(fraction) },
      'removeObject',
      new Uint8Array(photo),
      [80, 60, 240, 200],
    );
    expect([removed.width, removed.height]).toEqual([320, 240]);
    expect(progress.some((fraction) => fraction > 0 && fraction < 1)).toBe(true);
  });

  it('decodes a cut-out sprite in the worker and hands back the placement as JPEG bytes', async () => {
    const room = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#b8b0a4' } })
      .jpeg()
      .toBuffer();
    const piece = await sharp({ create: { width: 60, height: 80, channels: 4, background: '#00000000' } })
      .composite([{ input: { create: { width: 40, height: 70, channels: 4, background: '#c0302aff' } }, left: 10, top: 5 }])
      .png()
      .toBuffer();
    const placed = await pool.runJpeg({ quality: 92 }, 'placeFurniture', new Uint8Array(room), {
      x: 160,
      y: 200,
      sizeScale: 1,
      sprite: { cutoutPng: new Uint8Array(piece) },
    });
    expect(placed).toBeInstanceOf(Uint8Array);
    const { data, info } = await sharp(placed).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([320, 240]);
    let reddish = 0;
    for (let i = 0; i < data.length; i += 3) if (data[i]! > 150 && data[i + 1]! < 90) reddish += 1;
    expect(reddish).toBeGreaterThan(50);
  });
});
