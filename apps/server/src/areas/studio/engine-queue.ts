import { randomUUID } from 'node:crypto';
import { VisionError, type VisionErrorCode, isVisionError } from '@stagecraft/vision';
import type { Redis } from 'ioredis';
import PgBoss from 'pg-boss';
import { HttpError } from '../../lib/http-errors.ts';
import type { EngineJob, StudioEngine } from './engine.ts';

/**
 * The studio's image jobs through a PostgreSQL queue, for several app instances and separate image workers
 * (`npm run worker`, IMAGE_JOBS=queue). The app side implements the same StudioEngine as the in-process pool, so
 * no call site changes; the worker side runs each job on its own in-process pool.
 *
 * Why pg-boss rather than graphile-worker: a job whose worker died is found by its expiry (started + timeout)
 * and run again within IMAGE_JOB_CHECK_SECONDS, where graphile-worker frees a crashed worker's jobs only after
 * 4 hours; pg-boss also orders by priority (Pro rush first), keeps a job's result (`output`) for the caller to
 * read, and runs on Node 20 in its v10 line. Both are plain PostgreSQL, so the queue needs no new server.
 *
 * Images travel inside the job (base64 in its JSON) and the job row is deleted as soon as the caller has read
 * its result, so the queue holds only running work. Progress goes through Redis when REDIS_URL is set.
 *
 * A killed worker: pg-boss v10 (v11+, which has job heartbeats, needs Node 22) finds its job only when the job's
 * timeout has passed, and a timeout short enough for a quick recovery would also cut off slow jobs of live
 * workers on a busy machine. So with Redis each worker keeps a heartbeat key alive and marks the jobs it runs;
 * the instance waiting for a job whose worker's heartbeat is gone fails it at once, and pg-boss runs it again.
 * Without Redis, IMAGE_JOB_TIMEOUT_SECONDS alone finds lost jobs.
 */
export const IMAGE_JOB_QUEUE = 'stagecraft-image-jobs';

type EngineMethod = Exclude<keyof StudioEngine, 'close'>;
const ENGINE_METHODS: readonly EngineMethod[] = [
  'detectObjects',
  'annotateDetections',
  'markObject',
  'removeObject',
  'removeObjects',
  'roomModel',
  'eraseArea',
  'drawnArea',
  'cutout',
  'cutoutMark',
  'enhance',
  'placeFurniture',
  'placePosedPiece',
  'planStaging',
  'autoStage',
  'replaceObject',
  'changeWallMaterial',
  'brandImage',
  'exportJpeg',
  'restyleRoom',
  'fitJpeg',
  'checkStructure',
];
const isEngineMethod = (value: unknown): value is EngineMethod => ENGINE_METHODS.includes(value as EngineMethod);

/** JSON with bytes: every Uint8Array (Buffer) becomes `{ $bytes: base64 }` and comes back as a Buffer. */
export type Wire = null | boolean | number | string | Wire[] | { [key: string]: Wire };

