import { randomUUID } from 'node:crypto';
import {
  entitlementsOf,
  INSPIRATION_MESSAGES,
  type Prediction,
  type RestyleJob,
  type RestyleProvider,
  type RoomType,
  STUDIO_UPLOAD_MAX_BYTES,
  type ThemeKey,
  type TransformRoomResponse,
  CREDIT_COSTS,
} from '@stagecraft/contracts';
import { isVisionError } from '@stagecraft/vision';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { createJobStore, type JobRow, type JobStore } from '../../jobs/job-store.ts';
import type { JobContext } from '../../jobs/job-runner.ts';
import { users } from '../../db/schema.ts';
import { eq } from 'drizzle-orm';
import { badRequest, HttpError, notFound } from '../../lib/http-errors.ts';
import { fetchPublicUrl, type Resolver, UnsafeUrlError } from '../../lib/safe-fetch.ts';
import type { UserRow } from '../auth/users-repository.ts';
import { chargeHold, type CreditHold, holdCredits, releaseHold } from '../billing/credit-holds.ts';
import { createUsersRepository } from '../auth/users-repository.ts';
import { InsufficientCreditsError } from '../billing/credit-ledger.ts';
import type { MediaService } from '../media/service.ts';
import type { StudioEngine } from '../studio/engine.ts';
import { fileTooLarge, inspectImage } from '../studio/images.ts';
import { createLocalProvider, type GenerativeProvider, ProviderError, type RestyleOutcome } from './providers.ts';
import type { ReplicatePrediction, ReplicateProvider } from './replicate.ts';
import { createInspirationRepository, type PredictionRow } from './repository.ts';

/** What a finished restyle job keeps in `jobs.result` (URLs are signed afresh at each read). */
interface StoredResult {
  prediction_id: string;
  theme: ThemeKey;
  provider: RestyleProvider;
  warning: string | null;
  source_media_id: string | null;
  result_media_id: string;
  created_at: string;
}

export interface InspirationServiceDependencies {
  db: Database;
  media: MediaService;
  engine: StudioEngine;
  config: AppConfig;
  jobs: JobStore;
  runner: JobRunner;
  /** The remote adapter when REPLICATE_API_TOKEN is set. */
  replicate: ReplicateProvider | null;
  /** DNS for image_url, replaceable in tests. */
  resolve?: Resolver;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
}

const URL_FETCH_TIMEOUT_MS = 10_000;

/** HEIC/HEIF by its ISO-BMFF brand: refused with the spec's advice before any decoder sees it. */
function isHeic(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  const box = Buffer.from(bytes.subarray(4, 12)).toString('latin1');
  return /^ftyp(heic|heix|hevc|hevx|heim|heis|mif1|msf1|avif)$/.test(box) && !box.endsWith('avif');
}

/** The photo by content: not HEIC, a JPEG, PNG or WebP of at most 50 MP; otherwise a 400 saying why. */
async function checkPhoto(bytes: Buffer) {
  if (bytes.length > STUDIO_UPLOAD_MAX_BYTES) throw fileTooLarge();
  if (isHeic(bytes)) throw badRequest(INSPIRATION_MESSAGES.heicNotSupported, { control_image: [INSPIRATION_MESSAGES.heicNotSupported] });
  try {
    return await inspectImage(bytes);
  } catch (error) {
    if (isVisionError(error)) throw badRequest(error.message, { control_image: [error.message] });
    throw error;
  }
}

/**
 * Room inspiration: a photo restyled in a theme by a provider (local or replicate), as a durable job. The
 * call holds 1 credit, stores the photo, queues the job and waits a generous while; the job stores its result,
 * charges the hold and writes the history row in one transaction, so a result is paid for exactly once and a
 * failed, canceled or interrupted job costs nothing.
 */
