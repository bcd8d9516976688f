import { FAILURE_PREFIXES, STUDIO_MESSAGES, STUDIO_ROUTES } from '@stagecraft/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { designSessions } from '../../db/schema.ts';
import { describeEachDatabase, engineSuiteKinds } from '../../../test/test-app.ts';
import { dataUrl, multipart, roomPhoto, studioUser } from '../../../test/studio.ts';

const DAMAGED = 'The image file is damaged or incomplete.';

/** The offset of a JPEG's start-of-frame marker (baseline or progressive). */
function startOfFrame(jpeg: Buffer): number {
  for (let i = 2; i < jpeg.length - 1; i += 1) {
    if (jpeg[i] === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2)) return i;
  }
  throw new Error('no SOF marker');
}

/**
 * Real photos broken the ways uploads break: cut short, or with a start-of-frame whose height says far more rows
 * than the data holds (libvips reads the header fine, and only a strict decode notices).
 */
async function brokenPhotos() {
  const photo = await roomPhoto('coco_val2017_000000000802.jpg', 320);
  const truncated = photo.subarray(0, Math.floor(photo.length / 2));
  const corruptSof = Buffer.from(photo);
  corruptSof[startOfFrame(corruptSof) + 5] = 0x03; // height's high byte: 213 rows become 981
  const tiny = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#7a8b9c' } })
    .png()
    .toBuffer();
  return { photo, truncated, corruptSof, tiny };
}

