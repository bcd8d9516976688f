import type { ProgressResponse } from '@stagecraft/contracts';
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
 * Progress of running studio calls, by the `progress_id` the client made up. In memory: a call and its
 * progress polls reach the same process (one server per DATA_DIR); a restart loses only progress bars.
 */
export class ProgressBoard {
  private readonly entries = new Map<string, Entry>();

  /** Starts following a call; an id already used by someone else is not followed (ids are the client's UUIDs). */
  start(userId: number, progressId: string | undefined): ProgressHandle | null {
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

  /** The owner's view; anyone else (or an unknown id) gets 404. */
  read(userId: number, progressId: string): ProgressResponse {
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
