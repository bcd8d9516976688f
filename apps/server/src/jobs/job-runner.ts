import { HEARTBEAT_MS, type JobRow, type JobStore } from './job-store.ts';

export interface JobContext {
  jobId: string;
  /** Aborted when the job is canceled or the server shuts down. */
  signal: AbortSignal;
  /** 0..1; written to the job's record at most twice a second. */
  progress(fraction: number): void;
}

/** What a job's work throws to end it failed with words for the user (anything else reads as `fallback`). */
export interface JobFailure {
  message: string;
}

const PROGRESS_WRITE_MS = 500;
/** How long closing the app waits for running jobs before ending them as interrupted. */
const CLOSE_GRACE_MS = 5_000;

/**
 * Executes jobs in this process. Only the execution lives here: the job's record (job-store.ts) is the truth,
 * so another executor (a queue on several machines) can take this one's place without the records changing.
 * A job's work stores and charges its own result (JobStore.succeedIn in its transaction); when it throws, the
 * job ends failed, uncharged, with `describe(error)` as its message.
 */
export function createJobRunner(deps: {
  store: JobStore;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
  interruptedMessage: string;
}) {
  const { store, log } = deps;
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();

  async function execute(
    job: JobRow,
    controller: AbortController,
    work: (context: JobContext) => Promise<void>,
    describe: (error: unknown) => string,
    resumed: boolean,
  ): Promise<void> {
    // A resumed job was reclaimed (running already); a new one starts from queued.
    if (!resumed && !(await store.start(job.id))) return;
    let lastWrite = 0;
    let pending: Promise<void> = Promise.resolve();
    // A job ended elsewhere (canceled through another instance) stops here at its next heartbeat.
    const write = (fraction?: number) => {
      pending = pending
        .then(async () => {
          if (!(await store.beat(job.id, fraction))) controller.abort(new Error('the job has ended'));
        })
        .catch((error: unknown) => log.warn({ err: error }, 'job heartbeat failed'));
    };
    const heartbeat = setInterval(() => write(), HEARTBEAT_MS);
    heartbeat.unref();
    try {
      await work({
        jobId: job.id,
        signal: controller.signal,
        progress(fraction) {
          const now = Date.now();
          if (now - lastWrite < PROGRESS_WRITE_MS && fraction < 1) return;
          lastWrite = now;
          write(fraction);
        },
      });
    } catch (error) {
      const message = describe(error);
      await store.end(job.id, controller.signal.aborted ? 'canceled' : 'failed', message).catch((endError: unknown) =>
        log.error({ err: endError }, 'could not end a failed job'),
      );
    } finally {
      clearInterval(heartbeat);
      await pending;
    }
  }

  return {
    /**
     * Starts a queued job's work in the background (or, `resumed`, a reclaimed running one's); the promise
     * settles once the job has ended.
     */
    run(
      job: JobRow,
      work: (context: JobContext) => Promise<void>,
      describe: (error: unknown) => string,
      options: { resumed?: boolean } = {},
    ): Promise<void> {
      const controller = new AbortController();
      const done = execute(job, controller, work, describe, options.resumed ?? false)
        .catch((error: unknown) => log.error({ err: error, job: job.id }, 'job runner failure'))
        .finally(() => running.delete(job.id));
      running.set(job.id, { controller, done });
      return done;
    },

    /** Waits up to `ms` for a job running here to end; true when it has (or is not running here). */
    async wait(jobId: string, ms: number): Promise<boolean> {
      const entry = running.get(jobId);
      if (!entry) return true;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), ms);
      });
      // A canceled job answers at once, even while its (unstoppable) engine call is still finishing.
      const aborted = new Promise<true>((resolve) => entry.controller.signal.addEventListener('abort', () => resolve(true), { once: true }));
      const ended = await Promise.race([entry.done.then(() => true as const), aborted, timeout]);
      clearTimeout(timer);
      return ended;
    },

    /** Whether a job is executing in this process. */
    isRunning(jobId: string): boolean {
      return running.has(jobId);
    },

    /** Aborts a job running here (its work sees the signal and stops; the job ends canceled). */
    cancel(jobId: string): boolean {
      const entry = running.get(jobId);
      entry?.controller.abort();
      return entry !== undefined;
    },

    /** Shutdown: jobs get a short grace, then are aborted and any still open is ended as interrupted, uncharged. */
    async close(): Promise<void> {
      const entries = [...running.entries()];
      if (entries.length === 0) return;
      const settled = Promise.all(entries.map(([, entry]) => entry.done));
      const graceful = await Promise.race([
        settled.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), CLOSE_GRACE_MS).unref()),
      ]);
      if (graceful) return;
      for (const [id, entry] of entries) {
        entry.controller.abort();
        await store.end(id, 'failed', deps.interruptedMessage).catch(() => {});
      }
    },
  };
}
export type JobRunner = ReturnType<typeof createJobRunner>;
