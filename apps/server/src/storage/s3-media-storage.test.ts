import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../test/fake-s3.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createUsersRepository } from '../areas/auth/users-repository.ts';
import { createMediaRepository } from '../areas/media/repository.ts';
import { createMediaService } from '../areas/media/service.ts';
import { loadConfig } from '../config.ts';
import { MediaUrlSigner } from './media-storage.ts';
import { S3MediaStorage } from './s3-media-storage.ts';

describe('media in S3-compatible object storage', () => {
  let s3: FakeS3;
  let handle: Awaited<ReturnType<typeof createTestApp>>;
  const env = () => ({ S3_URL: s3.url, S3_BUCKET: 'media-test', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret', S3_PREFIX: 'site-a/' });

  beforeAll(async () => {
    s3 = await startFakeS3('media-test');
    handle = await createTestApp('pglite', { env: env() });
  });
  afterAll(async () => {
    await handle?.close();
    await s3?.close();
  });

  it('stores through the AWS SDK under the prefix, serves signed URLs from the bucket, nothing on disk', async () => {
    const { db, app, dataDir, config } = handle.context;
    const owner = await createUsersRepository(db).insert({ username: 's3owner', email: 's3owner@example.com', passwordHash: null });
    // A second instance's media service (its own S3 client, same bucket): what it saves, this app serves.
    const s3Config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: config.jwtSecret, ...env() }).s3;
    if (!s3Config) throw new Error('S3 not configured');
    const storage = new S3MediaStorage(s3Config);
    const media = createMediaService({ repository: createMediaRepository(db), storage, signer: new MediaUrlSigner(config.jwtSecret) });
    const saved = await media.save(owner.id, Buffer.from('pixels in a bucket'), 'image/png');
    expect([...s3.objects.keys()]).toEqual([`site-a/media/${saved.id.slice(0, 2)}/${saved.id}`]);
    const response = await app.inject({ method: 'GET', url: saved.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.body).toBe('pixels in a bucket');
    expect(existsSync(path.join(dataDir, 'media'))).toBe(false);

    await media.deleteOwned(owner.id, saved.id);
    expect(s3.objects.size).toBe(0);
    expect(await storage.get(saved.id)).toBeNull();
    expect((await app.inject({ method: 'GET', url: saved.url })).statusCode).toBe(404);
    storage.close();
  });
});
