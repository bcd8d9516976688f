import { STUDIO_ROUTES } from '@stagecraft/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { designSessions } from '../../db/schema.ts';
import { describeEachDatabase, engineSuiteKinds } from '../../../test/test-app.ts';
import { emptyRoomUrl, openSession, studioUser } from '../../../test/studio.ts';

interface RoomModelBody {
  success: true;
  session_id: string;
  room_model: {
    width: number;
    height: number;
    floor: { polygon: [number, number][] };
    walls: unknown[];
    labels: { width: number; height: number; data: string };
    camera: { focalPx: number; focalSource: string };
    timingMs: number;
  };
}

describeEachDatabase(
  'studio: one room model per session',
  (ctx) => {
    // An empty room (floor in the lower half), 424x640.
    let roomUrl: string;
    beforeAll(async () => {
      roomUrl = await emptyRoomUrl(424, 640);
    });

    it('computes it once from the original when the room starts, stores it, serves it to the owner only', async () => {
      const owner = await studioUser(ctx(), { credits: 3 });
      const sessionId = await openSession(owner, roomUrl);

      // The first read waits for the background computation the upload started.
      const first = await owner.get(STUDIO_ROUTES.sessionRoomModel(sessionId));
      expect(first.statusCode, first.body).toBe(200);
      const body = first.json<RoomModelBody>();
      expect(body.session_id).toBe(sessionId);
      expect([body.room_model.width, body.room_model.height]).toEqual([424, 640]);
      expect(body.room_model.floor.polygon.length).toBeGreaterThanOrEqual(3);
      expect(Buffer.from(body.room_model.labels.data, 'base64')).toHaveLength(
        body.room_model.labels.width * body.room_model.labels.height,
      );
      const [row] = await ctx().db.select().from(designSessions).where(eq(designSessions.id, sessionId));
      expect(row?.roomModel?.timingMs).toBe(body.room_model.timingMs);
      // The stored model keeps its photo's fingerprint and detections for the engine; the API does not serve them.
      expect(row?.roomModel?.source?.fingerprint).toMatch(/^[0-9a-f]{40}$/);
      expect(body.room_model).not.toHaveProperty('source');

      // An edit does not change it: the next read is the stored model of the original, not a new estimate.
      const removal = await owner.post(STUDIO_ROUTES.removeObject, {
        image_data: roomUrl,
        detection: { id: 'x', class_name: 'chair', bbox: [150, 420, 260, 560], confidence: 1 },
        session_id: sessionId,
      });
      expect(removal.statusCode, removal.body).toBe(200);
      // The walls of an edited image are laid on the session's model too (no new estimate from the edit).
      const walls = await owner.post(STUDIO_ROUTES.changeWallMaterial, {
        image_data: removal.json<{ result_image: string }>().result_image,
        material_type: 'white_paint',
        session_id: sessionId,
      });
      expect(walls.statusCode, walls.body).toBe(200);
      const again = (await owner.get(STUDIO_ROUTES.sessionRoomModel(sessionId))).json<RoomModelBody>();
      expect(again.room_model).toEqual(body.room_model);

      const stranger = await studioUser(ctx(), { credits: 2 });
      expect((await stranger.get(STUDIO_ROUTES.sessionRoomModel(sessionId))).statusCode).toBe(404);
      expect((await owner.get(STUDIO_ROUTES.sessionRoomModel('no-such-session'))).statusCode).toBe(404);
      // ~6 s idle (a room model and a removal on a 424x640 photo); generous for a shared machine.
    }, 90_000);

    it("takes the camera's focal length from the upload's EXIF lens, as a phone writes it", async () => {
      const owner = await studioUser(ctx(), { credits: 3 });
      const plain = Buffer.from(roomUrl.slice(roomUrl.indexOf(',') + 1), 'base64');
      // A 20 mm equivalent: on a 424x640 photo, 20 / 43.27 (a 35 mm frame's diagonal) of its 768 px diagonal.
      const tagged = await sharp(plain)
        .withExif({ IFD2: { FocalLengthIn35mmFilm: '20' } })
        .jpeg({ quality: 90 })
        .toBuffer();
      const sessionId = await openSession(owner, `data:image/jpeg;base64,${tagged.toString('base64')}`);
      const read = await owner.get(STUDIO_ROUTES.sessionRoomModel(sessionId));
      expect(read.statusCode, read.body).toBe(200);
      const { camera } = read.json<RoomModelBody>().room_model;
      expect(camera.focalSource).toBe('exif');
      expect(camera.focalPx).toBeGreaterThan(0.85 * ((20 / Math.hypot(36, 24)) * Math.hypot(424, 640)));
      expect(camera.focalPx).toBeLessThan(1.15 * ((20 / Math.hypot(36, 24)) * Math.hypot(424, 640)));
    }, 90_000);
  },
  { env: { VISION_WORKERS: '1' } },
  engineSuiteKinds(),
);
