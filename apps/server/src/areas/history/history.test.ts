import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  designHistoryResponse,
  designSessionResponse,
  HISTORY_MESSAGES,
  HISTORY_ROUTES,
  PLAN_ENTITLEMENTS,
  STUDIO_ROUTES,
} from '@stagecraft/contracts';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { customFurniture, designPlacements, designSessionMedia, designSessions, media } from '../../db/schema.ts';
import { describeEachDatabase, type TestContext } from '../../../test/test-app.ts';
import { dataUrl, readRoomFixture, studioUser, type StudioTestUser } from '../../../test/studio.ts';
import { mediaReferenceColumns } from '../media/repository.ts';

interface StepBody {
  result_image: string;
  session_id: string;
  placement_id: string;
}

// The engine shares a small machine with other work: steps through it get more than the default 30 s.
const ENGINE_TIMEOUT = 180_000;

const mediaIdOf = (url: string) => /^\/media\/([A-Za-z0-9_-]{22})\?/.exec(url)?.[1] ?? '';

describeEachDatabase('design history', (ctx) => {
  // An empty room (floor in the lower half), 424x640: small enough for a fast engine.
  let roomUrl: string;
  beforeAll(async () => {
    const room = await sharp(await readRoomFixture('empty_maateusx_furnish-before.jpg'))
      .resize(424, 640, { fit: 'cover' })
      .jpeg({ quality: 90 })
      .toBuffer();
    roomUrl = dataUrl(room);
  });

  const remove = (user: StudioTestUser, url: string) => ctx().app.inject({ method: 'DELETE', url, headers: user.headers });

  async function step(user: StudioTestUser, route: string, payload: object): Promise<StepBody> {
    const response = await user.post(route, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StepBody>();
  }

  /** A real session: a sofa placed where the user clicked, then new walls on the result (a step without a point). */
  async function stagedRoom(user: StudioTestUser) {
    const sofa = await step(user, STUDIO_ROUTES.placeFurniture, {
      image_data: roomUrl,
      x: 212,
      y: 560,
      image_width: 424,
      image_height: 640,
      furniture_type: 'sofa',
      size_scale: 1.2,
    });
    const walls = await step(user, STUDIO_ROUTES.changeWallMaterial, {
      image_data: sofa.result_image,
      material_type: 'navy_blue_paint',
      session_id: sofa.session_id,
    });
    return { sessionId: sofa.session_id, sofa, walls };
  }

  const fileOf = (c: TestContext, id: string) => path.join(c.config.dataDir, 'media', id.slice(0, 2), id);

  it('lists the sessions of a paid user, newest first, with fresh signed images, in the shape of the contract', async () => {
    const user = await studioUser(ctx(), { plan: 'paid', credits: 10 });
    const empty = await user.get(HISTORY_ROUTES.list);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ success: true, sessions: [] });

    const first = await stagedRoom(user);
    const second = await step(user, STUDIO_ROUTES.placeFurniture, {
      image_data: roomUrl,
      x: 100,
      y: 600,
      image_width: 424,
      image_height: 640,
      furniture_type: 'sofa',
    });
    const response = await user.get(HISTORY_ROUTES.list);
    expect(response.statusCode).toBe(200);
    const body = designHistoryResponse.strict().parse(response.json());
    expect(body.sessions.map((session) => session.session_id)).toEqual([second.session_id, first.sessionId]);
    const [latest, older] = body.sessions;
    expect(older).toMatchObject({ placement_count: 2, furniture_types: ['sofa'] });
    expect(latest).toMatchObject({ placement_count: 1, furniture_types: ['sofa'] });
    // The preview is the last step's result; the original is the uploaded photo, both signed now.
    expect(mediaIdOf(older?.preview_image_url ?? '')).toBe(mediaIdOf(first.walls.result_image));
    for (const url of [older?.preview_image_url, older?.original_image_url]) {
      const image = await ctx().app.inject({ method: 'GET', url: url ?? '' });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
    }
    expect(Date.parse(older?.updated_at ?? '')).toBeGreaterThanOrEqual(Date.parse(older?.created_at ?? ''));
  }, ENGINE_TIMEOUT);

  it("shows a session's timeline, oldest first, with nulls where a step has no point or size", async () => {
    const user = await studioUser(ctx(), { plan: 'pro', credits: 10 });
    const { sessionId, sofa, walls } = await stagedRoom(user);
    const response = await user.get(HISTORY_ROUTES.session(sessionId));
    expect(response.statusCode, response.body).toBe(200);
    const { session } = designSessionResponse.strict().parse(response.json());
    expect(session).toMatchObject({ session_id: sessionId, placement_count: 2, furniture_types: ['sofa'] });
    expect(session.placements).toEqual([
      {
        placement_id: sofa.placement_id,
        furniture_type: 'sofa',
        theme_key: null,
        timestamp: expect.any(String),
        coordinates_x: 212,
        coordinates_y: 560,
        size_scale: 1.2,
        result_image_url: expect.stringMatching(/^\/media\//),
        action: 'furniture_placement',
      },
      {
        placement_id: walls.placement_id,
        furniture_type: 'navy_blue_paint',
        theme_key: null,
        timestamp: expect.any(String),
        coordinates_x: null,
        coordinates_y: null,
        size_scale: null,
        result_image_url: expect.stringMatching(/^\/media\//),
        action: 'wall_material_change',
      },
    ]);
    const [placed, painted] = session.placements;
    expect(Date.parse(painted?.timestamp ?? '')).toBeGreaterThanOrEqual(Date.parse(placed?.timestamp ?? ''));
    // Each step's image is the one the studio answered, signed afresh (the URL differs only by its signature).
    expect(mediaIdOf(placed?.result_image_url ?? '')).toBe(mediaIdOf(sofa.result_image));
    const image = await ctx().app.inject({ method: 'GET', url: painted?.result_image_url ?? '' });
    expect(image.statusCode).toBe(200);
    expect((await sharp(image.rawPayload).metadata()).width).toBe(424);
  }, ENGINE_TIMEOUT);

  it('refuses the free plan with 403 and says why, on every call; without a token 401', async () => {
    expect(PLAN_ENTITLEMENTS.free.designHistory).toBe(false);
    const user = await studioUser(ctx(), { plan: 'free', credits: 3 });
    const placed = await step(user, STUDIO_ROUTES.placeFurniture, {
      image_data: roomUrl,
      x: 212,
      y: 560,
      image_width: 424,
      image_height: 640,
      furniture_type: 'sofa',
    });
    for (const response of [
      await user.get(HISTORY_ROUTES.list),
      await user.get(HISTORY_ROUTES.session(placed.session_id)),
      await remove(user, HISTORY_ROUTES.deleteSession(placed.session_id)),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: HISTORY_MESSAGES.paidPlansOnly });
    }
    const [kept] = await ctx().db.select().from(designSessions).where(eq(designSessions.id, placed.session_id));
    expect(kept?.placementCount).toBe(1);
    expect((await ctx().app.inject({ method: 'GET', url: HISTORY_ROUTES.list })).statusCode).toBe(401);
  }, ENGINE_TIMEOUT);

  it("answers 404 for another user's session and for ids that are no session, never touching it", async () => {
    const owner = await studioUser(ctx(), { plan: 'paid', credits: 3 });
    const stranger = await studioUser(ctx(), { plan: 'pro' });
    const placed = await step(owner, STUDIO_ROUTES.placeFurniture, {
      image_data: roomUrl,
      x: 212,
      y: 560,
      image_width: 424,
      image_height: 640,
      furniture_type: 'sofa',
    });
    for (const response of [
      await stranger.get(HISTORY_ROUTES.session(placed.session_id)),
      await remove(stranger, HISTORY_ROUTES.deleteSession(placed.session_id)),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: HISTORY_MESSAGES.sessionNotFound });
    }
    expect((await stranger.get(HISTORY_ROUTES.list)).json().sessions).toEqual([]);
    expect((await owner.get(HISTORY_ROUTES.session(placed.session_id))).statusCode).toBe(200);

    for (const id of ['not-a-session', "1' or '1'='1", '..', '%00', 'é']) {
      const response = await owner.get(HISTORY_ROUTES.session(id));
      expect(response.statusCode, id).toBe(404);
      expect((await remove(owner, HISTORY_ROUTES.deleteSession(id))).statusCode, id).toBe(404);
    }
    const tooLong = await owner.get(HISTORY_ROUTES.session('x'.repeat(101)));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ detail: expect.stringContaining('100 characters'), sessionId: expect.any(Array) });
  }, ENGINE_TIMEOUT);

  it('deletes a session with its steps and files, and nothing another session or a custom piece still uses', async () => {
    const c = ctx();
    const user = await studioUser(c, { plan: 'paid', credits: 20 });
    const { sessionId, sofa, walls } = await stagedRoom(user);
    // A detection in the session stores a drawing that no step shows: it must go too.
    const detected = await user.post(STUDIO_ROUTES.detectObjects, { image_data: walls.result_image, session_id: sessionId });
    expect(detected.statusCode, detected.body).toBe(200);
    const drawing = mediaIdOf(detected.json().annotated_image);
    // A second room started from the first one's sofa result: that file is its original now, so it stays.
    const next = await step(user, STUDIO_ROUTES.changeWallMaterial, { image_data: sofa.result_image, material_type: 'brick' });
    expect(next.session_id).not.toBe(sessionId);

    const [session] = await c.db.select().from(designSessions).where(eq(designSessions.id, sessionId));
    const original = session?.originalMediaId ?? '';
    const sessionFiles = [original, mediaIdOf(sofa.result_image), mediaIdOf(walls.result_image), drawing];
    for (const id of sessionFiles) expect(existsSync(fileOf(c, id)), id).toBe(true);
    // The original photo is also the user's custom furniture photo (a file two things use): it stays too.
    await c.db.insert(customFurniture).values({ id: randomUUID(), userId: user.id, mediaId: original, width: 424, height: 640 });

    const response = await remove(user, HISTORY_ROUTES.deleteSession(sessionId));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true });

    expect(await c.db.select().from(designSessions).where(eq(designSessions.id, sessionId))).toEqual([]);
    expect(await c.db.select().from(designPlacements).where(eq(designPlacements.sessionId, sessionId))).toEqual([]);
    expect(await c.db.select().from(designSessionMedia).where(eq(designSessionMedia.sessionId, sessionId))).toEqual([]);
    const gone = [mediaIdOf(walls.result_image), drawing];
    expect(await c.db.select().from(media).where(inArray(media.id, gone))).toEqual([]);
    for (const id of gone) expect(existsSync(fileOf(c, id)), id).toBe(false);
    const kept = [original, mediaIdOf(sofa.result_image)];
    expect((await c.db.select({ id: media.id }).from(media).where(inArray(media.id, kept))).map((row) => row.id).sort()).toEqual(
      [...kept].sort(),
    );
    for (const id of kept) expect(existsSync(fileOf(c, id)), id).toBe(true);

    // The other session is whole, and its images still load.
    const other = await user.get(HISTORY_ROUTES.session(next.session_id));
    expect(other.statusCode).toBe(200);
    const { session: otherSession } = designSessionResponse.parse(other.json());
    for (const url of [otherSession.original_image_url, otherSession.placements[0]?.result_image_url]) {
      expect((await c.app.inject({ method: 'GET', url: url ?? '' })).statusCode).toBe(200);
    }
    expect((await user.get(HISTORY_ROUTES.list)).json().sessions.map((s: { session_id: string }) => s.session_id)).toEqual([
      next.session_id,
    ]);
    expect((await user.get(HISTORY_ROUTES.session(sessionId))).statusCode).toBe(404);
    expect((await remove(user, HISTORY_ROUTES.deleteSession(sessionId))).statusCode).toBe(404);
  }, ENGINE_TIMEOUT);

  it('knows every column that references a stored file', () => {
    expect(mediaReferenceColumns()).toEqual(
      expect.arrayContaining([
        'design_sessions.original_media_id',
        'design_sessions.preview_media_id',
        'design_placements.result_media_id',
        'design_session_media.media_id',
        'custom_furniture.media_id',
      ]),
    );
  });
});
