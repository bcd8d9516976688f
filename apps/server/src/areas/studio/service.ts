import { randomUUID } from 'node:crypto';
import {
  type DetectObjectsResponse,
  type Detection,
  entitlementsOf,
  FAILURE_PREFIXES,
  INSUFFICIENT_CREDITS_MESSAGES,
  type ResultImageResponse,
  STUDIO_MESSAGES,
  STUDIO_UPLOAD_MAX_BYTES,
} from '@stagecraft/contracts';
import { WALL_MATERIAL_KEYS } from '@stagecraft/furniture';
import { ENHANCE_LONG_SIDE, type EnhanceLevel, isVisionError, VisionError } from '@stagecraft/vision';
import { badRequest, HttpError } from '../../lib/http-errors.ts';
import type { UserRow } from '../auth/users-repository.ts';
import { detectionBoxIn, fileTooLarge, inspectImage, readMask, readStudioImage, type StudioImage } from './images.ts';
import { createDemoSteps } from './demo.ts';
import { createPaidSteps, type Prefix, type StudioServiceDependencies } from './paid-step.ts';
import { pieceBoxIn, piecesOutside } from './pieces.ts';
import { createPlacementOperations } from './placement.ts';
import { createStagingOperations } from './stage.ts';

export type { StudioServiceDependencies };

