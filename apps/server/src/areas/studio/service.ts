import { randomUUID } from 'node:crypto';
import {
  type ConversionEventType,
  type CreditAction,
  type DetectObjectsResponse,
  type Detection,
  FAILURE_PREFIXES,
  INSUFFICIENT_CREDITS_MESSAGES,
  type ResultImageResponse,
  STUDIO_MESSAGES,
  STUDIO_UPLOAD_MAX_BYTES,
  type ThemeKey,
  type TrackedAction,
} from '@stagecraft/contracts';
import { FURNITURE_PACKAGE_ROOT, findSprite, WALL_MATERIAL_KEYS } from '@stagecraft/furniture';
import {
  type Box,
  customSprite,
  decodeMask,
  ENHANCE_LONG_SIDE,
  type EnhanceLevel,
  isVisionError,
  loadSprite,
  maskBBox,
  type PlaceableSprite,
  VisionError,
  type VisionErrorCode,
} from '@stagecraft/vision';
import sharp from 'sharp';
import type { Database } from '../../db/database.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-errors.ts';
import type { UserRow } from '../auth/users-repository.ts';
import { creditCost, InsufficientCreditsError, spendCredits } from '../billing/credit-ledger.ts';
import type { GrowthService } from '../growth/service.ts';
import type { MediaService } from '../media/service.ts';
import type { EngineJob, StudioEngine } from './engine.ts';
import { furnitureTypeFromName } from './catalogue.ts';
import { annotateDetections, fileTooLarge, inspectImage, readStudioImage, type StudioImage } from './images.ts';
import type { ProgressBoard } from './progress.ts';
import { createStudioRepository, type StudioRepository } from './repository.ts';
import { watermark } from './watermark.ts';

export interface StudioServiceDependencies {
  db: Database;
  media: MediaService;
  engine: StudioEngine;
  growth: GrowthService;
  progress: ProgressBoard;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
}

type Prefix = (typeof FAILURE_PREFIXES)[keyof typeof FAILURE_PREFIXES];

/** Too few credits for the call: 402 with the spec's message for it. */
const insufficientCredits = (message: string) => new HttpError(402, message);

/** How an engine failure reads: the spec's prefix and the engine's reason; the input's fault is a 4xx. */
const FAILURE_STATUS: Record<VisionErrorCode, number> = {
  invalid_image: 400,
  image_too_large: 400,
  invalid_mask: 400,
  empty_mask: 400,
  invalid_argument: 400,
  no_foreground: 422,
  model_unavailable: 503,
  worker_failed: 500,
};

function engineFailure(
  prefix: Prefix,
  error: unknown,
  wording: { messages?: Partial<Record<VisionErrorCode, string>>; reasons?: Partial<Record<VisionErrorCode, string>> } = {},
): unknown {
  if (!isVisionError(error)) return error;
  // A message of the spec's own replaces the whole text; a reason of ours replaces the engine's after the prefix.
  const message = wording.messages?.[error.code];
  const reason = message ?? wording.reasons?.[error.code] ?? error.message;
  return new HttpError(FAILURE_STATUS[error.code], message ?? `${prefix}${reason}`, { error: [reason] });
}

/** One paid call: what it costs, how it fails, what the engine makes, and what the design session records. */
interface PaidStep<T> {
  action: CreditAction;
  quantity?: number;
  insufficient: string;
  prefix: Prefix;
  imageData: string;
  sessionId: string | undefined;
  progressId: string | undefined;
  /** Engine failures that have a message of their own in the spec (an empty drawing). */
  messages?: Partial<Record<VisionErrorCode, string>>;
  /** The image to store (JPEG) and what else the answer needs. */
  produce(image: StudioImage, job: EngineJob): Promise<{ file: Buffer; value: T }>;
  /** Records the step inside the transaction that charges for it. */
  record(
    inTx: StudioRepository,
    step: { sessionId: string; stepId: string; mediaId: string; cost: number; image: StudioImage },
  ): Promise<void>;
  /** Actions and events to track once the step is paid for (000 section 7), beside CREDIT_USAGE. */
  tracked?: { actions: TrackedAction[]; events: ConversionEventType[] };
}

