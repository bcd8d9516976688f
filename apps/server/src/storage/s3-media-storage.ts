import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3Config } from '../config.ts';
import { isMediaId, type MediaStorage } from './media-storage.ts';

/**
 * Media bytes in S3-compatible object storage (AWS S3, MinIO, Ceph, R2...), through the official AWS SDK, so
 * that every app instance and image worker reads the same files. Ownership stays in the database and URLs stay
 * ours: the browser still loads `/media/{id}?expires&signature` from the app, which checks our signature and
 * streams the object, so no bucket is ever public and signed URLs work the same on disk and in S3.
 */
export class S3MediaStorage implements MediaStorage {
  private readonly client: S3Client;

  constructor(private readonly config: S3Config) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.url,
      // MinIO and most self-hosted services answer on one host name, the bucket in the path.
      forcePathStyle: config.forcePathStyle,
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: several S3-compatible services refuse the SDK's default
      // CRC32 trailers on every upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private keyOf(id: string): string {
    if (!isMediaId(id)) throw new Error(`Invalid media id: ${id}`);
    // Same two-character fan-out as on disk: object listings stay browsable.
    return `${this.config.prefix}media/${id.slice(0, 2)}/${id}`;
  }

  async put(id: string, data: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(id), Body: data }));
  }

  async get(id: string): Promise<Buffer | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(id) }));
      if (!object.Body) return null;
      return Buffer.from(await object.Body.transformToByteArray());
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async delete(id: string): Promise<void> {
    // S3 answers 204 for a key that is not there, as `rm --force` does on disk.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(id) }));
  }

  close(): void {
    this.client.destroy();
  }
}
