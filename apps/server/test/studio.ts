import { STUDIO_ROUTES, type PlanKey } from '@stagecraft/contracts';
import { readFixture } from '@stagecraft/vision/testing';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createUsersRepository } from '../src/areas/auth/users-repository.ts';
import { TokenSigner } from '../src/areas/auth/tokens.ts';
import { users } from '../src/db/schema.ts';
import { bearer, uniqueName } from './accounts.ts';
import type { TestContext } from './test-app.ts';

/** A room photo of the shared fixtures (one resolver for every package: `@stagecraft/vision/testing`). */
export const readRoomFixture = readFixture;

/** A real room photo with its long side scaled to `longSide`, as JPEG bytes. */
export async function roomPhoto(name: string, longSide: number): Promise<Buffer> {
  return sharp(await readRoomFixture(name))
    .resize({ width: longSide, height: longSide, fit: 'inside' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export const dataUrl = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${bytes.toString('base64')}`;

/** An empty listing room (`empty_maateusx_furnish-before`) cropped to `width` x `height`, as a JPEG data URL. */
export async function emptyRoomUrl(width: number, height: number): Promise<string> {
  const room = await sharp(await readRoomFixture('empty_maateusx_furnish-before.jpg'))
    .resize(width, height, { fit: 'cover' })
    .jpeg({ quality: 90 })
    .toBuffer();
  return dataUrl(room);
}

/**
 * A logged-in user made straight in the database (no sign-up e-mails: these tests are about the studio),
 * with the credits and plan a test needs.
 */
export async function studioUser(ctx: TestContext, options: { credits?: number; plan?: PlanKey } = {}) {
  const username = uniqueName('studio');
  const row = await createUsersRepository(ctx.db).insert({
    username,
    email: `${username}@example.com`,
    passwordHash: null,
    isVerified: true,
    plan: options.plan ?? 'free',
  });
  await ctx.db
    .update(users)
    .set({ credits: options.credits ?? 0 })
    .where(eq(users.id, row.id));
  const signer = new TokenSigner(ctx.config.jwtSecret);
  const headers = bearer((await signer.sign('access', row.id)).token);
  return {
    id: row.id,
    headers,
    /** A fresh access token (they live 5 minutes; a long benchmark outlives one). */
    async renewToken(): Promise<void> {
      Object.assign(headers, bearer((await signer.sign('access', row.id)).token));
    },
    async credits(): Promise<number> {
      const [current] = await ctx.db.select({ credits: users.credits }).from(users).where(eq(users.id, row.id));
      return current?.credits ?? -1;
    },
    post(url: string, payload: object) {
      return ctx.app.inject({ method: 'POST', url, payload, headers });
    },
    get(url: string) {
      return ctx.app.inject({ method: 'GET', url, headers });
    },
  };
}
export type StudioTestUser = Awaited<ReturnType<typeof studioUser>>;

/** Opens a design session on `imageUrl` as the studio does on upload; its id. A refusal fails the test. */
export async function openSession(user: StudioTestUser, imageUrl: string): Promise<string> {
  const created = await user.post(STUDIO_ROUTES.sessions, { image_data: imageUrl });
  if (created.statusCode !== 201) throw new Error(`Opening a session answered ${created.statusCode}: ${created.body}`);
  return created.json<{ session: { session_id: string } }>().session.session_id;
}

/** Decodes to raw RGB for pixel comparisons. */
export async function rgbPixels(bytes: Buffer) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Mean absolute difference per channel inside (or outside) a box: how much a step changed there. */
export function meanDifference(
  a: { data: Buffer; width: number; height: number },
  b: { data: Buffer; width: number; height: number },
  box: readonly [number, number, number, number],
  where: 'inside' | 'outside',
): number {
  let total = 0;
  let count = 0;
  for (let y = 0; y < a.height; y += 1) {
    for (let x = 0; x < a.width; x += 1) {
      const inside = x >= box[0] && x < box[2] && y >= box[1] && y < box[3];
      if (inside !== (where === 'inside')) continue;
      const i = (y * a.width + x) * 3;
      for (let c = 0; c < 3; c += 1) total += Math.abs((a.data[i + c] ?? 0) - (b.data[i + c] ?? 0));
      count += 3;
    }
  }
  return total / Math.max(1, count);
}

/** A multipart/form-data body with one file field, as a browser's FormData sends it. */
export async function multipart(field: string, bytes: Buffer, filename: string, headers: Record<string, string>) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)]), filename);
  const request = new Request('http://studio.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { ...headers, 'content-type': request.headers.get('content-type') ?? '' },
  };
}
