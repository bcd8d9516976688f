import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where the bytes of uploads and results live. The file-system adapter is the default; an S3-compatible one
 * can implement the same interface. Ownership is recorded in the database by the caller, not here.
 */
export interface MediaStorage {
  put(id: string, data: Buffer): Promise<void>;
  get(id: string): Promise<Buffer | null>;
  delete(id: string): Promise<void>;
}

/** 128 random bits, URL-safe: ids are never guessable, and never carry a path. */
export function newMediaId(): string {
  return randomBytes(16).toString('base64url');
}

const MEDIA_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const isMediaId = (id: string) => MEDIA_ID_PATTERN.test(id);

export class FileMediaStorage implements MediaStorage {
  constructor(private readonly root: string) {}

  // Two-character fan-out keeps directories small when there are millions of files.
  private pathOf(id: string): string {
    if (!isMediaId(id)) throw new Error(`Invalid media id: ${id}`);
    return path.join(this.root, id.slice(0, 2), id);
  }

  async put(id: string, data: Buffer): Promise<void> {
    const file = this.pathOf(id);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
  }

  async get(id: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(id));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(id: string): Promise<void> {
    await rm(this.pathOf(id), { force: true });
  }
}

/**
 * Signed, expiring media URLs: what an <img> tag can load without a bearer token. The signature covers the id
 * and the expiry, so neither can be changed.
 */
export class MediaUrlSigner {
  constructor(private readonly secret: string) {}

  private signature(id: string, expires: number): Buffer {
    return createHmac('sha256', this.secret).update(`media:${id}:${expires}`).digest();
  }

  sign(id: string, ttlSeconds: number, now = Date.now()): string {
    const expires = Math.floor(now / 1000) + ttlSeconds;
    return `/media/${id}?expires=${expires}&signature=${this.signature(id, expires).toString('base64url')}`;
  }

  verify(id: string, expires: number, signature: string, now = Date.now()): boolean {
    if (!Number.isInteger(expires) || expires < Math.floor(now / 1000)) return false;
    const given = Buffer.from(signature, 'base64url');
    const expected = this.signature(id, expires);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