describeEachDatabase(
  'studio on damaged images',
  (ctx) => {
    let images: Awaited<ReturnType<typeof brokenPhotos>>;
    beforeAll(async () => {
      images = await brokenPhotos();
    });
    const detection = { id: 'd1', class_name: 'oven', bbox: [40, 60, 120, 150], confidence: 0.9 };
    const place = { x: 160, y: 180, image_width: 320, image_height: 213, size_scale: 1 };
    const mask = async (width: number, height: number) =>
      dataUrl(
        await sharp({ create: { width, height, channels: 3, background: '#000' } })
          .composite([{ input: { create: { width: 40, height: 30, channels: 3, background: '#fff' } }, left: 20, top: 20 }])
          .png()
          .toBuffer(),
        'image/png',
      );

    it('answers every paid call on a truncated or corrupt JPEG with its prefix and a plain reason, charging nothing', async () => {
      const user = await studioUser(ctx(), { credits: 20 });
      for (const [name, bytes] of [
        ['truncated', images.truncated],
        ['corrupt SOF', images.corruptSof],
      ] as const) {
        const image_data = dataUrl(bytes);
        const calls: [string, object, string][] = [
          [STUDIO_ROUTES.detectObjects, { image_data }, FAILURE_PREFIXES.detectObjects],
          [STUDIO_ROUTES.removeObject, { image_data, detection }, FAILURE_PREFIXES.removeObject],
          [STUDIO_ROUTES.replaceObject, { image_data, detection, new_furniture_type: 'Armchair' }, FAILURE_PREFIXES.replaceObject],
          [STUDIO_ROUTES.placeFurniture, { image_data, ...place, furniture_type: 'sofa' }, FAILURE_PREFIXES.placeFurniture],
          [STUDIO_ROUTES.changeWallMaterial, { image_data, material_type: 'brick' }, FAILURE_PREFIXES.changeWallMaterial],
          [STUDIO_ROUTES.eraseFromDrawnArea, { image_data, mask_image: await mask(320, 213) }, FAILURE_PREFIXES.eraseFromDrawnArea],
          [
            STUDIO_ROUTES.addFurnitureToDrawnArea,
            { image_data, mask_image: await mask(320, 213), furniture_type: 'sofa' },
            FAILURE_PREFIXES.placeFurniture,
          ],
          [STUDIO_ROUTES.enhanceImage, { image_data, enhancement_level: '4k' }, FAILURE_PREFIXES.enhanceImage],
          [
            STUDIO_ROUTES.addManualObject,
            { image_data, x: 50, y: 50, object_type: 'lamp', image_width: 320, image_height: 213 },
            FAILURE_PREFIXES.detectObjects,
          ],
        ];
        for (const [route, payload, prefix] of calls) {
          const response = await user.post(route, payload);
          expect(response.statusCode, `${name} ${route}: ${response.body}`).toBe(400);
          expect(response.json().detail, `${name} ${route}`).toBe(`${prefix}${DAMAGED}`);
        }
        const exported = await user.post(STUDIO_ROUTES.exportImage, { image_data });
        expect(exported.statusCode, `${name} export: ${exported.body}`).toBe(400);
        expect(exported.json()).toMatchObject({ detail: STUDIO_MESSAGES.failedToLoadImage, error: [DAMAGED] });
        const upload = await ctx().app.inject({
          method: 'POST',
          url: STUDIO_ROUTES.uploadCustomFurniture,
          ...(await multipart('furniture_image', bytes, 'chair.jpg', user.headers)),
        });
        expect(upload.statusCode, `${name} upload: ${upload.body}`).toBe(400);
        expect(upload.json().detail).toBe(`${FAILURE_PREFIXES.uploadCustomFurniture}${DAMAGED}`);
      }
      expect(await user.credits()).toBe(20);
      expect(await ctx().db.select().from(designSessions).where(eq(designSessions.userId, user.id))).toHaveLength(0);
    });

    it('answers a drawn mask that is a corrupt JPEG with 400 and charges nothing', async () => {
      const user = await studioUser(ctx(), { credits: 5 });
      const image_data = dataUrl(images.photo);
      const brokenMask = dataUrl(images.corruptSof);
      const erase = await user.post(STUDIO_ROUTES.eraseFromDrawnArea, { image_data, mask_image: brokenMask });
      expect(erase.statusCode, erase.body).toBe(400);
      expect(erase.json().detail).toMatch(/^Erase failed: The mask/);
      const drawn = await user.post(STUDIO_ROUTES.addFurnitureToDrawnArea, {
        image_data,
        mask_image: brokenMask,
        furniture_type: 'sofa',
      });
      expect(drawn.statusCode, drawn.body).toBe(400);
      expect(drawn.json().detail).toMatch(/^Placement failed: The mask/);
      expect(await user.credits()).toBe(5);
    });

    it('never answers 5xx for a 4x4 picture, and charges only for what it delivers', async () => {
      const user = await studioUser(ctx(), { credits: 30 });
      const image_data = dataUrl(images.tiny, 'image/png');
      const small = { id: 'd1', class_name: 'lamp', bbox: [0, 0, 3, 3], confidence: 0.9 };
      const at = { x: 2, y: 3, image_width: 4, image_height: 4, size_scale: 1 };
      const calls: [string, object][] = [
        [STUDIO_ROUTES.detectObjects, { image_data }],
        [STUDIO_ROUTES.removeObject, { image_data, detection: small }],
        [STUDIO_ROUTES.replaceObject, { image_data, detection: small, new_furniture_type: 'Armchair' }],
        [STUDIO_ROUTES.placeFurniture, { image_data, ...at, furniture_type: 'sofa' }],
        [STUDIO_ROUTES.changeWallMaterial, { image_data, material_type: 'brick' }],
        [STUDIO_ROUTES.eraseFromDrawnArea, { image_data, mask_image: await mask(80, 80) }],
        [STUDIO_ROUTES.addFurnitureToDrawnArea, { image_data, mask_image: await mask(80, 80), furniture_type: 'sofa' }],
        [STUDIO_ROUTES.addManualObject, { image_data, x: 1, y: 1, object_type: 'lamp', image_width: 4, image_height: 4 }],
      ];
      let charged = 0;
      for (const [route, payload] of calls) {
        const before = await user.credits();
        const response = await user.post(route, payload);
        expect(response.statusCode, `${route}: ${response.body}`).toBeLessThan(500);
        if (response.statusCode !== 200) expect(await user.credits(), route).toBe(before);
        else charged += before - (await user.credits());
      }
      expect(await user.credits()).toBe(30 - charged);
    }, 180_000);

    it('exports a 4x4 picture on the free plan: the watermark shrinks to fit', async () => {
      const user = await studioUser(ctx(), { plan: 'free' });
      const response = await user.post(STUDIO_ROUTES.exportImage, { image_data: dataUrl(images.tiny, 'image/png') });
      expect(response.statusCode, response.body).toBe(200);
      expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 4, height: 4 });
    });
  },
  { env: { VISION_WORKERS: '1' } },
  engineSuiteKinds(),
);