/** One paid step that produces a new image, as each studio edit does. */
interface ImageStep {
  action: CreditAction;
  quantity?: number;
  insufficient: string;
  prefix: Prefix;
  imageData: string;
  sessionId: string | undefined;
  progressId: string | undefined;
  /** Engine failures that have a message of their own in the spec (an empty drawing). */
  messages?: Partial<Record<VisionErrorCode, string>>;
  produce(image: StudioImage, job: EngineJob): Promise<Buffer>;
  /** What the history records for the step. */
  placement(image: StudioImage): {
    furnitureType: string;
    themeKey?: string | null;
    x?: number | null;
    y?: number | null;
    sizeScale?: number | null;
    isFurniture: boolean;
  };
  /** Actions to track once the step is paid for (000 section 7), beside CREDIT_USAGE. */
  tracked?: TrackedAction[];
}

/** A natural-pixel box kept inside the image; null when nothing of it is left. */
function clipToImage(bbox: readonly [number, number, number, number], image: StudioImage): Box | null {
  const x1 = Math.max(0, Math.floor(Math.min(bbox[0], bbox[2])));
  const y1 = Math.max(0, Math.floor(Math.min(bbox[1], bbox[3])));
  const x2 = Math.min(image.width, Math.ceil(Math.max(bbox[0], bbox[2])));
  const y2 = Math.min(image.height, Math.ceil(Math.max(bbox[1], bbox[3])));
  return x2 - x1 >= 2 && y2 - y1 >= 2 ? [x1, y1, x2, y2] : null;
}

/**
 * A drawn mask at the image's size: a data URL (size-limited, checked by content) and, when the client drew it
 * at another size of the same picture (its canvas), scaled to the photo's pixels.
 */
async function readMask(value: string, image: StudioImage): Promise<Buffer> {
  const comma = value.indexOf(',');
  if (!value.startsWith('data:image/') || comma < 0)
    throw badRequest('The mask must be an image data URL.', { mask_image: ['Invalid mask.'] });
  if ((value.length - comma - 1) * 0.75 > STUDIO_UPLOAD_MAX_BYTES + 3) throw fileTooLarge();
  const inspected = await inspectImage(Buffer.from(value.slice(comma + 1), 'base64'));
  if (inspected.width === image.width && inspected.height === image.height) return inspected.bytes;
  return sharp(inspected.bytes).autoOrient().resize(image.width, image.height, { fit: 'fill' }).png().toBuffer();
}

/** A piece of the rendered library, decoded (and cached) for placement; a 400 when the library has none. */
async function libraryPiece(prefix: Prefix, field: string, type: string, theme: ThemeKey | null): Promise<PlaceableSprite> {
  const sprite = findSprite({ type, theme });
  if (!sprite) {
    const reason = theme ? `The ${theme} theme has no ${type}` : `There is no furniture of type ${type}`;
    throw badRequest(`${prefix}${reason}`, { [field]: [reason] });
  }
  return loadSprite(sprite, FURNITURE_PACKAGE_ROOT);
}

/** The point of a placement in the photo's own pixels (the client sends it in its image_width x image_height). */
function naturalPoint(body: PlacementFields, image: StudioImage): { x: number; y: number } {
  return { x: (body.x * image.width) / body.image_width, y: (body.y * image.height) / body.image_height };
}

interface PlacementFields {
  image_data: string;
  x: number;
  y: number;
  size_scale: number;
  image_width: number;
  image_height: number;
  session_id?: string;
  progress_id?: string;
}

function assertInside(body: PlacementFields): void {
  if (body.x >= body.image_width || body.y >= body.image_height) {
    throw badRequest('The point is outside the image.', { x: ['The point is outside the image.'] });
  }
}