export function encodeWire(value: unknown): Wire {
  if (value === null || value === undefined) return null;
  if (value instanceof Uint8Array) return { $bytes: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') };
  if (Array.isArray(value)) return value.map(encodeWire);
  if (typeof value === 'object') {
    const out: { [key: string]: Wire } = {};
    for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = encodeWire(item);
    return out;
  }
  if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') return value;
  throw new Error(`Cannot send a ${typeof value} to an image worker`);
}

export function decodeWire(wire: Wire): unknown {
  if (wire === null || typeof wire !== 'object') return wire;
  if (Array.isArray(wire)) return wire.map(decodeWire);
  const bytes = wire.$bytes;
  if (typeof bytes === 'string' && Object.keys(wire).length === 1) return Buffer.from(bytes, 'base64');
  return Object.fromEntries(Object.entries(wire).map(([key, item]) => [key, decodeWire(item)]));
}

interface JobData {
  method: EngineMethod;
  args: Wire[];
  priority: EngineJob['priority'];
}

/** What a worker answers: the value, or the engine's refusal (bad input: a 4xx, never retried). */
type JobOutput = { ok: true; value: Wire } | { ok: false; code: VisionErrorCode; message: string };

export interface QueueSettings {
  databaseUrl: string;
  /** A job running longer is taken for lost (its worker died) and run again. */
  timeoutSeconds: number;
  retries: number;
  /** How long a call waits for its job, queued and running, before it gives up (503). */
  waitSeconds: number;
  /** How often lost jobs are looked for. */
  checkSeconds: number;
}

/** The queue's own tables live in the `pgboss` schema of the app's database. */
export async function startQueue(settings: QueueSettings, log: { error(object: object, message: string): void }): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: settings.databaseUrl,
    schema: 'pgboss',
    max: 4,
    maintenanceIntervalSeconds: settings.checkSeconds,
    // Finished jobs are deleted by their caller; what is left (a caller that died) goes after a day.
    archiveCompletedAfterSeconds: 60 * 60,
    deleteAfterDays: 1,
  });
  boss.on('error', (error) => log.error({ err: error }, 'image job queue error'));
  await boss.start();
  await createQueueOnce(boss);
  return boss;
}

/**
 * Instances starting together on a fresh database all find no queue and create it at once: pg-boss's
 * createQueue then fails for the losers with a unique violation or, as measured with four processes, a
 * deadlock (40P01) while the winner has not yet committed. So a failed create waits a moment and looks again.
 */
async function createQueueOnce(boss: PgBoss): Promise<void> {
  const attempts = 6;
  for (let attempt = 1; ; attempt += 1) {
    if (await boss.getQueue(IMAGE_JOB_QUEUE)) return;
    try {
      await boss.createQueue(IMAGE_JOB_QUEUE);
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 200));
    }
  }
}

const progressKey = (jobId: string) => `image-job-progress:${jobId}`;
/** Who runs a job: `{workerId} {retryCount}` (each run of a job has its own retry count). */
const ownerKey = (jobId: string) => `image-job-owner:${jobId}`;
const heartbeatKey = (workerId: string) => `image-worker:${workerId}`;
/** A worker whose heartbeat is older than this is taken for dead; it beats every HEARTBEAT_EVERY_MS. */
const HEARTBEAT_TTL_MS = 10_000;
const HEARTBEAT_EVERY_MS = 1000;
const POLL_MS = 100;

interface Waiting {
  resolve(value: unknown): void;
  reject(error: unknown): void;
  deadline: number;
  onProgress: ((fraction: number) => void) | undefined;
  lastFraction: number;
}

/**
 * The app side: each engine call becomes a job; one poller per process reads the finished jobs of every call
 * waiting here (one query each 100 ms, whatever the number of calls) and their progress from Redis.
 */
