import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { decodeImage, type RgbImage } from '../image.ts';

/**
 * The room photos of the tests, evals and benches of every package (the product never reads them):
 * `shared/fixtures/rooms` beside the repository, as on the developers' machines and in CI, or
 * $STAGECRAFT_FIXTURES.
 */
export const FIXTURES_DIR =
  process.env.STAGECRAFT_FIXTURES ?? fileURLToPath(new URL('../../../../../shared/fixtures/rooms', import.meta.url));

export function fixturePath(name: string): string {
  if (!existsSync(FIXTURES_DIR)) {
    throw new Error(
      `The room fixtures are not at ${FIXTURES_DIR}: clone the repository beside shared/ or set STAGECRAFT_FIXTURES.`,
    );
  }
  return `${FIXTURES_DIR}/${name}`;
}

export async function readFixture(name: string): Promise<Buffer> {
  return readFile(fixturePath(name));
}

/**
 * A fixture photo at 960 px on its long side, upright: the size the eval scripts look at, and the boxes in tests were
 * found at. Turned by its EXIF orientation before resizing (the PNG in between keeps no EXIF).
 */
export async function fixtureAt960(name: string): Promise<RgbImage> {
  return decodeImage(
    await sharp(await readFixture(name))
      .rotate()
      .resize(960, 960, { fit: 'inside' })
      .png()
      .toBuffer(),
  );
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Uint8Array): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([len, typed, crc]);
}

/** A small, valid-looking PNG that declares width x height pixels: a decompression bomb's header. */
export function bombPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.alloc(1 + width * 3);
  const idat = deflateSync(Buffer.concat(Array.from({ length: 4 }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