export function createStudioService(deps: StudioServiceDependencies) {
  const { db, media, engine, growth, progress, log } = deps;
  const repository = createStudioRepository(db);

  /** An engine failure as the API answers it; the engine's own faults (not the input's) are logged too. */
  const failure = (prefix: Prefix, error: unknown, wording?: Parameters<typeof engineFailure>[2]) => {
    if (isVisionError(error) && FAILURE_STATUS[error.code] >= 500) log.error({ err: error }, `studio engine failure: ${prefix}`);
    return engineFailure(prefix, error, wording);
  };

  const jobOf = (user: UserRow, onProgress?: (fraction: number) => void): EngineJob => ({
    priority: user.plan === 'pro' ? 'rush' : 'normal',
    onProgress,
  });

  async function sessionOf(user: UserRow, sessionId: string | undefined) {
    if (!sessionId) return null;
    const session = await repository.findSession(user.id, sessionId);
    if (!session) throw notFound('Session not found.');
    return session;
  }

  /** Stores the original photo of a new session (or reuses it when it already is the user's stored media). */
  async function originalOf(user: UserRow, image: StudioImage): Promise<{ id: string; created: boolean }> {
    if (image.mediaId) return { id: image.mediaId, created: false };
    return { id: (await media.save(user.id, image.bytes, image.contentType)).id, created: true };
  }

  /** Tracking never fails a call that was paid for: it is logged instead. */
  async function track(
    user: UserRow,
    actions: TrackedAction[],
    events: ConversionEventType[],
    metadata: Record<string, unknown>,
  ) {
    try {
      for (const action of actions) await growth.trackAction(user, { action, metadata });
      for (const event_type of events) await growth.recordConversionEvent(user, { event_type, source: 'studio', metadata });
    } catch (error) {
      log.warn({ err: error, actions, events }, 'could not track a studio action');
    }
  }

  /**
   * The life of every paid call: refuse early without the credits, run the engine off the request thread,
   * store its image, then charge and record the step in one transaction. A failed engine run, or a concurrent
   * request that spent the credit first, charges nothing and records nothing.
   */
  async function paidStep<T>(user: UserRow, step: PaidStep<T>) {
    const session = await sessionOf(user, step.sessionId);
    const cost = creditCost(step.action, step.quantity);
    if (user.credits < cost) throw insufficientCredits(step.insufficient);
    const followed = progress.start(user.id, step.progressId);
    let image: StudioImage;
    let produced: { file: Buffer; value: T };
    try {
      image = await readStudioImage(step.imageData, user.id, media);
      followed?.running(0);
      produced = await step.produce(
        image,
        jobOf(user, (fraction) => followed?.running(fraction)),
      );
    } catch (error) {
      followed?.failed();
      throw failure(step.prefix, error, { messages: step.messages });
    }
    const stored = await media.save(user.id, produced.file, 'image/jpeg');
    const original = session ? null : await originalOf(user, image);
    const sessionId = session?.id ?? randomUUID();
    const stepId = randomUUID();
    let creditsRemaining: number;
    try {
      creditsRemaining = await db.transaction(async (tx) => {
        const inTx = createStudioRepository(tx);
        if (original) await inTx.insertSession({ id: sessionId, userId: user.id, originalMediaId: original.id });
        const remaining = await spendCredits(tx, user.id, step.action, `studio:${stepId}`, step.quantity);
        await step.record(inTx, { sessionId, stepId, mediaId: stored.id, cost, image });
        return remaining;
      });
    } catch (error) {
      followed?.failed();
      await media.deleteOwned(user.id, stored.id).catch(() => {});
      if (original?.created) await media.deleteOwned(user.id, original.id).catch(() => {});
      if (error instanceof InsufficientCreditsError) throw insufficientCredits(step.insufficient);
      throw error;
    }
    followed?.done();
    const firstSession = original !== null && (await repository.countSessions(user.id)) === 1;
    const tracked = step.tracked ?? { actions: [], events: [] };
    await track(
      user,
      ['CREDIT_USAGE', ...(firstSession ? (['FIRST_IMAGE_UPLOAD'] as const) : []), ...tracked.actions],
      [...(firstSession ? (['first_image_upload'] as const) : []), ...tracked.events],
      { studio_action: step.action, credits: cost, session_id: sessionId, step_id: stepId },
    );
    return { url: stored.url, creditsRemaining, sessionId, stepId, value: produced.value };
  }

  /** A paid edit whose result is the new image, recorded as a placement of the design session. */
  async function imageStep(user: UserRow, step: ImageStep): Promise<ResultImageResponse> {
    const done = await paidStep(user, {
      ...step,
      produce: async (image, job) => ({ file: await step.produce(image, job), value: null }),
      async record(inTx, { sessionId, stepId, mediaId, cost, image }) {
        const recorded = step.placement(image);
        await inTx.recordPlacement({
          id: stepId,
          sessionId,
          action: step.action,
          furnitureType: recorded.furnitureType,
          themeKey: recorded.themeKey ?? null,
          coordinatesX: recorded.x == null ? null : Math.round(recorded.x),
          coordinatesY: recorded.y == null ? null : Math.round(recorded.y),
          sizeScale: recorded.sizeScale ?? null,
          resultMediaId: mediaId,
          creditsSpent: cost,
          isFurniture: recorded.isFurniture,
        });
      },
      tracked: {
        actions: step.tracked ?? [],
        events: [
          ...(step.tracked?.includes('LAYOUT_CREATED') ? (['layout_created'] as const) : []),
          ...(step.tracked?.includes('ENHANCEMENT_SUCCESS') ? (['enhancement_completed'] as const) : []),
        ],
      },
    });
    return {
      success: true,
      result_image: done.url,
      credits_remaining: done.creditsRemaining,
      session_id: done.sessionId,
      placement_id: done.stepId,
    };
  }

  /** The three click placements share everything but the piece, its price and its record. */
  function placementStep(
    user: UserRow,
    body: PlacementFields,
    piece: {
      action: CreditAction;
      insufficient: string;
      sprite: PlaceableSprite;
      furnitureType: string;
      themeKey: ThemeKey | null;
    },
  ): Promise<ResultImageResponse> {
    let point = { x: body.x, y: body.y };
    return imageStep(user, {
      action: piece.action,
      insufficient: piece.insufficient,
      prefix: FAILURE_PREFIXES.placeFurniture,
      imageData: body.image_data,
      sessionId: body.session_id,
      progressId: body.progress_id,
      async produce(image, job) {
        point = naturalPoint(body, image);
        return engine.placeFurniture(image.bytes, { ...point, sprite: piece.sprite, sizeScale: body.size_scale }, job);
      },
      placement: () => ({
        furnitureType: piece.furnitureType,
        themeKey: piece.themeKey,
        ...point,
        sizeScale: body.size_scale,
        isFurniture: true,
      }),
      tracked: ['LAYOUT_CREATED'],
    });
  }

  return {
    /** Detection (1 credit): the boxes, and the photo with them drawn (boxes only; the client labels them). */
    async detectObjects(
      user: UserRow,
      body: { image_data: string; session_id?: string; progress_id?: string },
    ): Promise<DetectObjectsResponse> {
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
          return { file: await annotateDetections(image, detections), value: detections };
        },
        record: (inTx, { sessionId }) => inTx.recordDetection(sessionId),
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

    /** Click to place a piece of the library (1 credit). */
    async placeFurniture(user: UserRow, body: PlacementFields & { furniture_type: string }) {
      assertInside(body);
      const sprite = await libraryPiece(FAILURE_PREFIXES.placeFurniture, 'furniture_type', body.furniture_type, null);
      return placementStep(user, body, {
        action: 'furniture_placement',
        insufficient: INSUFFICIENT_CREDITS_MESSAGES.placeFurniture,
        sprite,
        furnitureType: body.furniture_type,
        themeKey: null,
      });
    },

    /** A theme's piece (2 credits): only what the theme offers (theme-furniture). */
    async placeThemedFurniture(user: UserRow, body: PlacementFields & { theme_key: ThemeKey; furniture_item: string }) {
      assertInside(body);
      const sprite = await libraryPiece(FAILURE_PREFIXES.placeFurniture, 'furniture_item', body.furniture_item, body.theme_key);
      return placementStep(user, body, {
        action: 'themed_placement',
        insufficient: INSUFFICIENT_CREDITS_MESSAGES.placeThemedFurniture,
        sprite,
        furnitureType: body.furniture_item,
        themeKey: body.theme_key,
      });
    },

    /** The user's own uploaded piece (1 credit); anyone else's furniture_id answers 404. */
    async placeCustomFurniture(user: UserRow, body: PlacementFields & { furniture_id: string }) {
      assertInside(body);
      const piece = await repository.findCustomFurniture(user.id, body.furniture_id);
      if (!piece) throw notFound('Custom furniture not found.');
      const png = await media.readOwned(user.id, piece.mediaId);
      let sprite: PlaceableSprite;
      try {
        sprite = await customSprite(png.data);
      } catch (error) {
        throw engineFailure(FAILURE_PREFIXES.placeFurniture, error);
      }
      return placementStep(user, body, {
        action: 'custom_furniture_placement',
        insufficient: INSUFFICIENT_CREDITS_MESSAGES.placeCustomFurniture,
        sprite,
        furnitureType: 'custom',
        themeKey: null,
      });
    },

    /** A detected object swapped for a piece of the library (2 credits), standing where the old one stood. */
    async replaceObject(
      user: UserRow,
      body: { image_data: string; detection: Detection; new_furniture_type: string; session_id?: string; progress_id?: string },
    ): Promise<ResultImageResponse> {
      const type = furnitureTypeFromName(body.new_furniture_type);
      const sprite = await libraryPiece(FAILURE_PREFIXES.replaceObject, 'new_furniture_type', type, null);
      return imageStep(user, {
        action: 'replacement',
        insufficient: INSUFFICIENT_CREDITS_MESSAGES.replaceObject,
        prefix: FAILURE_PREFIXES.replaceObject,
        imageData: body.image_data,
        sessionId: body.session_id,
        progressId: body.progress_id,
        async produce(image, job) {
          const box = clipToImage(body.detection.bbox, image);
          if (!box) throw badRequest(STUDIO_MESSAGES.detectionNotFound, { detection: ['The box lies outside the image.'] });
          const detection = {
            id: String(body.detection.id),
            class_name: body.detection.class_name,
            bbox: [box[0], box[1], box[2], box[3]] as [number, number, number, number],
            confidence: body.detection.confidence,
          };
          return engine.replaceObject(image.bytes, detection, sprite, job);
        },
        placement: () => ({
          furnitureType: type,
          x: (body.detection.bbox[0] + body.detection.bbox[2]) / 2,
          y: body.detection.bbox[3],
          isFurniture: true,
        }),
        tracked: ['LAYOUT_CREATED'],
      });
    },

    /** A piece filling the width of a drawn area, standing on its bottom edge (2 credits). */
    async addFurnitureToDrawnArea(
      user: UserRow,
      body: { image_data: string; mask_image: string; furniture_type: string; session_id?: string; progress_id?: string },
    ): Promise<ResultImageResponse> {
      const sprite = await libraryPiece(FAILURE_PREFIXES.placeFurniture, 'furniture_type', body.furniture_type, null);
      let area: Box | null = null;
      return imageStep(user, {
        action: 'drawing_add_furniture',
        insufficient: INSUFFICIENT_CREDITS_MESSAGES.addFurnitureToDrawnArea,
        prefix: FAILURE_PREFIXES.placeFurniture,
        imageData: body.image_data,
        sessionId: body.session_id,
        progressId: body.progress_id,
        messages: { empty_mask: STUDIO_MESSAGES.drawAreaFirst },
        async produce(image, job) {
          area = maskBBox(await decodeMask(await readMask(body.mask_image, image), image));
          if (!area) throw new VisionError('empty_mask', STUDIO_MESSAGES.drawAreaFirst);
          const [x1, , x2, y2] = area;
          return engine.placeFurniture(image.bytes, { x: (x1 + x2) / 2, y: y2 - 1, sprite, sizeScale: 1, area }, job);
        },
        placement: () => ({
          furnitureType: body.furniture_type,
          x: area ? (area[0] + area[2]) / 2 : null,
          y: area ? area[3] : null,
          isFurniture: true,
        }),
        tracked: ['LAYOUT_CREATED'],
      });
    },

    /** New walls (1 credit): one of the catalogue's 20 materials. */
    changeWallMaterial(
      user: UserRow,
      body: { image_data: string; material_type: string; session_id?: string; progress_id?: string },
    ): Promise<ResultImageResponse> {
      if (!(WALL_MATERIAL_KEYS as readonly string[]).includes(body.material_type)) {
        const reason = `Unknown wall material ${body.material_type}`;
        throw badRequest(`${FAILURE_PREFIXES.changeWallMaterial}${reason}`, { material_type: [reason] });
      }
      return imageStep(user, {
        action: 'wall_material_change',
        insufficient: INSUFFICIENT_CREDITS_MESSAGES.changeWallMaterial,
        prefix: FAILURE_PREFIXES.changeWallMaterial,
        imageData: body.image_data,
        sessionId: body.session_id,
        progressId: body.progress_id,
        produce: (image, job) => engine.changeWallMaterial(image.bytes, body.material_type, job),
        placement: () => ({ furnitureType: body.material_type, isFurniture: false }),
      });
    },

    removeObject(
      user: UserRow,
      body: { image_data: string; detection: Detection; session_id?: string; progress_id?: string },
    ): Promise<ResultImageResponse> {
      return imageStep(user, {
        action: 'removal',
        insufficient: INSUFFICIENT_CREDITS_MESSAGES.removeObject,
        prefix: FAILURE_PREFIXES.removeObject,
        imageData: body.image_data,
        sessionId: body.session_id,
        progressId: body.progress_id,
        async produce(image, job) {
          const box = clipToImage(body.detection.bbox, image);
          if (!box) throw badRequest(STUDIO_MESSAGES.detectionNotFound, { detection: ['The box lies outside the image.'] });
          return engine.removeObject(image.bytes, box, job);
        },
        placement: () => ({
          furnitureType: body.detection.class_name,
          x: (body.detection.bbox[0] + body.detection.bbox[2]) / 2,
          y: body.detection.bbox[3],
          isFurniture: false,
        }),
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
          return engine.eraseArea(image.bytes, await readMask(body.mask_image, image), job);
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
      let file: Buffer;
      try {
        const image = await readStudioImage(body.image_data, user.id, media);
        file = await watermark(image.bytes, user.plan === 'free');
      } catch (error) {
        if (isVisionError(error)) throw badRequest(STUDIO_MESSAGES.failedToLoadImage, { error: [error.message] });
        throw error;
      }
      const { exports_completed } = await growth.userState(user);
      await track(
        user,
        ['EXPORT_COMPLETED'],
        ['export_completed', ...(exports_completed === 0 ? (['first_export'] as const) : [])],
        { session_id: body.session_id ?? null, watermarked: user.plan === 'free' },
      );
      return file;
    },

    progress: (user: UserRow, progressId: string) => progress.read(user.id, progressId),
  };
}
export type StudioService = ReturnType<typeof createStudioService>;
export type { StudioRepository };
