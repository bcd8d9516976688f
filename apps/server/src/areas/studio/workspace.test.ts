import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { HISTORY_ROUTES, ROOM_LIMIT_MESSAGE, STUDIO_ROUTES, type StudioSnapshot } from '@stagecraft/contracts';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { creditLedger, designSessions, media, studioDemoResults } from '../../db/schema.ts';
import { describeEachDatabase } from '../../../test/test-app.ts';
import { dataUrl, roomPhoto, studioUser, type StudioTestUser } from '../../../test/studio.ts';
import { SAMPLE_ROOM_FILE } from './demo.ts';

describeEachDatabase(
  'studio workspace',
  (ctx) => {
    let kitchenUrl: string;
    let sampleUrl: string;
    beforeAll(async () => {
      kitchenUrl = dataUrl(await roomPhoto('coco_val2017_000000000802.jpg', 640));
      sampleUrl = dataUrl(await readFile(SAMPLE_ROOM_FILE));
    });

    const send = (user: StudioTestUser, method: 'PUT' | 'PATCH', url: string, payload: object) =>
      ctx().app.inject({ method, url, payload, headers: user.headers });

    const snapshotOf = (images: { src: string; width: number; height: number }[], cursor: number): StudioSnapshot => ({
      scenes: images.map((image) => ({
        base_image: { ...images[0]!, enhanced: null },
        current_image: { ...image, enhanced: null },
        detections: [{ id: 'd1', class_name: 'oven', bbox: [1, 2, 30, 40], confidence: 0.8, is_manual: false }],
      })),
      cursor,
      mode: 'walls',
    });

    it('opens with no session for a new user, default preferences and the 2 free rooms unused', async () => {
      const user = await studioUser(ctx(), { credits: 3 });
      expect((await ctx().app.inject({ method: 'GET', url: STUDIO_ROUTES.workspace })).statusCode).toBe(401);
      const response = await user.get(STUDIO_ROUTES.workspace);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        session: null,
        preferences: { auto_detect_on_upload: true, tutorial_status: 'pending' },
        rooms: { used: 0, limit: 2 },
      });
    });

    it('keeps the editor state of a session: the same images, undo stack and mode come back, signed afresh', async () => {
      const user = await studioUser(ctx(), { plan: 'paid', credits: 5 });
      const created = await user.post(STUDIO_ROUTES.sessions, { image_data: kitchenUrl });
      expect(created.statusCode, created.body).toBe(201);
      const session = created.json().session;
      expect(session.snapshot).toBeNull();
      const original = await ctx().app.inject({ method: 'GET', url: session.original_image_url });
      expect(original.statusCode).toBe(200);

      const removed = await user.post(STUDIO_ROUTES.removeObject, {
        image_data: session.original_image_url,
        detection: { id: 'd1', class_name: 'oven', bbox: [60, 120, 110, 170], confidence: 0.9 },
        session_id: session.session_id,
      });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json().session_id).toBe(session.session_id);

      const first = { src: session.original_image_url, width: 424, height: 640 };
      const second = { src: removed.json().result_image, width: 424, height: 640 };
      const snapshot = snapshotOf([first, second], 1);
      const saved = await send(user, 'PUT', STUDIO_ROUTES.sessionSnapshot(session.session_id), { snapshot });
      expect(saved.statusCode, saved.body).toBe(200);

      // What a reload, or another device, reads.
      const workspace = (await user.get(STUDIO_ROUTES.workspace)).json();
      expect(workspace.session.session_id).toBe(session.session_id);
      expect(workspace.rooms).toEqual({ used: 1, limit: null });
      const restored: StudioSnapshot = workspace.session.snapshot;
      expect(restored.cursor).toBe(1);
      expect(restored.mode).toBe('walls');
      expect(restored.scenes).toHaveLength(2);
      expect(restored.scenes[0]?.detections[0]?.class_name).toBe('oven');
      const mediaId = (url: string) => /^\/media\/([\w-]{22})/.exec(url)?.[1];
      expect(mediaId(restored.scenes[1]!.current_image.src)).toBe(mediaId(second.src));
      const image = await ctx().app.inject({ method: 'GET', url: restored.scenes[1]!.current_image.src });
      expect(image.statusCode).toBe(200);
      // Stored without signatures: what is signed is minted at each read.
      const [row] = await ctx().db.select().from(designSessions).where(eq(designSessions.id, session.session_id));
      expect(row).toBeTruthy();

      const opened = await user.get(STUDIO_ROUTES.session(session.session_id));
      expect(opened.json().session.snapshot.scenes).toHaveLength(2);
    });

    it("refuses another user's session and a snapshot naming another user's image", async () => {
      const owner = await studioUser(ctx(), { plan: 'paid' });
      const other = await studioUser(ctx(), { plan: 'paid' });
      const session = (await owner.post(STUDIO_ROUTES.sessions, { image_data: kitchenUrl })).json().session;
      const mine = (await other.post(STUDIO_ROUTES.sessions, { image_data: kitchenUrl })).json().session;
      expect((await other.get(STUDIO_ROUTES.session(session.session_id))).statusCode).toBe(404);
      const image = { src: session.original_image_url, width: 424, height: 640 };
      const snapshot = snapshotOf([image], 0);
      expect((await send(other, 'PUT', STUDIO_ROUTES.sessionSnapshot(session.session_id), { snapshot })).statusCode).toBe(404);
      const stolen = await send(other, 'PUT', STUDIO_ROUTES.sessionSnapshot(mine.session_id), { snapshot });
      expect(stolen.statusCode).toBe(400);
      const bad = await send(owner, 'PUT', STUDIO_ROUTES.sessionSnapshot(session.session_id), {
        snapshot: { ...snapshot, cursor: 3 },
      });
      expect(bad.statusCode).toBe(400);
    });

    it('reopens the session touched last, and drops an earlier room that was only an upload', async () => {
      const user = await studioUser(ctx(), { plan: 'paid', credits: 5 });
      const first = (await user.post(STUDIO_ROUTES.sessions, { image_data: kitchenUrl })).json().session;
      const second = (await user.post(STUDIO_ROUTES.sessions, { image_data: kitchenUrl })).json().session;
      // The first had no step: the new photo replaced it, and its stored photo went with it.
      expect((await user.get(STUDIO_ROUTES.session(first.session_id))).statusCode).toBe(404);
      const firstMedia = /^\/media\/([\w-]{22})/.exec(first.original_image_url)?.[1] ?? '';
      expect(await ctx().db.select().from(media).where(eq(media.id, firstMedia))).toHaveLength(0);
      expect((await user.get(STUDIO_ROUTES.workspace)).json().session.session_id).toBe(second.session_id);
    });

    it("collects the images only a session's saved state shows when it is deleted or dropped, and no other session's", async () => {
      const c = ctx();
      const user = await studioUser(c, { plan: 'paid', credits: 5 });
      const mediaId = (url: string) => /^\/media\/([\w-]{22})/.exec(url)?.[1] ?? '';
      const fileOf = (id: string) => path.join(c.config.dataDir, 'media', id.slice(0, 2), id);
      const stored = async (ids: string[]) =>
        (await c.db.select({ id: media.id }).from(media).where(inArray(media.id, ids))).map((row) => row.id);
      // Images of the user that no step of a session stored: copies of the sample's detection drawing (free).
      const looseImage = async () => {
        const detected = await user.post(STUDIO_ROUTES.detectObjects, { image_data: sampleUrl });
        expect(detected.statusCode, detected.body).toBe(200);
        return { src: detected.json().annotated_image as string, width: 1200, height: 800 };
      };
      const onlyFirst = await looseImage();
      const shared = await looseImage();

      const first = (await user.post(STUDIO_ROUTES.sessions, { image_data: kitchenUrl })).json().session;
      const removed = await user.post(STUDIO_ROUTES.removeObject, {
        image_data: first.original_image_url,
        detection: { id: 'd1', class_name: 'oven', bbox: [60, 120, 110, 170], confidence: 0.9 },
        session_id: first.session_id,
      });
      expect(removed.statusCode, removed.body).toBe(200);
      const firstOriginal = { src: first.original_image_url, width: 424, height: 640 };
      const firstSaved = await send(user, 'PUT', STUDIO_ROUTES.sessionSnapshot(first.session_id), {
        snapshot: snapshotOf([firstOriginal, { src: removed.json().result_image, width: 424, height: 640 }, onlyFirst, shared], 3),
      });
      expect(firstSaved.statusCode, firstSaved.body).toBe(200);
      // A second room (no paid step yet) whose saved state shows the shared image too.
      const second = (await user.post(STUDIO_ROUTES.sessions, { image_data: kitchenUrl })).json().session;
      const secondOriginal = { src: second.original_image_url, width: 424, height: 640 };
      const secondSaved = await send(user, 'PUT', STUDIO_ROUTES.sessionSnapshot(second.session_id), {
        snapshot: snapshotOf([secondOriginal, shared], 1),
      });
      expect(secondSaved.statusCode, secondSaved.body).toBe(200);

      const deleted = await c.app.inject({ method: 'DELETE', url: HISTORY_ROUTES.deleteSession(first.session_id), headers: user.headers });
      expect(deleted.statusCode, deleted.body).toBe(200);
      const firstFiles = [firstOriginal.src, removed.json().result_image as string, onlyFirst.src].map(mediaId);
      expect(await stored(firstFiles)).toEqual([]);
      for (const id of firstFiles) expect(existsSync(fileOf(id)), id).toBe(false);
      // The second room's state still shows its images, the shared one included.
      expect(await stored([mediaId(shared.src)])).toEqual([mediaId(shared.src)]);
      const reopened = (await user.get(STUDIO_ROUTES.session(second.session_id))).json().session;
      for (const scene of reopened.snapshot.scenes) {
        expect((await c.app.inject({ method: 'GET', url: scene.current_image.src })).statusCode).toBe(200);
      }

      // A new photo drops the second room (only an upload), and its files with it: nothing is left behind.
      expect((await user.post(STUDIO_ROUTES.sessions, { image_data: kitchenUrl })).statusCode).toBe(201);
      expect((await user.get(STUDIO_ROUTES.session(second.session_id))).statusCode).toBe(404);
      const secondFiles = [secondOriginal.src, shared.src].map(mediaId);
      expect(await stored(secondFiles)).toEqual([]);
      for (const id of secondFiles) expect(existsSync(fileOf(id)), id).toBe(false);
    }, 120_000);

    it("refuses a free user's third room with 403 and keeps the two rooms working", async () => {
      const user = await studioUser(ctx(), { credits: 10 });
      const detection = { id: 'd1', class_name: 'oven', bbox: [60, 120, 110, 170], confidence: 0.9 };
      const rooms: string[] = [];
      for (let room = 0; room < 2; room += 1) {
        const session = (await user.post(STUDIO_ROUTES.sessions, { image_data: kitchenUrl })).json().session;
        const step = await user.post(STUDIO_ROUTES.removeObject, {
          image_data: session.original_image_url,
          detection,
          session_id: session.session_id,
        });
        expect(step.statusCode, step.body).toBe(200);
        rooms.push(session.session_id);
      }
      expect((await user.get(STUDIO_ROUTES.workspace)).json().rooms).toEqual({ used: 2, limit: 2 });
      const third = await user.post(STUDIO_ROUTES.sessions, { image_data: kitchenUrl });
      expect(third.statusCode).toBe(403);
      expect(third.json().detail).toBe(ROOM_LIMIT_MESSAGE);
      // Nor through a paid call that would open a session of its own.
      const direct = await user.post(STUDIO_ROUTES.removeObject, { image_data: kitchenUrl, detection });
      expect(direct.statusCode).toBe(403);
      expect(await user.credits()).toBe(8);
      // The rooms it has keep working.
      const more = await user.post(STUDIO_ROUTES.removeObject, { image_data: kitchenUrl, detection, session_id: rooms[0] });
      expect(more.statusCode, more.body).toBe(200);
      expect(await user.credits()).toBe(7);
    });

    it('remembers the auto-detect toggle and the end of the tutorial', async () => {
      const user = await studioUser(ctx());
      const changed = await send(user, 'PATCH', STUDIO_ROUTES.preferences, { auto_detect_on_upload: false });
      expect(changed.json().preferences).toEqual({ auto_detect_on_upload: false, tutorial_status: 'pending' });
      await send(user, 'PATCH', STUDIO_ROUTES.preferences, { tutorial_status: 'completed' });
      expect((await user.get(STUDIO_ROUTES.workspace)).json().preferences).toEqual({
        auto_detect_on_upload: false,
        tutorial_status: 'completed',
      });
      expect((await send(user, 'PATCH', STUDIO_ROUTES.preferences, { tutorial_status: 'restarted' })).statusCode).toBe(400);
    });

    it("runs the tutorial's three steps on the sample room for free, computed once, and no other image", async () => {
      const user = await studioUser(ctx(), { credits: 3 });
      const detected = await user.post(STUDIO_ROUTES.detectObjects, { image_data: sampleUrl });
      expect(detected.statusCode, detected.body).toBe(200);
      const detections = detected.json().detections;
      expect(detections.length).toBeGreaterThan(0);
      expect(detected.json()).toMatchObject({ credits_remaining: 3, session_id: null });

      const removed = await user.post(STUDIO_ROUTES.removeObject, { image_data: sampleUrl, detection: detections[0] });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json()).toMatchObject({ credits_remaining: 3, session_id: null, placement_id: null });
      const walls = await user.post(STUDIO_ROUTES.changeWallMaterial, {
        image_data: removed.json().result_image,
        material_type: 'light_gray_paint',
      });
      expect(walls.statusCode, walls.body).toBe(200);
      expect(walls.json().credits_remaining).toBe(3);
      expect(await user.credits()).toBe(3);
      expect(await ctx().db.select().from(creditLedger).where(eq(creditLedger.userId, user.id))).toHaveLength(0);
      expect(await ctx().db.select().from(designSessions).where(eq(designSessions.userId, user.id))).toHaveLength(0);

      // A second new user gets the same results from the cache: nothing is computed again.
      const cachedBefore = await ctx().db.select().from(studioDemoResults);
      const next = await studioUser(ctx(), { credits: 3 });
      const again = await next.post(STUDIO_ROUTES.detectObjects, { image_data: sampleUrl });
      expect(again.json().detections).toEqual(detections);
      const removedAgain = await next.post(STUDIO_ROUTES.removeObject, { image_data: sampleUrl, detection: detections[0] });
      const [a, b] = await Promise.all(
        [removed.json().result_image, removedAgain.json().result_image].map(async (url: string) =>
          sharp((await ctx().app.inject({ method: 'GET', url })).rawPayload).raw().toBuffer(),
        ),
      );
      expect(a?.equals(b!)).toBe(true);
      expect(await ctx().db.select().from(studioDemoResults)).toHaveLength(cachedBefore.length);

      // Only the sample is free: the result of the walls, a box the server did not find, a real photo cost credits.
      const onWalls = await user.post(STUDIO_ROUTES.changeWallMaterial, {
        image_data: walls.json().result_image,
        material_type: 'brick',
      });
      expect(onWalls.json().credits_remaining).toBe(2);
      const madeUp = await user.post(STUDIO_ROUTES.removeObject, {
        image_data: sampleUrl,
        detection: { ...detections[0], bbox: [5, 5, 60, 60] },
        session_id: onWalls.json().session_id,
      });
      expect(madeUp.json().credits_remaining).toBe(1);
      // The engine runs several times here (detection, removal, walls): more than the default 30 s on a busy machine.
    }, 120_000);

    it('charges nothing for a detection that finds no object', async () => {
      const user = await studioUser(ctx(), { credits: 1 });
      const blank = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#d8d4cc' } }).jpeg().toBuffer();
      const response = await user.post(STUDIO_ROUTES.detectObjects, { image_data: dataUrl(blank) });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ detections: [], credits_remaining: 1 });
      expect(await user.credits()).toBe(1);
      expect(await ctx().db.select().from(creditLedger).where(eq(creditLedger.userId, user.id))).toHaveLength(0);
    });
  },
  { env: { VISION_WORKERS: '2' } },
);