export function createQueuedStudioEngine(deps: {
  boss: PgBoss;
  settings: QueueSettings;
  redis: Redis | null;
  log: { warn(object: object, message: string): void };
}): StudioEngine {
  const { boss, settings, redis, log } = deps;
  const waiting = new Map<string, Waiting>();
  let timer: NodeJS.Timeout | null = null;
  const waitLimitMs = settings.waitSeconds * 1000;

  async function poll(): Promise<void> {
    const ids = [...waiting.keys()];
    if (ids.length === 0) return;
    // The output (images) only of finished jobs; state and run number of the others.
    const { rows } = (await boss.getDb().executeSql(
      `SELECT id, state, retry_count, CASE WHEN state IN ('completed', 'failed', 'cancelled') THEN output END AS output
         FROM pgboss.job WHERE name = $1 AND id = ANY($2::uuid[])`,
      [IMAGE_JOB_QUEUE, ids],
    )) as { rows: { id: string; state: string; retry_count: number; output: unknown }[] };
    const running: { id: string; run: number }[] = [];
    for (const row of rows) {
      const entry = waiting.get(row.id);
      if (!entry) continue;
      if (row.state === 'active') running.push({ id: row.id, run: row.retry_count });
      if (row.state !== 'completed' && row.state !== 'failed' && row.state !== 'cancelled') continue;
      waiting.delete(row.id);
      void boss.deleteJob(IMAGE_JOB_QUEUE, row.id).catch(() => {});
      void redis?.del(ownerKey(row.id), progressKey(row.id)).catch(() => {});
      const output = row.output as JobOutput | null;
      if (row.state === 'completed' && output?.ok === true) entry.resolve(decodeWire(output.value));
      else if (row.state === 'completed' && output?.ok === false) entry.reject(new VisionError(output.code, output.message));
      else entry.reject(new VisionError('worker_failed', 'The image worker could not finish the job.'));
    }
    const now = Date.now();
    for (const [id, entry] of waiting) {
      if (entry.deadline > now) continue;
      waiting.delete(id);
      void boss.cancel(IMAGE_JOB_QUEUE, id).catch(() => {});
      // Not the input's fault and not a crash: too few workers for the work. The call costs nothing.
      entry.reject(new HttpError(503, 'The image workers are busy. Please try again in a minute.'));
    }
    if (redis && running.length > 0) await failJobsOfDeadWorkers(redis, running);
    const followed = [...waiting.entries()].filter(([, entry]) => entry.onProgress);
    if (redis && followed.length > 0) {
      const fractions = await redis.mget(followed.map(([id]) => progressKey(id)));
      followed.forEach(([, entry], index) => {
        const fraction = Number(fractions[index] ?? Number.NaN);
        if (Number.isFinite(fraction) && fraction > entry.lastFraction) {
          entry.lastFraction = fraction;
          entry.onProgress?.(fraction);
        }
      });
    }
  }

  /** Running jobs whose worker stopped beating (killed, machine lost) are failed now, so pg-boss runs them again. */
  async function failJobsOfDeadWorkers(store: Redis, running: { id: string; run: number }[]): Promise<void> {
    const owners = await store.mget(running.map(({ id }) => ownerKey(id)));
    const claimed = running.flatMap(({ id, run }, index) => {
      const [workerId, ownerRun] = (owners[index] ?? '').split(' ');
      // Only the run the owner marked: a job just taken again, not yet marked by its new worker, is left alone.
      return workerId && Number(ownerRun) === run ? [{ id, workerId }] : [];
    });
    if (claimed.length === 0) return;
    const beats = await store.mget(claimed.map(({ workerId }) => heartbeatKey(workerId)));
    for (const [index, { id, workerId }] of claimed.entries()) {
      if (beats[index] !== null) continue;
      log.warn({ job: id, worker: workerId }, 'image worker stopped mid-job; the job runs again on another worker');
      await boss.fail(IMAGE_JOB_QUEUE, id, { message: `worker ${workerId} stopped` });
    }
  }

  function schedule(): void {
    if (timer || waiting.size === 0) return;
    timer = setTimeout(() => {
      poll()
        .catch((error: unknown) => log.warn({ err: error }, 'could not read image job results'))
        .finally(() => {
          timer = null;
          schedule();
        });
    }, POLL_MS);
  }

  async function run(method: EngineMethod, args: unknown[], job: EngineJob): Promise<unknown> {
    const data: JobData = { method, args: args.map(encodeWire), priority: job.priority };
    const id = await boss.send(IMAGE_JOB_QUEUE, data, {
      priority: job.priority === 'rush' ? 10 : 0,
      expireInSeconds: settings.timeoutSeconds,
      retryLimit: settings.retries,
      retryDelay: 0,
    });
    if (!id) throw new VisionError('worker_failed', 'The image job could not be queued.');
    job.onProgress?.(0);
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject, deadline: Date.now() + waitLimitMs, onProgress: job.onProgress, lastFraction: 0 });
      schedule();
    });
  }

  // Each method sends its own arguments; the results come back with their bytes as Buffers, as the pool's do.
  const call =
    <M extends EngineMethod>(method: M) =>
    (...params: Parameters<StudioEngine[M]>): ReturnType<StudioEngine[M]> => {
      const job = params[params.length - 1] as EngineJob;
      return run(method, params.slice(0, -1), job) as ReturnType<StudioEngine[M]>;
    };

  return {
    detectObjects: call('detectObjects'),
    annotateDetections: call('annotateDetections'),
    markObject: call('markObject'),
    removeObject: call('removeObject'),
    removeObjects: call('removeObjects'),
    roomModel: call('roomModel'),
    eraseArea: call('eraseArea'),
    drawnArea: call('drawnArea'),
    cutout: call('cutout'),
    cutoutMark: call('cutoutMark'),
    enhance: call('enhance'),
    placeFurniture: call('placeFurniture'),
    placePosedPiece: call('placePosedPiece'),
    planStaging: call('planStaging'),
    autoStage: call('autoStage'),
    replaceObject: call('replaceObject'),
    changeWallMaterial: call('changeWallMaterial'),
    brandImage: call('brandImage'),
    exportJpeg: call('exportJpeg'),
    restyleRoom: call('restyleRoom'),
    fitJpeg: call('fitJpeg'),
    checkStructure: call('checkStructure'),
    async close() {
      if (timer) clearTimeout(timer);
      timer = null;
      for (const [id, entry] of waiting) {
        waiting.delete(id);
        entry.reject(new VisionError('worker_failed', 'The server is stopping.'));
      }
    },
  };
}