export function createInspirationService(deps: InspirationServiceDependencies) {
  const { db, media, jobs, runner, config, log } = deps;
  const repository = createInspirationRepository(db);
  const local = createLocalProvider(deps.engine);
  const providers: Partial<Record<RestyleProvider, GenerativeProvider>> = { local, ...(deps.replicate ? { replicate: deps.replicate } : {}) };
  const defaultProvider: RestyleProvider = deps.replicate ? 'replicate' : 'local';

  const predictionOf = (result: StoredResult): Prediction => ({
    prediction_id: result.prediction_id,
    image_url: media.signedUrl(result.result_media_id),
    theme: result.theme,
    provider: result.provider,
    source_image_url: result.source_media_id ? media.signedUrl(result.source_media_id) : null,
    warning: result.warning,
    created_at: result.created_at,
  });

  const fromRow = (row: PredictionRow): Prediction =>
    predictionOf({
      prediction_id: row.id,
      theme: row.theme as ThemeKey,
      provider: row.provider as RestyleProvider,
      warning: row.warning,
      source_media_id: row.sourceMediaId,
      result_media_id: row.resultMediaId,
      created_at: row.createdAt.toISOString(),
    });

  function jobView(row: JobRow): RestyleJob {
    const provider = (row.provider ?? 'local') as RestyleProvider;
    return {
      job_id: row.id,
      status: row.status,
      progress: row.progress,
      theme: row.input.theme as ThemeKey,
      provider,
      error: row.status === 'failed' || row.status === 'canceled' ? (row.error ?? INSPIRATION_MESSAGES.somethingWentWrong) : null,
      retry_local: row.status === 'failed' && provider !== 'local',
      credits_charged: row.creditsCharged,
      result: row.status === 'succeeded' && row.result ? predictionOf(row.result as unknown as StoredResult) : null,
      created_at: row.createdAt.toISOString(),
    };
  }

  /** The words a failed job keeps for its owner. */
  function describe(error: unknown): string {
    if (error instanceof ProviderError) return error.remote ? INSPIRATION_MESSAGES.remoteFailed(error.message) : error.message;
    if (isVisionError(error) && error.code !== 'worker_failed') return `The room could not be restyled: ${error.message}`;
    if (error instanceof InsufficientCreditsError) return INSPIRATION_MESSAGES.insufficientCredits;
    log.error({ err: error }, 'inspiration restyle failed');
    return INSPIRATION_MESSAGES.somethingWentWrong;
  }

  async function readSource(file: Buffer | null, imageUrl: string | null): Promise<Buffer> {
    if (file && imageUrl) {
      throw badRequest('Send either an image file or an image URL, not both.', { image_url: ['Send either an image file or an image URL, not both.'] });
    }
    if (file) return file;
    if (!imageUrl) throw badRequest(INSPIRATION_MESSAGES.imageRequired, { control_image: [INSPIRATION_MESSAGES.imageRequired] });
    try {
      return await fetchPublicUrl(imageUrl, {
        allowHosts: config.env === 'production' ? [] : config.inspiration.testAllowHosts,
        resolve: deps.resolve,
        maxBytes: STUDIO_UPLOAD_MAX_BYTES,
        timeoutMs: URL_FETCH_TIMEOUT_MS,
        headers: { accept: 'image/jpeg, image/png, image/webp;q=0.9, */*;q=0.1' },
      });
    } catch (error) {
      if (error instanceof UnsafeUrlError) throw badRequest(error.message, { image_url: [error.message] });
      throw error;
    }
  }

  /**
   * Whether the result kept the photo's windows and doors: a warning for the page when not. The check is a
   * safeguard, not the product: when it cannot run, the result is kept without a warning (and logged).
   */
  async function structureWarning(photo: Buffer, outcome: RestyleOutcome, remote: boolean, job: JobRow): Promise<string | null> {
    try {
      const check = await deps.engine.checkStructure(photo, outcome.image, outcome.furniture, remote, { priority: 'normal' });
      if (check.changed) log.warn({ job: job.id, appeared: check.appeared, vanished: check.vanished }, 'restyle changed the room structure');
      return check.changed ? INSPIRATION_MESSAGES.structureWarning : null;
    } catch (error) {
      log.warn({ err: error, job: job.id }, 'structure check failed');
      return null;
    }
  }

  /**
   * The end of every restyle job (a new run or one resumed after a restart): the result checked, stored,
   * charged and written to the history in one transaction, or, when the job ended meanwhile, thrown away.
   */
  async function storeResult(user: UserRow, job: JobRow, photo: Buffer, outcome: RestyleOutcome, hold: CreditHold, provider: RestyleProvider) {
    const theme = job.input.theme as ThemeKey;
    const sourceMediaId = job.input.source_media_id as string;
    // A remote result is checked like any upload before it is kept.
    const checked = await inspectImage(Buffer.from(outcome.image)).catch(() => {
      throw new ProviderError('The provider returned something that is not a usable image.', provider !== 'local');
    });
    const warning = await structureWarning(photo, { ...outcome, image: checked.bytes }, provider !== 'local', job);
    const stored = await media.save(user.id, checked.bytes, checked.contentType);
    const predictionId = randomUUID();
    const result: StoredResult = {
      prediction_id: predictionId,
      theme,
      provider,
      warning,
      source_media_id: sourceMediaId,
      result_media_id: stored.id,
      created_at: new Date().toISOString(),
    };
    try {
      const paid = await db.transaction(async (tx) => {
        const store = createJobStore(tx);
        if (!(await store.succeedIn(tx, job.id, { resultMediaId: stored.id, result: { ...result }, creditsCharged: hold.amount }))) {
          return false;
        }
        await chargeHold(tx, hold, `inspiration:${predictionId}`);
        await createInspirationRepository(tx).insert({
          id: predictionId,
          userId: user.id,
          jobId: job.id,
          theme,
          provider,
          sourceMediaId,
          resultMediaId: stored.id,
          warning,
        });
        return true;
      });
      // Ended meanwhile (canceled, or failed by a restart's recovery): this result is not the user's to pay for.
      if (!paid) await media.deleteOwned(user.id, stored.id).catch(() => {});
    } catch (error) {
      await media.deleteOwned(user.id, stored.id).catch(() => {});
      throw error;
    }
    log.warn({ job: job.id, provider, note: outcome.note }, 'inspiration restyle stored');
  }

  const engineJob = (user: UserRow, context: JobContext) => ({
    priority: entitlementsOf(user.plan).rushProcessing ? ('rush' as const) : ('normal' as const),
    onProgress: (f: number) => context.progress(f * 0.95),
  });

  /** The work of one restyle job: the provider, then store + charge + history in one transaction. */
  function restyleWork(user: UserRow, job: JobRow, photo: Buffer, hold: CreditHold, provider: GenerativeProvider) {
    return async (context: JobContext) => {
      const outcome = await provider.restyle({
        image: photo,
        theme: job.input.theme as ThemeKey,
        roomType: (job.input.room_type as RoomType | undefined) ?? null,
        job: engineJob(user, context),
        signal: context.signal,
        onRemoteId: (remoteId) => jobs.setRemote(job.id, remoteId),
      });
      await storeResult(user, job, photo, outcome, hold, provider.name);
    };
  }

  /** A job resumed after a restart: its Replicate prediction waited for (webhook or poll), then stored as any. */
  function resumeWork(user: UserRow, job: JobRow, replicate: ReplicateProvider) {
    // The hold may have gone with the old process; charging it then spends the credit as any charge does.
    const hold: CreditHold = { id: job.holdId, userId: user.id, action: 'inspiration_restyle', amount: CREDIT_COSTS.inspiration_restyle };
    return async (context: JobContext) => {
      const outcome = await replicate.resume({
        remoteId: job.remoteId ?? '',
        startedAt: (job.startedAt ?? job.createdAt).getTime(),
        job: engineJob(user, context),
        signal: context.signal,
      });
      const photo = (await media.readOwned(user.id, job.input.source_media_id as string)).data;
      await storeResult(user, job, photo, outcome, hold, 'replicate');
    };
  }

  return {
    defaultProvider,

    /** `POST /api/transform-room-bis/user={id}`: the result when it comes within the wait, else the job (202). */
    async transform(
      user: UserRow,
      request: {
        theme: ThemeKey;
        file: Buffer | null;
        imageUrl: string | null;
        provider?: RestyleProvider;
        roomType?: RoomType;
        /** The client's id for the job, so it can cancel while the call still waits. */
        jobId?: string;
      },
    ): Promise<{ done: true; body: TransformRoomResponse } | { done: false; body: RestyleJob }> {
      const providerName = request.provider ?? defaultProvider;
      const provider = providers[providerName];
      if (!provider) {
        throw badRequest('That provider is not configured on this server.', { provider: ['That provider is not configured on this server.'] });
      }
      if (request.jobId && (await jobs.find(request.jobId))) {
        throw badRequest(INSPIRATION_MESSAGES.jobIdTaken, { job_id: [INSPIRATION_MESSAGES.jobIdTaken] });
      }
      const photo = await checkPhoto(await readSource(request.file, request.imageUrl));
      let hold: CreditHold;
      try {
        hold = await holdCredits(db, user.id, 'inspiration_restyle');
      } catch (error) {
        if (error instanceof InsufficientCreditsError) throw new HttpError(402, INSPIRATION_MESSAGES.insufficientCredits);
        throw error;
      }
      let job: JobRow | null;
      try {
        const source = await media.save(user.id, photo.bytes, photo.contentType);
        job = await jobs.create({
          id: request.jobId,
          userId: user.id,
          kind: 'restyle',
          input: { theme: request.theme, source_media_id: source.id, ...(request.roomType ? { room_type: request.roomType } : {}) },
          provider: provider.name,
          holdId: hold.id,
        });
        if (!job) {
          await media.deleteOwned(user.id, source.id).catch(() => {});
          throw badRequest(INSPIRATION_MESSAGES.jobIdTaken, { job_id: [INSPIRATION_MESSAGES.jobIdTaken] });
        }
      } catch (error) {
        await releaseHold(db, hold).catch(() => {});
        throw error;
      }
      void runner.run(job, restyleWork(user, job, photo.bytes, hold, provider), describe);
      await runner.wait(job.id, config.inspiration.waitMs);
      const row = (await jobs.find(job.id)) ?? job;
      if (row.status === 'succeeded' && row.result) {
        const [balance] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, user.id));
        return {
          done: true,
          body: {
            ...predictionOf(row.result as unknown as StoredResult),
            job_id: row.id,
            credits_remaining: balance?.credits ?? 0,
          },
        };
      }
      if (row.status === 'failed' || row.status === 'canceled') {
        const view = jobView(row);
        const status = view.retry_local ? 502 : 422;
        throw new HttpError(status, view.error ?? INSPIRATION_MESSAGES.somethingWentWrong, {
          job_id: [row.id],
          ...(view.retry_local ? { retry_local: ['true'] } : {}),
        });
      }
      return { done: false, body: jobView(row) };
    },

    /** `GET /api/inspiration/jobs/{id}/`: the owner's job; anyone else's is 404. */
    async job(user: UserRow, jobId: string): Promise<RestyleJob> {
      const row = await jobs.findOwned(user.id, jobId);
      if (!row || row.kind !== 'restyle') throw notFound('Job not found.');
      return jobView(row);
    },

    /**
     * `POST /api/inspiration/jobs/{id}/cancel/`: the owner's queued or running restyle ends canceled, its credit
     * hold given back, its work here aborted and its run at Replicate canceled; whatever it still produces is
     * thrown away uncharged. Canceling a canceled job again is harmless; a finished one is a 409.
     */
    async cancel(user: UserRow, jobId: string): Promise<RestyleJob> {
      const row = await jobs.findOwned(user.id, jobId);
      if (!row || row.kind !== 'restyle') throw notFound('Job not found.');
      if (row.status === 'queued' || row.status === 'running') {
        await jobs.end(row.id, 'canceled', INSPIRATION_MESSAGES.canceled);
        runner.cancel(row.id);
      }
      const current = (await jobs.find(row.id)) ?? row;
      if (current.status === 'succeeded' || current.status === 'failed') {
        throw new HttpError(409, INSPIRATION_MESSAGES.alreadyFinished, { status: [current.status] });
      }
      // Also when this process is not the one waiting for the run (another instance, or a restart's): the run
      // stops at Replicate, and the waiter sees it canceled at its next poll.
      if (current.provider === 'replicate' && current.remoteId && deps.replicate) {
        await deps.replicate.cancelRemote(current.remoteId).catch((error: unknown) => log.warn({ err: error, job: row.id }, 'Replicate cancel failed'));
      }
      return jobView(current);
    },

    /**
     * After a restart: the restyles whose Replicate prediction was running when the process stopped are taken up
     * again (polled, or woken by the webhook) and end like any other, stored and charged once or failed uncharged.
     * `all` on the embedded database (this process is its only user), `stale` heartbeats otherwise.
     */
    async resumeRemoteJobs(scope: 'all' | 'stale'): Promise<string[]> {
      const replicate = deps.replicate;
      if (!replicate) return [];
      const resumed: string[] = [];
      for (const job of await jobs.openRemote('replicate')) {
        if (job.kind !== 'restyle' || runner.isRunning(job.id) || !(await jobs.reclaim(job.id, scope))) continue;
        const user = await createUsersRepository(db).findById(job.userId);
        if (!user) {
          await jobs.end(job.id, 'failed', INSPIRATION_MESSAGES.interrupted);
          continue;
        }
        void runner.run(job, resumeWork(user, job, replicate), describe, { resumed: true });
        resumed.push(job.id);
      }
      return resumed;
    },

    /** `GET /api/history-predictions/user={id}`: the user's restyles, newest first. */
    async history(user: UserRow): Promise<Prediction[]> {
      return (await repository.listOf(user.id)).map(fromRow);
    },

    /** A verified Replicate webhook: wakes the job waiting for it here (others poll and find the same state). */
    async replicateWebhook(prediction: ReplicatePrediction): Promise<void> {
      if (!deps.replicate || typeof prediction.id !== 'string') return;
      if (deps.replicate.deliver(prediction)) return;
      const row = await jobs.findByRemote('replicate', prediction.id);
      if (row && (row.status === 'queued' || row.status === 'running')) {
        log.warn({ job: row.id }, 'a Replicate webhook for a job this process is not running: its own poll will finish it');
      }
    },
  };
}
export type InspirationService = ReturnType<typeof createInspirationService>;
