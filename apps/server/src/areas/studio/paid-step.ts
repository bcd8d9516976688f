import { randomUUID } from 'node:crypto';
import {
  type ConversionEventType,
  type CreditAction,
  entitlementsOf,
  FAILURE_PREFIXES,
  type ResultImageResponse,
  type TrackedAction,
} from '@stagecraft/contracts';
import { isVisionError, type PiecePose, type VisionErrorCode } from '@stagecraft/vision';
import type { Database } from '../../db/database.ts';
import type { SessionPiece } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import type { UserRow } from '../auth/users-repository.ts';
import { chargeHold, type CreditHold, holdCredits, releaseHold } from '../billing/credit-holds.ts';
import { creditCost, InsufficientCreditsError, spendCredits } from '../billing/credit-ledger.ts';
import type { GrowthService } from '../growth/service.ts';
import type { MediaService } from '../media/service.ts';
import type { EngineJob, StudioEngine } from './engine.ts';
import { readStudioImage, type StudioImage } from './images.ts';
import type { ProgressBoard } from './progress.ts';
import type { RoomModels } from './room-models.ts';
import { createStudioRepository, type StudioRepository } from './repository.ts';
import { assertMayWorkOnRoom } from './rooms.ts';
import { createWorkspaceRepository } from './workspace-repository.ts';

export interface StudioServiceDependencies {
  db: Database;
  media: MediaService;
  engine: StudioEngine;
  growth: GrowthService;
  progress: ProgressBoard;
  /** The sessions' room models (one per session, from its original). */
  roomModels: RoomModels;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
}

export type Prefix = (typeof FAILURE_PREFIXES)[keyof typeof FAILURE_PREFIXES];

/** Too few credits for the call: 402 with the spec's message for it. */
export const insufficientCredits = (message: string) => new HttpError(402, message);

