import { randomUUID } from 'node:crypto';
import { INSUFFICIENT_CREDITS_MESSAGES, STUDIO_ROUTES } from '@stagecraft/contracts';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { creditLedger, designPlacements, designSessions, trackedActions, users } from '../../db/schema.ts';
import { describeEachDatabase, engineSuiteKinds } from '../../../test/test-app.ts';
import { dataUrl, meanDifference, multipart, readRoomFixture, rgbPixels, roomPhoto, studioUser } from '../../../test/studio.ts';

interface ResultBody {
  success: true;
  result_image: string;
  credits_remaining: number;
  session_id: string;
  placement_id: string;
}
interface DetectBody {
  success: true;
  detections: { id: string; class_name: string; bbox: [number, number, number, number]; confidence: number }[];
  annotated_image: string;
  credits_remaining: number;
  session_id: string;
}

/** A white stroke on black, at the photo's size: what the client's brush sends. */
async function strokeMask(width: number, height: number, box: [number, number, number, number]): Promise<string> {
  const [x1, y1, x2, y2] = box;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#000"/><rect x="${x1}" y="${y1}" width="${x2 - x1}" height="${y2 - y1}" rx="6" fill="#fff"/></svg>`;
  return dataUrl(await sharp(Buffer.from(svg)).png().toBuffer(), 'image/png');
}

