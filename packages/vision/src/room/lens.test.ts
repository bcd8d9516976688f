import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RENDERED_SAMPLE_DIR } from '../testing/rendered-rooms.ts';
import { roomModel } from './index.ts';
import { decodeImage } from '../image.ts';
import { lensFocalPx, photoLensFocalPx } from './lens.ts';
import { roomNanoDetHalf } from './steps.ts';

const FULL_FRAME_DIAGONAL_MM = Math.hypot(36, 24);

/** A JPEG whose EXIF gives its lens as a 35 mm equivalent (what phones write). */
async function tagged(image: Buffer | sharp.Sharp, equivalentMm: number, orientation?: number): Promise<Buffer> {
  const pipeline = Buffer.isBuffer(image) ? sharp(image) : image;
  return pipeline
    .withExif({
      IFD0: orientation ? { Orientation: String(orientation) } : {},
      IFD2: { FocalLengthIn35mmFilm: String(equivalentMm) },
    })
    .jpeg({ quality: 95 })
    .toBuffer();
}

const grey = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 128, g: 128, b: 128 } } });

describe('the lens from EXIF', () => {
  it("reads a 35 mm equivalent as the photo's focal length in pixels", async () => {
    const bytes = await tagged(grey(1200, 800), 24);
    const focal = photoLensFocalPx(await decodeImage(bytes));
    expect(focal).toBeCloseTo((24 / FULL_FRAME_DIAGONAL_MM) * Math.hypot(1200, 800), 6);
    // A turned photo (orientation 6) has the same diagonal.
    expect(photoLensFocalPx(await decodeImage(await tagged(grey(800, 1200), 24, 6)))).toBeCloseTo(focal!, 6);
  });

  it('gives nothing without the tag, for a zero or absurd one, or for a broken EXIF block', async () => {
    expect(photoLensFocalPx(await decodeImage(await grey(1200, 800).jpeg().toBuffer()))).toBeNull();
    expect(photoLensFocalPx(await decodeImage(await tagged(grey(1200, 800), 0)))).toBeNull();
    // 2000 mm: a field of view of about 1 degree, no room photo.
    expect(photoLensFocalPx(await decodeImage(await tagged(grey(1200, 800), 2000)))).toBeNull();
    expect(lensFocalPx(Buffer.from('Exif\0\0garbage'), 1200, 800)).toBeNull();
    expect(photoLensFocalPx({ data: new Uint8Array(12), width: 2, height: 2 })).toBeNull();
  });

  it("sets the room model's camera where the lines cannot: a wide lens on a bare render", async () => {
    // Rendered room 5: a 19 mm-equivalent lens and few lines; the camera search falls back to its 70-degree guess.
    const truth = JSON.parse(await readFile(join(RENDERED_SAMPLE_DIR, 'room-0005.json'), 'utf8')) as {
      focalPx: number;
      width: number;
      height: number;
      horizon: { yCentre: number };
    };
    const jpeg = await readFile(join(RENDERED_SAMPLE_DIR, 'room-0005.jpg'));
    const equivalent = Math.round((truth.focalPx / Math.hypot(truth.width, truth.height)) * FULL_FRAME_DIAGONAL_MM);
    const errors = async (bytes: Buffer) => {
      const model = await roomModel(bytes, { detections: [] });
      const scale = model.width / truth.width;
      return {
        source: model.camera.focalSource,
        focal: Math.abs(model.camera.focalPx / scale - truth.focalPx) / truth.focalPx,
        horizon: Math.abs(model.camera.horizon.yCentre / scale - truth.horizon.yCentre) / truth.height,
      };
    };
    const guessed = await errors(await sharp(jpeg).jpeg({ quality: 95 }).toBuffer());
    const withLens = await errors(await tagged(jpeg, equivalent));
    expect(guessed.source).toBe('prior');
    expect(guessed.focal).toBeGreaterThan(0.2);
    expect(withLens.source).toBe('exif');
    expect(withLens.focal).toBeLessThan(0.05);
    expect(withLens.horizon).toBeLessThan(0.01);
    expect(withLens.horizon).toBeLessThan(guessed.horizon);
  });

  it("is read by the room model's first step on the pool, which is handed the photo's bytes", async () => {
    const bytes = await tagged(grey(480, 320), 20);
    const half = await roomNanoDetHalf(bytes, false);
    expect(half.lensFocalPx).toBeCloseTo((20 / FULL_FRAME_DIAGONAL_MM) * Math.hypot(480, 320), 6);
  });
});
