import type { ProgressResponse } from '@stagecraft/contracts';
import type { Redis } from 'ioredis';
import { notFound } from '../../lib/http-errors.ts';

type Status = ProgressResponse['status'];

interface Entry {
  userId: number;
  progress: number;
  status: Status;
  touchedAt: number;
}

/** A finished call's progress stays readable this long: enough for the client's last poll, not forever. */
const KEEP_MS = 10 * 60 * 1000;

/**
 * Progress of running studio calls, by the `progress_id` the client made up: in this process (one server), or
 * in Redis when several instances answer (a call on one, its progress polls on another).
 */
export interface ProgressBoard {
  /** Starts following a call; an id already used by someone else is not followed (ids are the client's UUIDs). */
  start(userId: number, progressId: string | undefined): Promise<ProgressHandle | null>;
  /** The owner's view; anyone else (or an unknown id) gets 404. */
  read(userId: number, progressId: string): Promise<ProgressResponse>;
}

/** In memory: a call and its progress polls reach the same process; a restart loses only progress bars. */
export class MemoryProgressBoard implements ProgressBoard {
  private readonly entries = new Map<string, Entry>();

  async start(userId: number, progressId: string | undefined): Promise<ProgressHandle | null> {
    if (!progressId) return null;
    this.prune();
    const existing = this.entries.get(progressId);
    if (existing && existing.userId !== userId) return null;
    this.entries.set(progressId, { userId, progress: 0, status: 'queued', touchedAt: Date.now() });
    const update = (change: Partial<Pick<Entry, 'progress' | 'status'>>) => {
      const entry = this.entries.get(progressId);
      if (!entry) return;
      Object.assign(entry, change, { touchedAt: Date.now() });
    };
    return {
      running: (fraction = 0) => update({ status: 'running', progress: Math.min(1, Math.max(0, fraction)) }),
      done: () => update({ status: 'done', progress: 1 }),
      failed: () => update({ status: 'failed' }),
    };
  }

  async read(userId: number, progressId: string): Promise<ProgressResponse> {
    const entry = this.entries.get(progressId);
    if (!entry || entry.userId !== userId) throw notFound();
    return { success: true, progress: entry.progress, status: entry.status };
  }

  private prune(now = Date.now()): void {
    for (const [id, entry] of this.entries) if (now - entry.touchedAt > KEEP_MS) this.entries.delete(id);
  }
}

export interface ProgressHandle {
  running(fraction?: number): void;
  done(): void;
  failed(): void;
}

/**
 * Claims a progress id for a user, unless someone else holds it: one hash per id (owner, fraction, status),
 * expiring KEEP_MS after its last change, as the in-memory board forgets.
 */
const START_SCRIPT = `
local owner = redis.call('HGET', KEYS[1], 'user')
if owner and owner ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'user', ARGV[1], 'progress', '0', 'status', 'queued')
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

/** Shared by every app instance through Redis (REDIS_URL): the poll may reach another instance than the call. */
export class RedisProgressBoard implements ProgressBoard {
  constructor(
    private readonly redis: Redis,
    private readonly log: { warn(object: object, message: string): void },
  ) {}

  async start(userId: number, progressId: string | undefined): Promise<ProgressHandle | null> {
    if (!progressId) return null;
    const key = keyOf(progressId);
    const claimed = await this.redis.eval(START_SCRIPT, 1, key, String(userId), KEEP_MS);
    if (claimed !== 1) return null;
    // Updates are sent in order on one connection and not awaited: a progress bar never holds up the call.
    const update = (fields: Record<string, string>) => {
      this.redis
        .multi()
        .hset(key, fields)
        .pexpire(key, KEEP_MS)
        .exec()
        .catch((error: unknown) => this.log.warn({ err: error }, 'could not record progress'));
    };
    return {
      running: (fraction = 0) => update({ status: 'running', progress: String(Math.min(1, Math.max(0, fraction))) }),
      done: () => update({ status: 'done', progress: '1' }),
      failed: () => update({ status: 'failed' }),
    };
  }

  async read(userId: number, progressId: string): Promise<ProgressResponse> {
    const entry = await this.redis.hgetall(keyOf(progressId));
    if (entry.user !== String(userId)) throw notFound();
    return { success: true, progress: Number(entry.progress ?? 0), status: (entry.status ?? 'queued') as Status };
  }
}

const keyOf = (progressId: string) => `progress:${progressId}`;
