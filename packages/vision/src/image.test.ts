import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { VisionError } from './errors.ts';
import { decodeImage, encodeImage } from './image.ts';
import { bombPng, readFixture } from './testing/fixtures.ts';

async function expectCode(promise: Promise<unknown>, code: string): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VisionError);
  expect((error as VisionError).code).toBe(code);
}

describe('decodeImage', () => {
  it('decodes a real room photo to RGB pixels', async () => {
    const image = await decodeImage(await readFixture('coco_val2017_000000000139.jpg'));
    expect([image.width, image.height]).toEqual([640, 426]);
    expect(image.data.length).toBe(640 * 426 * 3);
  });

  it('applies the EXIF orientation', async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#f00' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const image = await decodeImage(png);
    expect([image.width, image.height]).toEqual([20, 40]);
  });

  it('refuses empty bytes as invalid_image', async () => {
    await expectCode(decodeImage(new Uint8Array(0)), 'invalid_image');
  });

  it('refuses corrupt bytes as invalid_image', async () => {
    await expectCode(decodeImage(Buffer.from('this is not an image at all, just text')), 'invalid_image');
  });

  it('refuses a truncated JPEG as invalid_image', async () => {
    const jpeg = await readFixture('coco_val2017_000000000139.jpg');
    await expectCode(decodeImage(jpeg.subarray(0, jpeg.length / 3)), 'invalid_image');
  });

  it('refuses a 100 MP decompression bomb as image_too_large before decoding it', async () => {
    const bomb = bombPng(10_000, 10_000);
    expect(bomb.length).toBeLessThan(200_000);
    await expectCode(decodeImage(bomb), 'image_too_large');
  });

  it('refuses a zero-size raw image as invalid_image', async () => {
    await expectCode(decodeImage({ data: new Uint8Array(0), width: 0, height: 0 }), 'invalid_image');
  });

  it('round-trips through PNG losslessly', async () => {
    const data = new Uint8Array(8 * 4 * 3).map((_, i) => (i * 37) & 255);
    const back = await decodeImage(await encodeImage({ data, width: 8, height: 4 }, 'png'));
    expect(Buffer.from(back.data).equals(Buffer.from(data))).toBe(true);
  });
});