/** The studio's calls: detection and marking, edits, placements, enhancement, custom furniture, export. */
export function createStudioService(deps: StudioServiceDependencies) {
  const { media, engine, growth, progress, roomModels } = deps;
  const steps = createPaidSteps(deps);
  const { repository, failure, jobOf, roomFor, track, paidStep, imageStep } = steps;
  const demoSteps = createDemoSteps(deps);

  /** A free demo step on the sample room, or null when the image is not a demo image (the paid step runs). */
  async function demoStep<T>(prefix: Prefix, run: () => Promise<T | null>): Promise<T | null> {
    try {
      return await run();
    } catch (error) {
      throw failure(prefix, error);
    }
  }
  const demoResult = (user: UserRow, resultImage: string): ResultImageResponse => ({
    success: true,
    result_image: resultImage,
    credits_remaining: user.credits,
    session_id: null,
    placement_id: null,
  });

  return {
    /** Detection (1 credit): the boxes, and the photo with them drawn (boxes only; the client labels them). */
    async detectObjects(
      user: UserRow,
      body: { image_data: string; session_id?: string; progress_id?: string },
    ): Promise<DetectObjectsResponse> {
      const demo = await demoStep(FAILURE_PREFIXES.detectObjects, () => demoSteps.detect(user, body.image_data, jobOf(user)));
      if (demo) {
        const { detections, annotatedImage } = demo;
        return { success: true, detections, annotated_image: annotatedImage, credits_remaining: user.credits, session_id: null };
      }
      const firstDetection = !(await repository.hasDetected(user.id));
      const done = await paidStep(user, {
        action: 'object_detection',
        insufficient: INSUFFICIENT_CREDITS_MESSAGES.detectObjects,
        prefix: FAILURE_PREFIXES.detectObjects,
        imageData: body.image_data,
        sessionId: body.session_id,
        progressId: body.progress_id,
        async produce(image, job) {
          const found = await engine.detectObjects(image.bytes, job);
          const detections: Detection[] = found.map((item) => ({ ...item, is_manual: false, is_replaced: false }));
          const boxes = detections.map((detection) => detection.bbox);
          return { file: await engine.annotateDetections(image.bytes, boxes, job), value: detections };
        },
        // Nothing found, nothing charged (issue 13): the user marks objects by hand instead.
        free: (detections) => detections.length === 0,
        record: async (inTx, { sessionId, cost }) => {
          if (cost > 0) await inTx.recordDetection(sessionId);
        },
        tracked: firstDetection
          ? { actions: ['FIRST_OBJECT_DETECTION'], events: ['first_object_detection'] }
          : { actions: [], events: [] },
      });
      return {
        success: true,
        detections: done.value,
        annotated_image: done.url,
        credits_remaining: done.creditsRemaining,
        session_id: done.sessionId,
      };
    },

    /**
     * A click becomes a manual detection (free). Coordinates are in the client's `image_width` x `image_height`
     * frame. With the photo, the engine fits the box to the object under the click; without it, the box is a
     * tenth of the short side around the click.
     */
    async addManualObject(
      user: UserRow,
      body: { x: number; y: number; object_type: string; image_width: number; image_height: number; image_data?: string },
    ) {
      if (body.x >= body.image_width || body.y >= body.image_height) {
        throw badRequest('The point is outside the image.', { x: ['The point is outside the image.'] });
      }
      let found: Detection;
      if (body.image_data) {
        try {
          const image = await readStudioImage(body.image_data, user.id, media);
          const scaleX = image.width / body.image_width;
          const scaleY = image.height / body.image_height;
          found = await engine.markObject(image.bytes, body.x * scaleX, body.y * scaleY, body.object_type, jobOf(user));
        } catch (error) {
          throw failure(FAILURE_PREFIXES.detectObjects, error);
        }
      } else {
        const half = Math.max(1, Math.round(Math.min(body.image_width, body.image_height) * 0.05));
        found = {
          id: `manual-${randomUUID()}`,
          class_name: body.object_type,
          bbox: [
            Math.max(0, Math.round(body.x) - half),
            Math.max(0, Math.round(body.y) - half),
            Math.min(body.image_width, Math.round(body.x) + half),
            Math.min(body.image_height, Math.round(body.y) + half),
          ],
          confidence: 0.5,
        };
      }
      const manual_object: Detection = { ...found, is_manual: true, is_replaced: false };
      return { success: true as const, manual_object, credits_remaining: user.credits };
    },

    ...createPlacementOperations(deps, steps),

    ...createStagingOperations(deps, steps),

    /** New walls (1 credit): one of the catalogue's 20 materials. */
    async changeWallMaterial(
      user: UserRow,
      body: { image_data: string; material_type: string; session_id?: string; progress_id?: string },
    ): Promise<ResultImageResponse> {
      if (!(WALL_MATERIAL_KEYS as readonly string[]).includes(body.material_type)) {
        const reason = `Unknown wall material ${body.material_type}`;
        throw badRequest(`${FAILURE_PREFIXES.changeWallMaterial}${reason}`, { material_type: [reason] });
      }
      const demo = await demoStep(FAILURE_PREFIXES.changeWallMaterial, () =>
        demoSteps.changeWalls(user, body.image_data, body.material_type, jobOf(user)),
      );
      if (demo) return demoResult(user, demo.resultImage);
      return imageStep(user, {
        action: 'wall_material_change',
        insufficient: INSUFFICIENT_CREDITS_MESSAGES.changeWallMaterial,
        prefix: FAILURE_PREFIXES.changeWallMaterial,
        imageData: body.image_data,
        sessionId: body.session_id,
        progressId: body.progress_id,
        // The session's room model (from its original): an edit earlier in the session cannot move the walls. The
        // pieces the session placed keep their look (issue 14): the engine takes their silhouettes off the walls.
        // Without a session, the model of the posted photo (the engine would make the same one inside the call).
        produce: async (image, job, pieces) =>
          engine.changeWallMaterial(
            image.bytes,
            body.material_type,
            await roomFor(body.session_id, user, image, job),
            pieces.map((piece) => pieceBoxIn(piece, image)),
            job,
          ),
        placement: () => ({ furnitureType: body.material_type, isFurniture: false }),
      });
    },

    async removeObject(
      user: UserRow,
      body: { image_data: string; detection: Detection; session_id?: string; progress_id?: string },
    ): Promise<ResultImageResponse> {
      const demo = await demoStep(FAILURE_PREFIXES.removeObject, () =>
        demoSteps.remove(user, body.image_data, body.detection, jobOf(user)),
      );
      if (demo) return demoResult(user, demo.resultImage);
      return imageStep(user, {
        action: 'removal',
        insufficient: INSUFFICIENT_CREDITS_MESSAGES.removeObject,
        prefix: FAILURE_PREFIXES.removeObject,
        imageData: body.image_data,
        sessionId: body.session_id,
        progressId: body.progress_id,
        async produce(image, job, pieces) {
          const box = detectionBoxIn(body.detection.bbox, image);
          // Guided by the session's room model (issue 14): the hole's floor is filled in the floor's own plane and
          // its painted wall with the wall's light. By eye on 18 listing photos' largest piece (session 15) the
          // guided fill was the better one on 14; the plain fill smeared the wall's colour over the floor and
          // copied doors and sofas into the hole. On pasted 15% pieces it scores 15.65 dB / line continuity 0.195
          // against the plain fill's 15.85 / 0.181 (PSNR rewards the plain fill's blur). Without a session, the
          // model of the posted photo (kept for its next edits, and made while a detection's session warms it).
          const room = await roomFor(body.session_id, user, image, job);
          const file = await engine.removeObject(image.bytes, box, room, job);
          return { file, pieces: piecesOutside(pieces, [box], image) };
        },
        placement: () => ({
          furnitureType: body.detection.class_name,
          x: (body.detection.bbox[0] + body.detection.bbox[2]) / 2,
          y: body.detection.bbox[3],
          isFurniture: false,
        }),
      });
    },

    /**
     * Empty the room (remove-all): every listed piece removed in one step, 1 credit per object (DECISIONS.md),
     * held before the engine runs and charged only when the image is stored. The same piece listed twice (by
     * id) is removed and charged once; a box outside the image is refused before anything is held.
     */
    async removeAllObjects(
      user: UserRow,
      body: { image_data: string; detections: Detection[]; session_id?: string; progress_id?: string },
    ): Promise<ResultImageResponse> {
      const pieces = [...new Map(body.detections.map((item) => [String(item.id), item])).values()];
      return imageStep(user, {
        action: 'removal',
        quantity: pieces.length,
        insufficient: INSUFFICIENT_CREDITS_MESSAGES.removeObject,
        prefix: FAILURE_PREFIXES.removeObject,
        imageData: body.image_data,
        sessionId: body.session_id,
        progressId: body.progress_id,
        async produce(image, job, standing) {
          const boxes = pieces.map((item) => detectionBoxIn(item.bbox, image));
          // Guided by the room model, as for one piece (see removeObject above).
          const room = await roomFor(body.session_id, user, image, job);
          const file = await engine.removeObjects(image.bytes, boxes, room, job);
          return { file, pieces: piecesOutside(standing, boxes, image) };
        },
        placement: () => ({ furnitureType: 'remove_all', isFurniture: false }),
      });
    },

    async eraseFromDrawnArea(
      user: UserRow,
      body: { image_data: string; mask_image: string; session_id?: string; progress_id?: string },
    ): Promise<ResultImageResponse> {
      return imageStep(user, {
        action: 'drawing_erase',
        insufficient: INSUFFICIENT_CREDITS_MESSAGES.eraseFromDrawnArea,
        prefix: FAILURE_PREFIXES.eraseFromDrawnArea,
        imageData: body.image_data,
        sessionId: body.session_id,
        progressId: body.progress_id,
        messages: { empty_mask: STUDIO_MESSAGES.drawOverErase },
        async produce(image, job) {
          return engine.eraseArea(image.bytes, readMask(body.mask_image), job);
        },
        placement: () => ({ furnitureType: 'erase', isFurniture: false }),
      });
    },

    /** 4K or 8K enhancement (3 or 5 credits), refused for a photo already that large. */
    async enhanceImage(
      user: UserRow,
      body: { image_data: string; enhancement_level: EnhanceLevel; session_id?: string; progress_id?: string },
    ) {
      const level = body.enhancement_level;
      const result = await imageStep(user, {
        action: level === '8k' ? 'enhancement_8k' : 'enhancement_4k',
        insufficient: level === '8k' ? INSUFFICIENT_CREDITS_MESSAGES.enhance8k : INSUFFICIENT_CREDITS_MESSAGES.enhance4k,
        prefix: FAILURE_PREFIXES.enhanceImage,
        imageData: body.image_data,
        sessionId: body.session_id,
        progressId: body.progress_id,
        async produce(image, job) {
          if (Math.max(image.width, image.height) >= ENHANCE_LONG_SIDE[level]) {
            throw new VisionError('invalid_argument', `The image is already ${level.toUpperCase()} or larger`);
          }
          const enhanced = await engine.enhance(image.bytes, level, job);
          return Buffer.from(enhanced.buffer, enhanced.byteOffset, enhanced.byteLength);
        },
        placement: () => ({ furnitureType: `enhance_${level}`, isFurniture: false }),
        tracked: ['ENHANCEMENT_SUCCESS'],
      });
      const { result_image, ...rest } = result;
      return { ...rest, enhanced_image: result_image };
    },

    /**
     * A piece of the user's own furniture (free): a photo, checked by content, whose background the engine
     * removes; the cut-out is stored for its owner alone.
     */
    async uploadCustomFurniture(user: UserRow, file: Buffer | null) {
      if (!file || file.length === 0) {
        throw badRequest(STUDIO_MESSAGES.invalidImageFile, { furniture_image: [STUDIO_MESSAGES.invalidImageFile] });
      }
      if (file.length > STUDIO_UPLOAD_MAX_BYTES) throw fileTooLarge();
      let image: StudioImage;
      try {
        image = { ...(await inspectImage(file)), mediaId: null };
      } catch {
        throw badRequest(STUDIO_MESSAGES.invalidImageFile, { furniture_image: [STUDIO_MESSAGES.invalidImageFile] });
      }
      let piece: { png: Uint8Array; width: number; height: number };
      try {
        piece = await engine.cutout(image.bytes, jobOf(user));
      } catch (error) {
        throw failure(FAILURE_PREFIXES.uploadCustomFurniture, error, {
          reasons: { no_foreground: 'No piece of furniture stands out from the background in this photo' },
        });
      }
      const stored = await media.save(
        user.id,
        Buffer.from(piece.png.buffer, piece.png.byteOffset, piece.png.byteLength),
        'image/png',
      );
      const furnitureId = randomUUID();
      await repository.insertCustomFurniture({
        id: furnitureId,
        userId: user.id,
        mediaId: stored.id,
        width: piece.width,
        height: piece.height,
      });
      return { success: true as const, furniture_id: furnitureId, furniture_image: stored.url };
    },

    /**
     * The image as a JPEG download: free-plan exports carry the "Stagecraft" watermark (DECISIONS.md), paid and
     * Pro ones leave untouched.
     */
    async exportImage(user: UserRow, body: { image_data: string; session_id?: string }): Promise<Buffer> {
      const watermarked = entitlementsOf(user.plan).watermark;
      let file: Buffer;
      try {
        const image = await readStudioImage(body.image_data, user.id, media);
        // A paid plan's JPEG leaves byte for byte as it came: nothing for the engine to do.
        file =
          !watermarked && image.format === 'jpeg' ? image.bytes : await engine.exportJpeg(image.bytes, watermarked, jobOf(user));
      } catch (error) {
        if (!isVisionError(error)) throw error;
        // The file's fault is a 400; a crashed worker is ours, and the user may simply try again.
        const ours = error.code === 'worker_failed' || error.code === 'model_unavailable';
        throw new HttpError(ours ? 503 : 400, STUDIO_MESSAGES.failedToLoadImage, { error: [error.message] });
      }
      const { exports_completed } = await growth.userState(user);
      await track(
        user,
        ['EXPORT_COMPLETED'],
        ['export_completed', ...(exports_completed === 0 ? (['first_export'] as const) : [])],
        { session_id: body.session_id ?? null, watermarked },
      );
      return file;
    },

    progress: (user: UserRow, progressId: string) => progress.read(user.id, progressId),

    /** The sessions' room models: the workspace starts one for each new room and serves them. */
    roomModels,
  };
}
export type StudioService = ReturnType<typeof createStudioService>;