/**
 * The worker side: `concurrency` handlers take jobs (highest priority first) and run them on `engine`, the
 * in-process pool. An engine refusal (bad input) is the job's answer, not a failure: only a crash or a timeout
 * makes pg-boss run the job again.
 */
export async function workImageJobs(deps: {
  boss: PgBoss;
  engine: StudioEngine;
  concurrency: number;
  redis: Redis | null;
  log: { warn(object: object, message: string): void; info(object: object, message: string): void };
}): Promise<void> {
  const { boss, engine, redis, log } = deps;
  const workerId = randomUUID();
  if (redis) {
    const beat = () => redis.set(heartbeatKey(workerId), '1', 'PX', HEARTBEAT_TTL_MS);
    await beat();
    const timer = setInterval(() => void beat().catch(() => {}), HEARTBEAT_EVERY_MS);
    timer.unref();
    boss.once('stopped', () => clearInterval(timer));
  }
  const handle = async (job: PgBoss.JobWithMetadata<JobData>): Promise<JobOutput> => {
    const { method, args, priority } = job.data;
    await redis?.set(ownerKey(job.id), `${workerId} ${job.retryCount}`, 'PX', 60 * 60 * 1000);
    if (!isEngineMethod(method)) return { ok: false, code: 'invalid_argument', message: `Unknown engine call ${String(method)}` };
    const reportProgress = (fraction: number) => {
      redis?.set(progressKey(job.id), String(fraction), 'PX', 10 * 60 * 1000).catch(() => {});
    };
    const started = Date.now();
    try {
      const callable = engine[method] as (...params: unknown[]) => Promise<unknown>;
      const value = await callable(...args.map(decodeWire), { priority, onProgress: reportProgress } satisfies EngineJob);
      log.info({ job: job.id, run: job.retryCount, method, ms: Date.now() - started }, 'image job done');
      return { ok: true, value: encodeWire(value) };
    } catch (error) {
      if (isVisionError(error) && error.code !== 'worker_failed') return { ok: false, code: error.code, message: error.message };
      log.warn({ err: error, job: job.id, method }, 'image job failed; it will be tried again');
      throw error;
    }
  };
  for (let index = 0; index < deps.concurrency; index += 1) {
    await boss.work<JobData>(IMAGE_JOB_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5, includeMetadata: true }, async ([job]) =>
      job ? handle(job) : null,
    );
  }
}