describeEachDatabase(
  'studio',
  (ctx) => {
    // A real kitchen (COCO val 802: refrigerator, oven), 424x640: small enough for a fast engine.
    let kitchen: Buffer;
    let kitchenUrl: string;
    // An empty room (floor in the lower half), 424 px wide: where furniture goes.
    let room: Buffer;
    let roomUrl: string;
    const small: [number, number, number, number] = [60, 120, 110, 170];
    beforeAll(async () => {
      kitchen = await roomPhoto('coco_val2017_000000000802.jpg', 640);
      kitchenUrl = dataUrl(kitchen);
      room = await sharp(await readRoomFixture('empty_maateusx_furnish-before.jpg'))
        .resize(424, 640, { fit: 'cover' })
        .jpeg({ quality: 90 })
        .toBuffer();
      roomUrl = dataUrl(room);
    });

    const fetchMedia = async (url: string) => {
      const response = await ctx().app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      return response.rawPayload;
    };

    it('serves the catalogue: 56 manual types in 8 categories, rendered furniture, 20 wall materials, 16 themes', async () => {
      const user = await studioUser(ctx());
      expect((await ctx().app.inject({ method: 'GET', url: STUDIO_ROUTES.furnitureTypes })).statusCode).toBe(401);
      const types = (await user.get(STUDIO_ROUTES.furnitureTypes)).json();
      expect(Object.keys(types.manual_object_types)).toHaveLength(56);
      expect(Object.keys(types.manual_object_categories)).toHaveLength(8);
      expect(Object.values<string[]>(types.manual_object_categories).flat()).toHaveLength(56);
      expect(types.material_types).toHaveLength(20);
      expect(types.material_types).toEqual(expect.arrayContaining(['white_paint', 'brick', 'wallpaper_stripes']));
      expect(types.furniture_types.length).toBeGreaterThan(0);
      for (const type of types.furniture_types) expect(types.furniture_type_labels[type]).toBeTruthy();

      const themes = (await user.get(STUDIO_ROUTES.themes)).json();
      expect(Object.keys(themes.themes)).toHaveLength(16);
      expect(themes.themes.bohemian.name).toBe('Bohemian');
      const materials = await user.get(STUDIO_ROUTES.themeMaterials('industrial'));
      expect(materials.json()).toMatchObject({ success: true, theme: 'industrial' });
      for (const material of materials.json().materials) expect(types.material_types).toContain(material);
      const furniture = await user.get(STUDIO_ROUTES.themeFurniture('bohemian'));
      expect(furniture.statusCode).toBe(200);
      for (const item of furniture.json().furniture) expect(types.furniture_types).toContain(item);
      expect((await user.get(STUDIO_ROUTES.themeFurniture('gothic'))).statusCode).toBe(404);
      expect((await user.get(STUDIO_ROUTES.themeMaterials('gothic'))).statusCode).toBe(404);
      expect((await user.get(STUDIO_ROUTES.drawingFurnitureTypes)).json().all_furniture_types).toEqual(types.furniture_types);
    });

    it('detects objects for 1 credit, draws them, and opens a design session', async () => {
      const user = await studioUser(ctx(), { credits: 2 });
      const response = await user.post(STUDIO_ROUTES.detectObjects, { image_data: kitchenUrl });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<DetectBody>();
      expect(body.credits_remaining).toBe(1);
      expect(await user.credits()).toBe(1);
      expect(body.detections.map((d) => d.class_name)).toContain('refrigerator');
      for (const detection of body.detections) {
        expect(detection.bbox[2]).toBeLessThanOrEqual(424);
        expect(detection.bbox[3]).toBeLessThanOrEqual(640);
      }
      const annotated = await sharp(await fetchMedia(body.annotated_image)).metadata();
      expect([annotated.format, annotated.width, annotated.height]).toEqual(['jpeg', 424, 640]);

      const [session] = await ctx().db.select().from(designSessions).where(eq(designSessions.id, body.session_id));
      expect(session).toMatchObject({ userId: user.id, detectionCount: 1, placementCount: 0 });
      const actions = await ctx().db.select().from(trackedActions).where(eq(trackedActions.userId, user.id));
      expect(actions.map((row) => row.action).sort()).toEqual(['CREDIT_USAGE', 'FIRST_IMAGE_UPLOAD', 'FIRST_OBJECT_DETECTION']);

      // A second detection in the same session is neither a first upload nor a first detection.
      const again = await user.post(STUDIO_ROUTES.detectObjects, { image_data: kitchenUrl, session_id: body.session_id });
      expect(again.statusCode).toBe(200);
      expect(again.json<DetectBody>().session_id).toBe(body.session_id);
      const after = await ctx().db.select().from(trackedActions).where(eq(trackedActions.userId, user.id));
      expect(after.filter((row) => row.action.startsWith('FIRST_'))).toHaveLength(2);
    });

    it('answers 402 with the spec message for each paid call without credits, and charges nothing', async () => {
      const user = await studioUser(ctx(), { credits: 0 });
      const detection = { id: 'd1', class_name: 'oven', bbox: small, confidence: 0.9 };
      const calls: [string, object, string][] = [
        [STUDIO_ROUTES.detectObjects, { image_data: kitchenUrl }, INSUFFICIENT_CREDITS_MESSAGES.detectObjects],
        [STUDIO_ROUTES.removeObject, { image_data: kitchenUrl, detection }, INSUFFICIENT_CREDITS_MESSAGES.removeObject],
        [
          STUDIO_ROUTES.eraseFromDrawnArea,
          { image_data: kitchenUrl, mask_image: await strokeMask(424, 640, small) },
          'Insufficient credits for erasing (costs 1 credit)',
        ],
      ];
      for (const [url, payload, message] of calls) {
        const response = await user.post(url, payload);
        expect(response.statusCode, url).toBe(402);
        expect(response.json().detail).toBe(message);
      }
      expect(await user.credits()).toBe(0);
    });

    it('lets two requests at once spend the last credit only once', async () => {
      const user = await studioUser(ctx(), { credits: 1 });
      const responses = await Promise.all([
        user.post(STUDIO_ROUTES.detectObjects, { image_data: kitchenUrl }),
        user.post(STUDIO_ROUTES.detectObjects, { image_data: kitchenUrl }),
      ]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 402]);
      expect(responses.find((r) => r.statusCode === 402)?.json().detail).toBe('Insufficient credits for object detection');
      expect(await user.credits()).toBe(0);
      const ledger = await ctx().db.select().from(creditLedger).where(eq(creditLedger.userId, user.id));
      expect(ledger).toHaveLength(1);
      // The loser recorded nothing: one session, one detection.
      const sessions = await ctx().db.select().from(designSessions).where(eq(designSessions.userId, user.id));
      expect(sessions.map((s) => s.detectionCount)).toEqual([1]);
    });

    it('charges nothing when the engine cannot read the image', async () => {
      const user = await studioUser(ctx(), { credits: 3 });
      const notAnImage = dataUrl(Buffer.from('this is not a photo, only text pretending to be one'));
      const response = await user.post(STUDIO_ROUTES.detectObjects, { image_data: notAnImage });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/^Detection failed: /);
      const truncated = dataUrl(kitchen.subarray(0, Math.floor(kitchen.length / 3)));
      const removal = await user.post(STUDIO_ROUTES.removeObject, {
        image_data: truncated,
        detection: { id: 'x', class_name: 'oven', bbox: small, confidence: 1 },
      });
      expect(removal.statusCode).toBe(400);
      expect(removal.json().detail).toMatch(/^Removal failed: /);
      expect(await user.credits()).toBe(3);
      expect(await ctx().db.select().from(designSessions).where(eq(designSessions.userId, user.id))).toHaveLength(0);
    });

    it('refuses images over 10 MB with the spec message, and asks for an image when there is none', async () => {
      const user = await studioUser(ctx(), { credits: 3 });
      const none = await user.post(STUDIO_ROUTES.detectObjects, {});
      expect(none.statusCode).toBe(400);
      expect(none.json().image_data).toEqual(['Please upload an image first']);
      const huge = `data:image/jpeg;base64,${Buffer.alloc(10_485_760 + 1024, 7).toString('base64')}`;
      const response = await user.post(STUDIO_ROUTES.detectObjects, { image_data: huge });
      expect(response.statusCode).toBe(413);
      expect(response.json().detail).toBe('File too large. Please use images under 10MB.');
      expect(await user.credits()).toBe(3);
    });

    it('removes an object, records the step, and takes the stored result as the next input', async () => {
      const user = await studioUser(ctx(), { credits: 3 });
      const detection = { id: 'd1', class_name: 'oven', bbox: small, confidence: 0.9 };
      const response = await user.post(STUDIO_ROUTES.removeObject, { image_data: kitchenUrl, detection });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<ResultBody>();
      expect(body.credits_remaining).toBe(2);
      const before = await rgbPixels(kitchen);
      const after = await rgbPixels(await fetchMedia(body.result_image));
      expect(meanDifference(before, after, small, 'inside')).toBeGreaterThan(3);
      const ring: [number, number, number, number] = [small[0] - 40, small[1] - 40, small[2] + 40, small[3] + 40];
      expect(meanDifference(before, after, ring, 'outside')).toBeLessThan(1.5);

      const [session] = await ctx().db.select().from(designSessions).where(eq(designSessions.id, body.session_id));
      expect(session).toMatchObject({ userId: user.id, placementCount: 1, furnitureTypes: [] });
      const [placement] = await ctx().db.select().from(designPlacements).where(eq(designPlacements.id, body.placement_id));
      expect(placement).toMatchObject({
        action: 'removal',
        furnitureType: 'oven',
        coordinatesX: 85,
        coordinatesY: 170,
        creditsSpent: 1,
      });
      expect(session?.previewMediaId).toBe(placement?.resultMediaId);
      expect(session?.originalMediaId).not.toBe(placement?.resultMediaId);

      // The result's URL is a valid input: no need to send the megabytes back.
      const next = await user.post(STUDIO_ROUTES.removeObject, {
        image_data: body.result_image,
        detection: { ...detection, bbox: [250, 560, 290, 600] },
        session_id: body.session_id,
      });
      expect(next.statusCode, next.body).toBe(200);
      expect(next.json<ResultBody>().session_id).toBe(body.session_id);
      const placements = await ctx().db.select().from(designPlacements).where(eq(designPlacements.sessionId, body.session_id));
      expect(placements).toHaveLength(2);
      expect(await user.credits()).toBe(1);
    });

    it("answers 404 for another user's session or stored image, and charges nothing", async () => {
      const owner = await studioUser(ctx(), { credits: 2 });
      const stranger = await studioUser(ctx(), { credits: 2 });
      const detected = (await owner.post(STUDIO_ROUTES.detectObjects, { image_data: kitchenUrl })).json<DetectBody>();
      const foreignSession = await stranger.post(STUDIO_ROUTES.detectObjects, {
        image_data: kitchenUrl,
        session_id: detected.session_id,
      });
      expect(foreignSession.statusCode).toBe(404);
      const foreignImage = await stranger.post(STUDIO_ROUTES.detectObjects, { image_data: detected.annotated_image });
      expect(foreignImage.statusCode).toBe(404);
      const foreignExport = await stranger.post(STUDIO_ROUTES.exportImage, { image_data: detected.annotated_image });
      expect(foreignExport.statusCode).toBe(404);
      expect(await stranger.credits()).toBe(2);
      // Never a fetch of someone else's URL.
      const remote = await stranger.post(STUDIO_ROUTES.detectObjects, { image_data: 'https://example.com/room.jpg' });
      expect(remote.statusCode).toBe(400);
    });

    it('erases a drawn stroke for 1 credit; a blank drawing costs nothing and says what to do', async () => {
      const user = await studioUser(ctx(), { credits: 2 });
      const tooShort = await user.post(STUDIO_ROUTES.eraseFromDrawnArea, {
        image_data: kitchenUrl,
        mask_image: 'data:image/png;base64,',
      });
      expect(tooShort.statusCode).toBe(400);
      expect(tooShort.json().mask_image).toEqual(['Please draw over the area you want to erase']);
      const blank = await user.post(STUDIO_ROUTES.eraseFromDrawnArea, {
        image_data: kitchenUrl,
        mask_image: await strokeMask(424, 640, [0, 0, 0, 0]),
      });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().detail).toBe('Please draw over the area you want to erase');
      expect(await user.credits()).toBe(2);

      // Drawn on the client's half-size canvas: scaled to the photo's pixels.
      const erased = await user.post(STUDIO_ROUTES.eraseFromDrawnArea, {
        image_data: kitchenUrl,
        mask_image: await strokeMask(212, 320, [30, 60, 55, 85]),
      });
      expect(erased.statusCode, erased.body).toBe(200);
      const body = erased.json<ResultBody>();
      expect(body.credits_remaining).toBe(1);
      const after = await rgbPixels(await fetchMedia(body.result_image));
      expect(meanDifference(await rgbPixels(kitchen), after, small, 'inside')).toBeGreaterThan(3);
      const [placement] = await ctx().db.select().from(designPlacements).where(eq(designPlacements.id, body.placement_id));
      expect(placement).toMatchObject({ action: 'drawing_erase', creditsSpent: 1 });
    });

    it('reports progress to the caller only', async () => {
      const user = await studioUser(ctx(), { credits: 1 });
      const stranger = await studioUser(ctx());
      const progressId = randomUUID();
      const response = await user.post(STUDIO_ROUTES.detectObjects, { image_data: kitchenUrl, progress_id: progressId });
      expect(response.statusCode).toBe(200);
      const progress = await user.get(STUDIO_ROUTES.progress(progressId));
      expect(progress.json()).toEqual({ success: true, progress: 1, status: 'done' });
      expect((await stranger.get(STUDIO_ROUTES.progress(progressId))).statusCode).toBe(404);
      expect((await user.get(STUDIO_ROUTES.progress(randomUUID()))).statusCode).toBe(404);
    });

    it('marks a manual object by a click for free', async () => {
      const user = await studioUser(ctx(), { credits: 0 });
      const missing = await user.post(STUDIO_ROUTES.addManualObject, {
        x: 10,
        y: 10,
        object_type: '',
        image_width: 424,
        image_height: 640,
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().object_type).toEqual(['Please select an object type first']);
      const response = await user.post(STUDIO_ROUTES.addManualObject, {
        x: 200,
        y: 300,
        object_type: 'table_lamp',
        image_width: 424,
        image_height: 640,
      });
      expect(response.statusCode, response.body).toBe(200);
      const { manual_object } = response.json();
      expect(manual_object).toMatchObject({ class_name: 'table_lamp', is_manual: true });
      const [x1, y1, x2, y2] = manual_object.bbox;
      expect(x1 < 200 && 200 < x2 && y1 < 300 && 300 < y2).toBe(true);

      // With the photo, the engine fits the box to the salient object at the click (the refrigerator, COCO box
      // 245,185,411,541): the box reaches the click or comes within the engine's search reach of it.
      const fitted = await user.post(STUDIO_ROUTES.addManualObject, {
        x: 330,
        y: 380,
        object_type: 'refrigerator',
        image_width: 424,
        image_height: 640,
        image_data: kitchenUrl,
      });
      expect(fitted.statusCode, fitted.body).toBe(200);
      const [fx1, fy1, fx2, fy2] = fitted.json().manual_object.bbox;
      const reach = Math.ceil(424 * 0.06) + 1;
      expect(Math.max(fx1 - 330, 330 - fx2, 0)).toBeLessThanOrEqual(reach);
      expect(Math.max(fy1 - 380, 380 - fy2, 0)).toBeLessThanOrEqual(reach);
      expect(fx2).toBeLessThanOrEqual(424);
      expect(fy2).toBeLessThanOrEqual(640);
      expect(await user.credits()).toBe(0);
    });

    it('enhances to 4K for 3 credits, and refuses what is already 4K without charging', async () => {
      const user = await studioUser(ctx(), { credits: 5 });
      const photo = await roomPhoto('coco_val2017_000000000802.jpg', 240);
      const progressId = randomUUID();
      const response = await user.post(STUDIO_ROUTES.enhanceImage, {
        image_data: dataUrl(photo),
        enhancement_level: '4k',
        progress_id: progressId,
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ enhanced_image: string; credits_remaining: number; session_id: string }>();
      expect(body.credits_remaining).toBe(2);
      const enhanced = await sharp(await fetchMedia(body.enhanced_image)).metadata();
      expect([enhanced.format, Math.max(enhanced.width ?? 0, enhanced.height ?? 0)]).toEqual(['jpeg', 3840]);
      expect((await user.get(STUDIO_ROUTES.progress(progressId))).json()).toEqual({ success: true, progress: 1, status: 'done' });

      const tooFew = await user.post(STUDIO_ROUTES.enhanceImage, { image_data: dataUrl(photo), enhancement_level: '4k' });
      expect(tooFew.statusCode).toBe(402);
      expect(tooFew.json().detail).toBe('Insufficient credits for 4K enhancement');
      const eightK = await user.post(STUDIO_ROUTES.enhanceImage, { image_data: dataUrl(photo), enhancement_level: '8k' });
      expect(eightK.json().detail).toBe('Insufficient credits for 8K enhancement');

      const rich = await studioUser(ctx(), { credits: 5 });
      const again = await rich.post(STUDIO_ROUTES.enhanceImage, { image_data: body.enhanced_image, enhancement_level: '4k' });
      expect(again.statusCode).toBe(404); // another user's result
      const big = await sharp({ create: { width: 3840, height: 2160, channels: 3, background: '#888' } })
        .jpeg()
        .toBuffer();
      const already = await rich.post(STUDIO_ROUTES.enhanceImage, { image_data: dataUrl(big), enhancement_level: '4k' });
      expect(already.statusCode).toBe(400);
      expect(already.json().detail).toBe('Enhancement failed: The image is already 4K or larger');
      expect(await rich.credits()).toBe(5);
    });

    it('cuts out an uploaded piece of furniture for its owner; refuses what is not an image', async () => {
      const user = await studioUser(ctx());
      const chair = await sharp(await readRoomFixture('furniture/furni_product-1.png'))
        .resize({ width: 320, height: 320, fit: 'inside' })
        .flatten({ background: '#f4f1ea' })
        .jpeg()
        .toBuffer();
      const upload = await ctx().app.inject({
        method: 'POST',
        url: STUDIO_ROUTES.uploadCustomFurniture,
        ...(await multipart('furniture_image', chair, 'chair.jpg', user.headers)),
      });
      expect(upload.statusCode, upload.body).toBe(200);
      const body = upload.json<{ furniture_id: string; furniture_image: string }>();
      const cut = await sharp(await fetchMedia(body.furniture_image)).metadata();
      expect([cut.format, cut.hasAlpha]).toEqual(['png', true]);

      // Placing it: the owner's furniture_id only, 1 credit.
      const fields = {
        image_data: roomUrl,
        x: 212,
        y: 560,
        image_width: 424,
        image_height: 640,
        furniture_id: body.furniture_id,
      };
      const broke = await user.post(STUDIO_ROUTES.placeCustomFurniture, fields);
      expect(broke.statusCode).toBe(402);
      expect(broke.json().detail).toBe('Insufficient credits for custom furniture placement');
      const stranger = await studioUser(ctx(), { credits: 1 });
      expect((await stranger.post(STUDIO_ROUTES.placeCustomFurniture, fields)).statusCode).toBe(404);
      expect(await stranger.credits()).toBe(1);
      await ctx().db.update(users).set({ credits: 1 }).where(eq(users.id, user.id));
      const placed = await user.post(STUDIO_ROUTES.placeCustomFurniture, fields);
      expect(placed.statusCode, placed.body).toBe(200);
      const result = placed.json<ResultBody>();
      expect(result.credits_remaining).toBe(0);
      const after = await rgbPixels(await fetchMedia(result.result_image));
      expect(meanDifference(await rgbPixels(room), after, [152, 460, 272, 560], 'inside')).toBeGreaterThan(8);

      const text = await ctx().app.inject({
        method: 'POST',
        url: STUDIO_ROUTES.uploadCustomFurniture,
        ...(await multipart('furniture_image', Buffer.from('not an image at all'), 'chair.png', user.headers)),
      });
      expect(text.statusCode).toBe(400);
      expect(text.json().furniture_image).toEqual(['Please upload a valid image file.']);
      const huge = await ctx().app.inject({
        method: 'POST',
        url: STUDIO_ROUTES.uploadCustomFurniture,
        ...(await multipart('furniture_image', Buffer.alloc(10_485_761, 1), 'big.jpg', user.headers)),
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json().detail).toBe('File too large. Please use images under 10MB.');
    });

    it('places a piece of the library where the user clicked, for 1 credit, and records it', async () => {
      const user = await studioUser(ctx(), { credits: 1 });
      const [x, y] = [212, 560];
      const fields = { image_data: roomUrl, x, y, image_width: 424, image_height: 640 };
      const unknown = await user.post(STUDIO_ROUTES.placeFurniture, { ...fields, furniture_type: 'unicorn' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().detail).toBe('Placement failed: There is no furniture of type unicorn');
      const tooBig = await user.post(STUDIO_ROUTES.placeFurniture, { ...fields, furniture_type: 'sofa', size_scale: 2.5 });
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.json().size_scale).toBeDefined();
      const outside = await user.post(STUDIO_ROUTES.placeFurniture, { ...fields, x: 424, furniture_type: 'sofa' });
      expect(outside.statusCode).toBe(400);

      const response = await user.post(STUDIO_ROUTES.placeFurniture, { ...fields, furniture_type: 'sofa', size_scale: 1.2 });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<ResultBody>();
      expect(body.credits_remaining).toBe(0);
      const before = await rgbPixels(room);
      const after = await rgbPixels(await fetchMedia(body.result_image));
      expect(meanDifference(before, after, [x - 60, y - 80, x + 60, y], 'inside')).toBeGreaterThan(8);
      expect(meanDifference(before, after, [0, 0, 424, 200], 'inside')).toBeLessThan(2);
      const [placement] = await ctx().db.select().from(designPlacements).where(eq(designPlacements.id, body.placement_id));
      expect(placement).toMatchObject({
        action: 'furniture_placement',
        furnitureType: 'sofa',
        themeKey: null,
        coordinatesX: x,
        coordinatesY: y,
        creditsSpent: 1,
      });
      expect(placement?.sizeScale).toBeCloseTo(1.2);
      const [session] = await ctx().db.select().from(designSessions).where(eq(designSessions.id, body.session_id));
      expect(session).toMatchObject({ placementCount: 1, furnitureTypes: ['sofa'] });
      const layouts = await ctx()
        .db.select()
        .from(trackedActions)
        .where(and(eq(trackedActions.userId, user.id), eq(trackedActions.action, 'LAYOUT_CREATED')));
      expect(layouts).toHaveLength(1);

      const broke = await user.post(STUDIO_ROUTES.placeFurniture, { ...fields, furniture_type: 'sofa' });
      expect(broke.statusCode).toBe(402);
      expect(broke.json().detail).toBe('Insufficient credits for furniture placement');
    });

    it("places a theme's piece for 2 credits, only what the theme offers", async () => {
      const user = await studioUser(ctx(), { credits: 1 });
      const offered = (await user.get(STUDIO_ROUTES.themeFurniture('bohemian'))).json().furniture as string[];
      expect(offered.length).toBeGreaterThan(0);
      const item = offered.includes('armchair') ? 'armchair' : (offered[0] ?? '');
      const fields = { image_data: roomUrl, x: 150, y: 580, image_width: 424, image_height: 640, theme_key: 'bohemian' };
      const poor = await user.post(STUDIO_ROUTES.placeThemedFurniture, { ...fields, furniture_item: item });
      expect(poor.statusCode).toBe(402);
      expect(poor.json().detail).toBe('Insufficient credits for themed furniture placement');
      const none = await user.post(STUDIO_ROUTES.placeThemedFurniture, { ...fields, furniture_item: '' });
      expect(none.json().furniture_item).toEqual(['Please select a theme and furniture first']);

      const rich = await studioUser(ctx(), { credits: 3 });
      const missing = await rich.post(STUDIO_ROUTES.placeThemedFurniture, {
        ...fields,
        theme_key: 'gothic',
        furniture_item: item,
      });
      expect(missing.statusCode).toBe(400);
      const placed = await rich.post(STUDIO_ROUTES.placeThemedFurniture, { ...fields, furniture_item: item });
      expect(placed.statusCode, placed.body).toBe(200);
      const body = placed.json<ResultBody>();
      expect(body.credits_remaining).toBe(1);
      const [placement] = await ctx().db.select().from(designPlacements).where(eq(designPlacements.id, body.placement_id));
      expect(placement).toMatchObject({ action: 'themed_placement', furnitureType: item, themeKey: 'bohemian', creditsSpent: 2 });
    });

    it('replaces a detected object with a piece of the library for 2 credits', async () => {
      const poor = await studioUser(ctx(), { credits: 1 });
      const detection = { id: 'd1', class_name: 'oven', bbox: [40, 300, 160, 520], confidence: 0.8 };
      const refused = await poor.post(STUDIO_ROUTES.replaceObject, {
        image_data: kitchenUrl,
        detection,
        new_furniture_type: 'sofa',
      });
      expect(refused.statusCode).toBe(402);
      expect(refused.json().detail).toBe('Insufficient credits for object replacement');
      const user = await studioUser(ctx(), { credits: 2 });
      const unknown = await user.post(STUDIO_ROUTES.replaceObject, {
        image_data: kitchenUrl,
        detection,
        new_furniture_type: 'robot',
      });
      expect(unknown.json().detail).toBe('Replacement failed: There is no furniture of type robot');
      const response = await user.post(STUDIO_ROUTES.replaceObject, {
        image_data: kitchenUrl,
        detection,
        new_furniture_type: ' Chair ', // typed in the prompt: the library's armchair
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<ResultBody>();
      expect(body.credits_remaining).toBe(0);
      const after = await rgbPixels(await fetchMedia(body.result_image));
      expect(meanDifference(await rgbPixels(kitchen), after, [40, 300, 160, 520], 'inside')).toBeGreaterThan(8);
      const [placement] = await ctx().db.select().from(designPlacements).where(eq(designPlacements.id, body.placement_id));
      expect(placement).toMatchObject({ action: 'replacement', furnitureType: 'armchair', creditsSpent: 2 });
    });

    it('fills a drawn area with a piece for 2 credits; nothing drawn costs nothing', async () => {
      const user = await studioUser(ctx(), { credits: 2 });
      const fields = { image_data: roomUrl, furniture_type: 'sofa' };
      const nothing = await user.post(STUDIO_ROUTES.addFurnitureToDrawnArea, { ...fields, mask_image: '' });
      expect(nothing.json().mask_image).toEqual(['Please draw an area first before adding furniture']);
      const blank = await user.post(STUDIO_ROUTES.addFurnitureToDrawnArea, {
        ...fields,
        mask_image: await strokeMask(424, 640, [0, 0, 0, 0]),
      });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().detail).toBe('Please draw an area first before adding furniture');
      expect(await user.credits()).toBe(2);
      const area: [number, number, number, number] = [100, 470, 330, 600];
      const response = await user.post(STUDIO_ROUTES.addFurnitureToDrawnArea, {
        ...fields,
        mask_image: await strokeMask(424, 640, area),
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<ResultBody>();
      expect(body.credits_remaining).toBe(0);
      const after = await rgbPixels(await fetchMedia(body.result_image));
      expect(meanDifference(await rgbPixels(room), after, area, 'inside')).toBeGreaterThan(8);
      const [placement] = await ctx().db.select().from(designPlacements).where(eq(designPlacements.id, body.placement_id));
      expect(placement).toMatchObject({ action: 'drawing_add_furniture', furnitureType: 'sofa', creditsSpent: 2 });
    });

    it('changes the walls for 1 credit; an unknown material or no credits cost nothing', async () => {
      const user = await studioUser(ctx(), { credits: 1 });
      const unknown = await user.post(STUDIO_ROUTES.changeWallMaterial, { image_data: roomUrl, material_type: 'gold_leaf' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().detail).toBe('Wall change failed: Unknown wall material gold_leaf');
      const response = await user.post(STUDIO_ROUTES.changeWallMaterial, {
        image_data: roomUrl,
        material_type: 'navy_blue_paint',
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<ResultBody>();
      expect(body.credits_remaining).toBe(0);
      const before = await rgbPixels(room);
      const after = await rgbPixels(await fetchMedia(body.result_image));
      // Navy walls: the upper part of the photo (walls, ceiling) turns bluer than it was.
      const blueShift = (image: { data: Buffer }) => {
        let shift = 0;
        for (let i = 0; i < 424 * 300 * 3; i += 3) shift += (image.data[i + 2] ?? 0) - (image.data[i] ?? 0);
        return shift / (424 * 300);
      };
      expect(blueShift(after) - blueShift(before)).toBeGreaterThan(10);
      const [placement] = await ctx().db.select().from(designPlacements).where(eq(designPlacements.id, body.placement_id));
      expect(placement).toMatchObject({ action: 'wall_material_change', furnitureType: 'navy_blue_paint', creditsSpent: 1 });
      const broke = await user.post(STUDIO_ROUTES.changeWallMaterial, { image_data: roomUrl, material_type: 'brick' });
      expect(broke.statusCode).toBe(402);
      expect(broke.json().detail).toBe('Insufficient credits for wall material change');
    });

    it('says a photo has no wall to change, and charges and records nothing for it', async () => {
      const user = await studioUser(ctx(), { credits: 3 });
      // A listing kitchen of faux-finished plaster where the engine paints no pixel.
      const kitchenWithoutWalls = await sharp(await readRoomFixture('furnished_houses_29_kitchen.jpg'))
        .resize(424)
        .jpeg({ quality: 90 })
        .toBuffer();
      const response = await user.post(STUDIO_ROUTES.changeWallMaterial, {
        image_data: dataUrl(kitchenWithoutWalls),
        material_type: 'navy_blue_paint',
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().detail).toBe('Wall change failed: No walls were found in this photo');
      expect(await user.credits()).toBe(3);
      expect(await ctx().db.select().from(creditLedger).where(eq(creditLedger.userId, user.id))).toEqual([]);
      const placements = await ctx()
        .db.select({ id: designPlacements.id })
        .from(designPlacements)
        .innerJoin(designSessions, eq(designSessions.id, designPlacements.sessionId))
        .where(eq(designSessions.userId, user.id));
      expect(placements).toEqual([]);
    });

    it('exports a watermarked JPEG on the free plan and the untouched image on a paid plan', async () => {
      const free = await studioUser(ctx(), { plan: 'free' });
      const paid = await studioUser(ctx(), { plan: 'paid' });
      const freeExport = await free.post(STUDIO_ROUTES.exportImage, { image_data: kitchenUrl });
      expect(freeExport.statusCode).toBe(200);
      expect(freeExport.headers['content-type']).toBe('image/jpeg');
      expect(freeExport.headers['content-disposition']).toMatch(/^attachment;/);
      const original = await rgbPixels(kitchen);
      const marked = await rgbPixels(freeExport.rawPayload);
      // The mark sits in the bottom-right corner; the rest is the photo.
      expect(meanDifference(original, marked, [330, 612, 410, 630], 'inside')).toBeGreaterThan(20);
      expect(meanDifference(original, marked, [0, 0, 424, 560], 'inside')).toBeLessThan(3);

      const paidExport = await paid.post(STUDIO_ROUTES.exportImage, { image_data: kitchenUrl });
      expect(paidExport.statusCode).toBe(200);
      expect(paidExport.rawPayload.equals(kitchen)).toBe(true);
      const exported = await ctx()
        .db.select()
        .from(trackedActions)
        .where(and(eq(trackedActions.userId, paid.id), eq(trackedActions.action, 'EXPORT_COMPLETED')));
      expect(exported).toHaveLength(1);
    });
  },
  { env: { VISION_WORKERS: '2' } },
  engineSuiteKinds(),
);
