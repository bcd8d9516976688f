import { randomUUID } from 'node:crypto';
import type { JobStatus } from '@stagecraft/contracts';
import { and, eq, inArray, isNotNull, isNull, lt, not, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { creditHolds, jobs } from '../db/schema.ts';

export type JobRow = typeof jobs.$inferSelect;

/** The states a job can still leave; the three others are final. */
const OPEN: JobStatus[] = ['queued', 'running'];

/**
 * A job running in a live process touches `heartbeat_at` this often; one untouched for STALE_AFTER_MS belongs
 * to a process that died (kill -9, a crash, a lost machine).
 */
export const HEARTBEAT_MS = 10_000;
export const STALE_AFTER_MS = 60_000;

const staleHeartbeat = () =>
  or(isNull(jobs.heartbeatAt), lt(jobs.heartbeatAt, sql`now() - ${`${STALE_AFTER_MS} milliseconds`}::interval`));

/**
 * The durable record of long work (schema.ts `jobs`): what it is, whose, where it stands, and whether it was paid
 * for. Each change of state is one conditional UPDATE from an open state, so two finishers (a webhook and a poll,
 * a worker and the recovery of a restart) can never both end a job: the second finds nothing to change.
 */
export function createJobStore(db: Database) {
  return {
    /** A new queued job; with a caller's `id` already in use, null (nothing is created). */
    async create(job: {
      id?: string;
      userId: number;
      kind: string;
      input: Record<string, unknown>;
      provider: string | null;
      holdId: string | null;
    }): Promise<JobRow | null> {
      const [row] = await db
        .insert(jobs)
        .values({ ...job, id: job.id ?? randomUUID() })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    async find(id: string): Promise<JobRow | undefined> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
      return row;
    },

    /** The owner's job; anyone else's reads as missing. */
    async findOwned(userId: number, id: string): Promise<JobRow | undefined> {
      const [row] = await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.id, id), eq(jobs.userId, userId)));
      return row;
    },

    async findByRemote(provider: string, remoteId: string): Promise<JobRow | undefined> {
      const [row] = await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.provider, provider), eq(jobs.remoteId, remoteId)));
      return row;
    },

    /** queued -> running; false when the job was ended meanwhile (canceled, recovered). */
    async start(id: string): Promise<boolean> {
      const started = await db
        .update(jobs)
        .set({ status: 'running', startedAt: sql`now()`, heartbeatAt: sql`now()` })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')))
        .returning({ id: jobs.id });
      return started.length > 0;
    },

    /**
     * A caller-named job (`create` with an id) named again by the same owner for a new run of the same kind:
     * back to queued. False when the id is someone else's or another kind's.
     */
    async restart(id: string, userId: number, kind: string): Promise<boolean> {
      const reset = await db
        .update(jobs)
        .set({ status: 'queued', progress: 0, error: null, startedAt: null, finishedAt: null, heartbeatAt: sql`now()` })
        .where(and(eq(jobs.id, id), eq(jobs.userId, userId), eq(jobs.kind, kind), eq(jobs.creditsCharged, 0)))
        .returning({ id: jobs.id });
      return reset.length > 0;
    },

    /** An open job ends succeeded when its result is recorded elsewhere (nothing charged through the job). */
    async complete(id: string): Promise<boolean> {
      const done = await db
        .update(jobs)
        .set({ status: 'succeeded', progress: 1, finishedAt: sql`now()`, heartbeatAt: sql`now()` })
        .where(and(eq(jobs.id, id), inArray(jobs.status, OPEN)))
        .returning({ id: jobs.id });
      return done.length > 0;
    },

    /** Forgets a user's finished jobs of `kind` older than `ms` (records that only ever fed a progress bar). */
    async prune(userId: number, kind: string, ms: number): Promise<void> {
      await db
        .delete(jobs)
        .where(
          and(
            eq(jobs.userId, userId),
            eq(jobs.kind, kind),
            notInArray(jobs.status, OPEN),
            lt(jobs.createdAt, sql`now() - ${`${ms} milliseconds`}::interval`),
          ),
        );
    },

    /** Progress and a heartbeat, while the job is open; false once it has ended (canceled elsewhere, say). */
    async beat(id: string, progress?: number): Promise<boolean> {
      const open = await db
        .update(jobs)
        .set({
          heartbeatAt: sql`now()`,
          ...(progress === undefined ? {} : { progress: Math.min(1, Math.max(0, progress)) }),
        })
        .where(and(eq(jobs.id, id), inArray(jobs.status, OPEN)))
        .returning({ id: jobs.id });
      return open.length > 0;
    },

    /**
     * Takes over a running job whose process died, for this one to finish (a remote run that outlives us):
     * `all` when this process is the database's only user, else only a job whose heartbeat went stale, so that
     * of several instances starting at once exactly one takes it.
     */
    async reclaim(id: string, scope: 'all' | 'stale'): Promise<boolean> {
      const taken = await db
        .update(jobs)
        .set({ heartbeatAt: sql`now()` })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'running'), scope === 'all' ? undefined : staleHeartbeat()))
        .returning({ id: jobs.id });
      return taken.length > 0;
    },

    /** Open jobs of `provider` that have a remote run (candidates for `reclaim` after a restart). */
    async openRemote(provider: string): Promise<JobRow[]> {
      return db
        .select()
        .from(jobs)
        .where(and(eq(jobs.provider, provider), eq(jobs.status, 'running'), isNotNull(jobs.remoteId)));
    },

    async setRemote(id: string, remoteId: string): Promise<void> {
      await db.update(jobs).set({ remoteId, heartbeatAt: sql`now()` }).where(eq(jobs.id, id));
    },

    /**
     * Ends an open job as failed or canceled, giving its credit hold back; false when it had ended already.
     * Nothing is charged: `credits_charged` stays 0 (a CHECK forbids a charge on any end but success).
     */
    async end(id: string, status: 'failed' | 'canceled', error: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [ended] = await tx
          .update(jobs)
          .set({ status, error, finishedAt: sql`now()`, heartbeatAt: sql`now()` })
          .where(and(eq(jobs.id, id), inArray(jobs.status, OPEN)))
          .returning({ holdId: jobs.holdId });
        if (!ended) return false;
        if (ended.holdId) await tx.delete(creditHolds).where(eq(creditHolds.id, ended.holdId));
        return true;
      });
    },

    /**
     * Marks an open job succeeded inside the caller's transaction (the one that charges and records the result);
     * false when it had ended already, and the caller then rolls back: a result is paid for once or not at all.
     */
    async succeedIn(
      tx: Database,
      id: string,
      outcome: { resultMediaId: string; result: Record<string, unknown>; creditsCharged: number },
    ): Promise<boolean> {
      const done = await tx
        .update(jobs)
        .set({ status: 'succeeded', progress: 1, finishedAt: sql`now()`, heartbeatAt: sql`now()`, ...outcome })
        .where(and(eq(jobs.id, id), inArray(jobs.status, OPEN)))
        .returning({ id: jobs.id });
      return done.length > 0;
    },

    /**
     * Jobs a dead process left open, failed with `reason` and uncharged, their holds released. `all`: every
     * open job (the embedded database has one process: any open job at start is a dead one's); otherwise the
     * jobs whose heartbeat is older than STALE_AFTER_MS (several instances on PostgreSQL).
     */
    async recoverAbandoned(reason: string, scope: 'all' | 'stale', options: { resumable?: readonly string[] } = {}): Promise<JobRow[]> {
      // A running remote run of a provider this process can resume is left open for it (see `reclaim`).
      const resumable =
        options.resumable && options.resumable.length > 0
          ? and(eq(jobs.status, 'running'), isNotNull(jobs.remoteId), inArray(jobs.provider, [...options.resumable]))
          : undefined;
      return db.transaction(async (tx) => {
        const ended = await tx
          .update(jobs)
          .set({ status: 'failed', error: reason, finishedAt: sql`now()` })
          .where(
            and(inArray(jobs.status, OPEN), scope === 'all' ? undefined : staleHeartbeat(), resumable ? not(resumable) : undefined),
          )
          .returning();
        const holds = ended.map((job) => job.holdId).filter((id): id is string => id !== null);
        if (holds.length > 0) await tx.delete(creditHolds).where(inArray(creditHolds.id, holds));
        return ended;
      });
    },
  };
}
export type JobStore = ReturnType<typeof createJobStore>;
