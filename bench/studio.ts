/**
 * Time of each studio operation through the API (app.inject: routing, validation, base64, the vision pool,
 * storage, the ledger transaction) on a 1920x1280 photo: one warm-up call (models load), then the median of 5.
 *
 *   node --import tsx bench/studio.ts [--runs 5] [--only detect,remove]
 *
 * Calls whose route is not registered in this build are listed as such, not timed. Reads the shared room
 * fixtures (../shared or $STAGECRAFT_FIXTURES), like the tests.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { STUDIO_ROUTES } from '@stagecraft/contracts';
import sharp from 'sharp';
import { embeddedApp } from './embedded-app.ts';
import { dataUrl, multipart, readRoomFixture, studioUser } from '../apps/server/test/studio.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, only: { type: 'string' } } });
const runs = Number(values.runs);
const only = values.only?.split(',');

const photo = async (name: string, quality = 90) =>
  sharp(await readRoomFixture(name))
    .resize(1920, 1280, { fit: 'cover' })
    .jpeg({ quality })
    .toBuffer();
const mask = async (box: [number, number, number, number]) => {
  const [x1, y1, x2, y2] = box;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1280"><rect width="100%" height="100%"/><rect x="${x1}" y="${y1}" width="${x2 - x1}" height="${y2 - y1}" rx="12" fill="#fff"/></svg>`;
  return dataUrl(await sharp(Buffer.from(svg)).png().toBuffer(), 'image/png');
};

const embedded = await embeddedApp('studio-bench');
const { ctx } = embedded;
try {
  const user = await studioUser(ctx, { credits: 100_000, plan: 'pro' });
  const furnished = dataUrl(await photo('furnished_houses_101_bedroom.jpg'));
  // Photos the server has not seen (the same room, JPEG-encoded at other qualities), to time the first edit of a
  // photo without a session: the server models a posted photo once and keeps the model for its next edits.
  const unseenPhotos = async (firstQuality: number) => {
    const urls = await Promise.all(
      Array.from({ length: runs + 1 }, async (_, k) =>
        dataUrl(await photo('furnished_houses_101_bedroom.jpg', firstQuality - k)),
      ),
    );
    let next = 0;
    return () => urls[next++ % urls.length] ?? furnished;
  };
  const unseenForWalls = await unseenPhotos(89);
  const unseenForRemoval = await unseenPhotos(79);
  const empty = dataUrl(await photo('empty_maateusx_furnish-before.jpg'));
  const chair = await sharp(await readRoomFixture('furniture/furni_product-1.png'))
    .flatten({ background: '#f4f1ea' })
    .jpeg()
    .toBuffer();
  const uploaded = await ctx.app.inject({
    method: 'POST',
    url: STUDIO_ROUTES.uploadCustomFurniture,
    ...(await multipart('furniture_image', chair, 'chair.jpg', user.headers)),
  });
  const furnitureId = uploaded.statusCode === 200 ? uploaded.json<{ furniture_id: string }>().furniture_id : 'none';
  // A ~5% box (the size of a side table or a lamp in a room photo) and a brush stroke of ~1.8%.
  const detection = { id: 'bench', class_name: 'nightstand', bbox: [1300, 700, 1650, 1050], confidence: 0.9 };
  const place = { image_data: empty, x: 960, y: 1100, image_width: 1920, image_height: 1280, size_scale: 1 };
  // The studio's own way (issue 15): a design session on the empty room, whose room model (computed once, in the
  // background, from the upload) lets a library piece with a mesh be drawn in 3D and the room be staged.
  const session = await user.post(STUDIO_ROUTES.sessions, { image_data: empty });
  if (session.statusCode !== 201) throw new Error(`session: ${session.statusCode} ${session.body}`);
  const sessionId = session.json<{ session: { session_id: string } }>().session.session_id;
  const roomStarted = performance.now();
  const room = await user.get(STUDIO_ROUTES.sessionRoomModel(sessionId));
  if (room.statusCode !== 200) throw new Error(`room model: ${room.statusCode} ${room.body}`);
  console.log(`room model of the session (once, before the timings): ${(performance.now() - roomStarted).toFixed(0)} ms`);
  // The furnished room's own detections (once, untimed): its largest object for a large removal (the issue's 15%
  // case) and its five largest for empty-the-room.
  const found = await user.post(STUDIO_ROUTES.detectObjects, { image_data: furnished });
  if (found.statusCode !== 200) throw new Error(`detect: ${found.statusCode} ${found.body}`);
  type Found = { id: string; class_name: string; bbox: [number, number, number, number]; confidence: number };
  const share = (d: Found) => ((d.bbox[2] - d.bbox[0]) * (d.bbox[3] - d.bbox[1])) / (1920 * 1280);
  const largest = found
    .json<{ detections: Found[] }>()
    .detections.slice()
    .sort((a, b) => share(b) - share(a));
  const biggest = largest[0];
  const fiveLargest = largest.slice(0, 5);
  console.log(
    `furnished room: largest object ${biggest?.class_name} ${((biggest ? share(biggest) : 0) * 100).toFixed(1)}% of the frame; ` +
      `empty-the-room: ${fiveLargest.map((d) => `${d.class_name} ${(share(d) * 100).toFixed(1)}%`).join(', ')}`,
  );
  const stage = { image_data: empty, session_id: sessionId, theme_key: 'japandi', room_type: 'living' };
  // A session on the furnished photo too: its removals then fill the floor in perspective from its room model. It
  // belongs to a second user: a new upload drops the same user's room that has no paid step yet (the empty room's
  // session above), which left the session operations below timing a 404.
  const furnishedUser = await studioUser(ctx, { credits: 100_000, plan: 'pro' });
  const furnishedSession = await furnishedUser.post(STUDIO_ROUTES.sessions, { image_data: furnished });
  if (furnishedSession.statusCode !== 201) throw new Error(`session: ${furnishedSession.statusCode} ${furnishedSession.body}`);
  const furnishedSessionId = furnishedSession.json<{ session: { session_id: string } }>().session.session_id;
  const furnishedRoom = await furnishedUser.get(STUDIO_ROUTES.sessionRoomModel(furnishedSessionId));
  if (furnishedRoom.statusCode !== 200) throw new Error(`room model: ${furnishedRoom.statusCode} ${furnishedRoom.body}`);

  // The room model once per session, as a user meets it: an upload starts a design session, whose model is computed
  // in the background (the CenterNet and NanoDet halves in two workers at once, then the build) and read back.
  // Warm, unlike the first session's above, which also loads the models into the workers. Its own user: a new
  // upload drops the same user's room that has no paid step yet.
  // A photo the server has not seen each time: the server keeps the models of recently posted photos by their
  // bytes, so the same photo again timed a cache read (~40 ms), not the model.
  const roomUser = await studioUser(ctx, { credits: 100_000, plan: 'pro' });
  const unseenForSessions = await unseenPhotos(69);
  const sessionRoomModel = async () => {
    const created = await roomUser.post(STUDIO_ROUTES.sessions, { image_data: unseenForSessions() });
    if (created.statusCode !== 201) return created;
    const id = created.json<{ session: { session_id: string } }>().session.session_id;
    return roomUser.get(STUDIO_ROUTES.sessionRoomModel(id));
  };

  const operations: [string, () => Promise<{ statusCode: number; body: string }>][] = [
    ['new session + room model', sessionRoomModel],
    ['detect', () => user.post(STUDIO_ROUTES.detectObjects, { image_data: furnished })],
    ['remove', () => user.post(STUDIO_ROUTES.removeObject, { image_data: furnished, detection })],
    ['remove-largest', () => user.post(STUDIO_ROUTES.removeObject, { image_data: furnished, detection: biggest ?? detection })],
    // The issue's own case: an object of 15% of the frame standing on the floor (its box, 780x472).
    [
      'remove-15%',
      () =>
        user.post(STUDIO_ROUTES.removeObject, {
          image_data: furnished,
          detection: { ...detection, bbox: [560, 560, 1340, 1032] },
        }),
    ],
    [
      'remove-15% (new photo)',
      () =>
        user.post(STUDIO_ROUTES.removeObject, {
          image_data: unseenForRemoval(),
          detection: { ...detection, bbox: [560, 560, 1340, 1032] },
        }),
    ],
    [
      'remove-15% in session',
      () =>
        furnishedUser.post(STUDIO_ROUTES.removeObject, {
          image_data: furnished,
          detection: { ...detection, bbox: [560, 560, 1340, 1032] },
          session_id: furnishedSessionId,
        }),
    ],
    ['empty-the-room (5)', () => user.post(STUDIO_ROUTES.removeAllObjects, { image_data: furnished, detections: fiveLargest })],
    [
      'empty-the-room (5) in session',
      () =>
        furnishedUser.post(STUDIO_ROUTES.removeAllObjects, {
          image_data: furnished,
          detections: fiveLargest,
          session_id: furnishedSessionId,
        }),
    ],
    [
      'erase',
      async () =>
        user.post(STUDIO_ROUTES.eraseFromDrawnArea, { image_data: furnished, mask_image: await mask([300, 900, 520, 1100]) }),
    ],
    [
      'replace',
      () => user.post(STUDIO_ROUTES.replaceObject, { image_data: furnished, detection, new_furniture_type: 'armchair' }),
    ],
    ['place', () => user.post(STUDIO_ROUTES.placeFurniture, { ...place, furniture_type: 'sofa' })],
    [
      'place-3d (session)',
      () =>
        user.post(STUDIO_ROUTES.placeThemedFurniture, {
          ...place,
          theme_key: 'japandi',
          furniture_item: 'sofa',
          session_id: sessionId,
        }),
    ],
    ['stage-room (session)', () => user.post(STUDIO_ROUTES.stageRoom, stage)],
    [
      'place-themed',
      () => user.post(STUDIO_ROUTES.placeThemedFurniture, { ...place, theme_key: 'bohemian', furniture_item: 'armchair' }),
    ],
    ['place-custom', () => user.post(STUDIO_ROUTES.placeCustomFurniture, { ...place, furniture_id: furnitureId })],
    [
      'drawn-area',
      async () =>
        user.post(STUDIO_ROUTES.addFurnitureToDrawnArea, {
          image_data: empty,
          furniture_type: 'sofa',
          mask_image: await mask([600, 850, 1400, 1200]),
        }),
    ],
    ['walls', () => user.post(STUDIO_ROUTES.changeWallMaterial, { image_data: furnished, material_type: 'sage_green_paint' })],
    [
      'walls (new photo)',
      () => user.post(STUDIO_ROUTES.changeWallMaterial, { image_data: unseenForWalls(), material_type: 'sage_green_paint' }),
    ],
    // The studio's own way: in a design session, whose room model was computed once from the upload.
    [
      'walls (session)',
      () =>
        user.post(STUDIO_ROUTES.changeWallMaterial, {
          image_data: empty,
          material_type: 'sage_green_paint',
          session_id: sessionId,
        }),
    ],
    ['enhance-4k', () => user.post(STUDIO_ROUTES.enhanceImage, { image_data: furnished, enhancement_level: '4k' })],
    ['enhance-8k', () => user.post(STUDIO_ROUTES.enhanceImage, { image_data: furnished, enhancement_level: '8k' })],
    [
      'upload-custom',
      async () =>
        ctx.app.inject({
          method: 'POST',
          url: STUDIO_ROUTES.uploadCustomFurniture,
          ...(await multipart('furniture_image', chair, 'chair.jpg', user.headers)),
        }),
    ],
    ['export (watermark)', () => user.post(STUDIO_ROUTES.exportImage, { image_data: furnished })],
  ];

  console.log(`| operation (1920x1280) | median ms | min | max | status |`);
  console.log(`| --- | --- | --- | --- | --- |`);
  for (const [name, call] of operations) {
    if (only && !only.includes(name)) continue;
    await user.renewToken();
    await furnishedUser.renewToken();
    await roomUser.renewToken();
    const warm = await call();
    if (warm.statusCode === 404) {
      console.log(`| ${name} | | | | not registered in this build |`);
      continue;
    }
    if (warm.statusCode !== 200) {
      console.log(`| ${name} | | | | ${warm.statusCode}: ${warm.body.slice(0, 120)} |`);
      continue;
    }
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      await user.renewToken();
      await roomUser.renewToken();
      const started = performance.now();
      const response = await call();
      times.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
      if (run === 0 && name.startsWith('stage-room')) {
        const { staged } = JSON.parse(response.body) as { staged: { furniture_type: string }[] };
        console.log(`stage-room drew ${staged.length} pieces: ${staged.map((piece) => piece.furniture_type).join(', ')}`);
      }
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] ?? 0;
    console.log(
      `| ${name} | ${median.toFixed(0)} | ${times[0]?.toFixed(0)} | ${times.at(-1)?.toFixed(0)} | 200, load ${os.loadavg()[0]?.toFixed(1)} |`,
    );
  }
} finally {
  await embedded.close();
}