/** How an engine failure reads: the spec's prefix and the engine's reason; the input's fault is a 4xx. */
const FAILURE_STATUS: Record<VisionErrorCode, number> = {
  invalid_image: 400,
  image_too_large: 400,
  invalid_mask: 400,
  empty_mask: 400,
  invalid_argument: 400,
  no_foreground: 422,
  no_walls: 422,
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

/** What every paid call states: what it costs, how it fails, and the image and session it works on. */
interface StepBasics {
  action: CreditAction;
  quantity?: number;
  insufficient: string;
  prefix: Prefix;
  imageData: string;
  sessionId: string | undefined;
  progressId: string | undefined;
  /** Engine failures that have a message of their own in the spec (an empty drawing). */
  messages?: Partial<Record<VisionErrorCode, string>>;
}

/** One paid call: its basics, what the engine makes, and what the design session records. */
export interface PaidStep<T> extends StepBasics {
  /** The image to store (JPEG) and what else the answer needs. */
  produce(image: StudioImage, job: EngineJob): Promise<{ file: Buffer; value: T }>;
  /** Whether this outcome costs nothing (a detection that found no object): charged 0, still recorded. */
  free?(value: T): boolean;
  /** How many of the held `quantity` the outcome delivered (a staging whose piece fell outside the photo). */
  delivered?(value: T): number;
  /** Records the step inside the transaction that charges for it. */
  record(
    inTx: StudioRepository,
    step: { sessionId: string; stepId: string; mediaId: string; cost: number; image: StudioImage; value: T },
  ): Promise<void>;
  /** Actions and events to track once the step is paid for (000 section 7), beside CREDIT_USAGE. */
  tracked?: { actions: TrackedAction[]; events: ConversionEventType[] };
}

/** An edit's image when it changes which 3D pieces stand in it (a placement adds one, a removal may take some). */
export interface ImageWithPieces {
  file: Buffer;
  pieces: SessionPiece[];
  /** The pose of the piece the step drew, for the answer. */
  pose?: PiecePose;
  /** How many of the step's `quantity` it delivered, when fewer (charged for these only). */
  delivered?: number;
}

/** One paid step that produces a new image, as each studio edit does. */
export interface ImageStep extends StepBasics {
  /**
   * The new image, given the 3D pieces that stand in the image sent (those its step recorded): a plain image
   * keeps them all.
   */
  produce(image: StudioImage, job: EngineJob, pieces: SessionPiece[]): Promise<Buffer | ImageWithPieces>;
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

/**
 * What every paid studio call goes through: credits checked early, the engine off the request thread, the
 * charge and the design-session record in one transaction, tracking, errors in the spec's words.
 */
export function createPaidSteps(deps: StudioServiceDependencies) {
  const { db, media, growth, progress, log } = deps;
  const repository = createStudioRepository(db);
  const workspace = createWorkspaceRepository(db);

  /** An engine failure as the API answers it; the engine's own faults (not the input's) are logged too. */
  const failure = (prefix: Prefix, error: unknown, wording?: Parameters<typeof engineFailure>[2]) => {
    if (isVisionError(error) && FAILURE_STATUS[error.code] >= 500) log.error({ err: error }, `studio engine failure: ${prefix}`);
    return engineFailure(prefix, error, wording);
  };

  const jobOf = (user: UserRow, onProgress?: (fraction: number) => void): EngineJob => ({
    priority: entitlementsOf(user.plan).rushProcessing ? 'rush' : 'normal',
    onProgress,
  });

  /** The room model an edit of `image` is guided by: its session's (from the original), or the posted photo's own. */
  const roomFor = (sessionId: string | undefined, user: UserRow, image: StudioImage, job: EngineJob) =>
    deps.roomModels.forOperation(sessionId, { userId: user.id, bytes: image.bytes, priority: job.priority });

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

  /** Sets the call's credits aside before any work, or refuses it at once with the spec's 402. */
  async function hold(user: UserRow, step: StepBasics): Promise<CreditHold> {
    try {
      return await holdCredits(db, user.id, step.action, step.quantity);
    } catch (error) {
      if (error instanceof InsufficientCreditsError) throw insufficientCredits(step.insufficient);
      throw error;
    }
  }

  /**
   * The life of every paid call: hold its credits (refused at once without them, so a burst of calls cannot
   * each start an engine run), run the engine off the request thread, store its image, then turn the hold into
   * the charge and record the step in one transaction. A failed call releases its hold: it costs nothing and
   * records nothing.
   */
  async function paidStep<T>(user: UserRow, step: PaidStep<T>) {
    const session = await sessionOf(user, step.sessionId);
    await assertMayWorkOnRoom(workspace, user, session);
    const cost = creditCost(step.action, step.quantity);
    if (user.credits < cost) throw insufficientCredits(step.insufficient);
    const held = await hold(user, step);
    const followed = await progress.start(user.id, step.progressId);
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
      await releaseHold(db, held).catch((releaseError: unknown) => log.warn({ err: releaseError }, 'could not release a hold'));
      throw failure(step.prefix, error, { messages: step.messages });
    }
    let stored: { id: string; url: string } | null = null;
    let original: { id: string; created: boolean } | null = null;
    const sessionId = session?.id ?? randomUUID();
    const stepId = randomUUID();
    const delivered = step.delivered ? Math.min(step.delivered(produced.value), step.quantity ?? 1) : step.quantity;
    const quantity = step.free?.(produced.value) ? 0 : delivered;
    const charged = creditCost(step.action, quantity);
    let creditsRemaining: number;
    try {
      stored = await media.save(user.id, produced.file, 'image/jpeg');
      original = session ? null : await originalOf(user, image);
      const newSession = original;
      const result = stored;
      creditsRemaining = await db.transaction(async (tx) => {
        const inTx = createStudioRepository(tx);
        if (newSession) await inTx.insertSession({ id: sessionId, userId: user.id, originalMediaId: newSession.id });
        // An outcome that costs nothing (a detection that found no object) gives the hold back instead.
        const remaining =
          charged === 0
            ? (await releaseHold(tx, held), await spendCredits(tx, user.id, step.action, `studio:${stepId}`, 0))
            : await chargeHold(tx, { ...held, amount: charged }, `studio:${stepId}`);
        await step.record(inTx, { sessionId, stepId, mediaId: result.id, cost: charged, image, value: produced.value });
        await inTx.linkMedia(sessionId, newSession?.created ? [newSession.id, result.id] : [result.id]);
        return remaining;
      });
    } catch (error) {
      followed?.failed();
      await releaseHold(db, held).catch(() => {});
      if (stored) await media.deleteOwned(user.id, stored.id).catch(() => {});
      if (original?.created) await media.deleteOwned(user.id, original.id).catch(() => {});
      if (error instanceof InsufficientCreditsError) throw insufficientCredits(step.insufficient);
      throw error;
    }
    followed?.done();
    // A session this step started gets its room model computed in the background, from its original.
    if (original) deps.roomModels.warm(sessionId);
    const firstSession = original !== null && (await repository.countSessions(user.id)) === 1;
    const tracked = step.tracked ?? { actions: [], events: [] };
    await track(
      user,
      ['CREDIT_USAGE', ...(firstSession ? (['FIRST_IMAGE_UPLOAD'] as const) : []), ...tracked.actions],
      [...(firstSession ? (['first_image_upload'] as const) : []), ...tracked.events],
      { studio_action: step.action, credits: charged, session_id: sessionId, step_id: stepId },
    );
    return { url: stored.url, creditsRemaining, sessionId, stepId, value: produced.value };
  }

  /** The 3D pieces in an image of the session (none in a data URL or in an image of no step). */
  async function piecesIn(sessionId: string | undefined, image: StudioImage): Promise<SessionPiece[]> {
    return sessionId && image.mediaId ? repository.piecesIn(sessionId, image.mediaId) : [];
  }

  /** A paid edit whose result is the new image, recorded as a placement of the design session. */
  async function imageStep(user: UserRow, step: ImageStep): Promise<ResultImageResponse> {
    const done = await paidStep(user, {
      ...step,
      async produce(image, job): Promise<{ file: Buffer; value: Omit<ImageWithPieces, 'file'> }> {
        const before = await piecesIn(step.sessionId, image);
        const made = await step.produce(image, job, before);
        if (Buffer.isBuffer(made)) return { file: made, value: { pieces: before } };
        const { file, ...value } = made;
        return { file, value };
      },
      delivered: (value) => value.delivered ?? step.quantity ?? 1,
      async record(inTx, { sessionId, stepId, mediaId, cost, image, value }) {
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
          pieces: value.pieces,
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
    const { pose } = done.value;
    return {
      success: true,
      result_image: done.url,
      credits_remaining: done.creditsRemaining,
      session_id: done.sessionId,
      placement_id: done.stepId,
      ...(pose ? { pose: { position: pose.position, yaw_degrees: pose.yawDeg, scale: pose.scale } } : {}),
    };
  }

  return { repository, failure, jobOf, roomFor, track, paidStep, imageStep };
}
export type PaidSteps = ReturnType<typeof createPaidSteps>;
