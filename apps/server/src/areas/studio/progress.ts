import type { ProgressResponse } from '@stagecraft/contracts';
import type { Database } from '../../db/database.ts';
import { createJobStore, HEARTBEAT_MS, type JobRow } from '../../jobs/job-store.ts';
import { notFound } from '../../lib/http-errors.ts';

/** The kind of the job records that follow studio calls (enhancement, removal, walls...). */
export const STUDIO_STEP_JOB = 'studio_step';

/** A finished call's record stays readable this long: enough for the client's last poll and a look back. */
const KEEP_MS = 24 * 60 * 60 * 1000;
/** Progress is written at most this often (the client polls every 500 ms); a change of state always is. */
const WRITE_MS = 250;

/**
 * Progress of running studio calls, by the `progress_id` the client made up (`GET /api/ai-design/progress/{id}/`).
 */
export interface ProgressBoard {
  /** Starts following a call; an id already used by someone else is not followed (ids are the client's UUIDs). */
  start(userId: number, progressId: string | undefined): Promise<ProgressHandle | null>;
  /** The owner's view; anyone else (or an unknown id) gets 404. */
  read(userId: number, progressId: string): Promise<ProgressResponse>;
}

export interface ProgressHandle {
  running(fraction?: number): void;
  done(): void;
  failed(): void;
}

const STATUS: Record<JobRow['status'], ProgressResponse['status']> = {
  queued: 'queued',
  running: 'running',
  succeeded: 'done',
  failed: 'failed',
  canceled: 'failed',
};

/**
 * On the durable jobs (issue 16): each followed call is a job record named by its `progress_id`, so any
 * instance answers the poll, and a restart shows a call that died with its process as failed (the start's
 * recovery ends it) instead of forgetting it. The charge stays with the studio's own transaction; the job only
 * carries state and progress. Writes leave the call's path (a progress bar never holds up the call) but are
 * kept in order per id, and a read in this process waits for its own pending writes.
 */
export class JobProgressBoard implements ProgressBoard {
  private readonly pending = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly log: { warn(object: object, message: string): void },
  ) {}

  async start(userId: number, progressId: string | undefined): Promise<ProgressHandle | null> {
    if (!progressId) return null;
    const store = createJobStore(this.db);
    await store.prune(userId, STUDIO_STEP_JOB, KEEP_MS).catch((error: unknown) => this.log.warn({ err: error }, 'could not prune progress'));
    const created = await store.create({ id: progressId, userId, kind: STUDIO_STEP_JOB, input: {}, provider: null, holdId: null });
    if (!created && !(await store.restart(progressId, userId, STUDIO_STEP_JOB))) return null;

    let lastWrite = 0;
    let ended = false;
    const write = (change: () => Promise<unknown>) => {
      const next = (this.pending.get(progressId) ?? Promise.resolve())
        .then(change)
        .then(() => {})
        .catch((error: unknown) => this.log.warn({ err: error }, 'could not record progress'));
      this.pending.set(progressId, next);
      void next.then(() => {
        if (this.pending.get(progressId) === next) this.pending.delete(progressId);
      });
    };
    // A long engine step that reports nothing still shows its process alive (another instance's start would
    // otherwise end it as abandoned).
    const heartbeat = setInterval(() => write(() => store.beat(progressId)), HEARTBEAT_MS);
    heartbeat.unref();
    const stop = () => {
      ended = true;
      clearInterval(heartbeat);
    };
    let started = false;
    return {
      running: (fraction = 0) => {
        if (ended) return;
        const now = Date.now();
        if (started && now - lastWrite < WRITE_MS) return;
        lastWrite = now;
        const first = !started;
        started = true;
        write(async () => {
          if (first) await store.start(progressId);
          await store.beat(progressId, fraction);
        });
      },
      done: () => {
        stop();
        write(() => store.complete(progressId));
      },
      failed: () => {
        stop();
        write(() => store.end(progressId, 'failed', 'The studio call failed.'));
      },
    };
  }

  async read(userId: number, progressId: string): Promise<ProgressResponse> {
    await this.pending.get(progressId);
    const row = await createJobStore(this.db).findOwned(userId, progressId);
    if (!row || row.kind !== STUDIO_STEP_JOB) throw notFound();
    return { success: true, progress: row.progress, status: STATUS[row.status] };
  }
}
