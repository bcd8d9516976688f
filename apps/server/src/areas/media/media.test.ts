import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/test-app.ts';
import { createUsersRepository } from '../auth/users-repository.ts';
import { createMediaRepository } from './repository.ts';
import { createMediaService } from './service.ts';
import { FileMediaStorage, MediaUrlSigner } from '../../storage/media-storage.ts';
import path from 'node:path';
import { readdirSync } from 'node:fs';

describeEachDatabase('media storage', (ctx) => {
  const service = () => {
    const { db, config } = ctx();
    return createMediaService({
      repository: createMediaRepository(db),
      storage: new FileMediaStorage(path.join(config.dataDir, 'media')),
      signer: new MediaUrlSigner(config.jwtSecret),
    });
  };
  const newUser = async (name: string) =>
    createUsersRepository(ctx().db).insert({ username: name, email: `${name}@example.com`, passwordHash: null });

  it('keeps files under random ids and serves them through a signed URL', async () => {
    const owner = await newUser('media-owner');
    const saved = await service().save(owner.id, Buffer.from('pixels'), 'image/png');
    expect(saved.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const response = await ctx().app.inject({ method: 'GET', url: saved.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.body).toBe('pixels');
    expect(readdirSync(path.join(ctx().config.dataDir, 'media', saved.id.slice(0, 2)))).toContain(saved.id);
  });

  it('refuses a URL whose signature or expiry was changed, or that has expired', async () => {
    const owner = await newUser('media-tamper');
    const saved = await service().save(owner.id, Buffer.from('secret'), 'image/jpeg');
    const url = new URL(saved.url, 'http://local');
    const expires = Number(url.searchParams.get('expires'));
    const signature = url.searchParams.get('signature') ?? '';
    // Change one character to a different one (the first, whose 6 bits all count).
    const flipFirst = (text: string) => `${text.startsWith('A') ? 'B' : 'A'}${text.slice(1)}`;
    const attempts = [
      `/media/${saved.id}?expires=${expires + 3600}&signature=${signature}`,
      `/media/${saved.id}?expires=${expires}&signature=${flipFirst(signature)}`,
      `/media/${flipFirst(saved.id)}?expires=${expires}&signature=${signature}`,
    ];
    for (const attempt of attempts) {
      const response = await ctx().app.inject({ method: 'GET', url: attempt });
      expect(response.statusCode, attempt).toBe(404);
    }
    const signer = new MediaUrlSigner(ctx().config.jwtSecret);
    const expired = signer.sign(saved.id, 60, Date.now() - 3_600_000);
    expect((await ctx().app.inject({ method: 'GET', url: expired })).statusCode).toBe(404);
  });

  it("never gives one user another user's file", async () => {
    const owner = await newUser('media-alice');
    const stranger = await newUser('media-mallory');
    const saved = await service().save(owner.id, Buffer.from('alice only'), 'image/png');
    expect((await service().readOwned(owner.id, saved.id)).data.toString()).toBe('alice only');
    await expect(service().readOwned(stranger.id, saved.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(service().deleteOwned(stranger.id, saved.id)).rejects.toMatchObject({ statusCode: 404 });
    await service().deleteOwned(owner.id, saved.id);
    await expect(service().readOwned(owner.id, saved.id)).rejects.toMatchObject({ statusCode: 404 });
  });
});
