import { Worker } from 'node:worker_threads';
import { runFillJob, type FillJob, type PatchLevel } from './patch-kernels.ts';

/**
 * A second thread for the exemplar fill. The fill is most of a large removal's time and ran on one core of two:
 * its search, vote and distances split into two parts that never touch each other's pixels (patch-kernels.ts),
 * and this thread takes one while the caller runs the other, on shared memory, the caller blocking until both
 * are done (the fill is synchronous code). One helper per thread that fills (each pool worker has its own),
 * started on its first fill and used once it has loaded: until then, and if it ever fails, the caller runs both
 * parts itself, one after the other, which gives the same pixels.
 */
interface Helper {
  readonly worker: Worker;
  ready: boolean;
  failed: boolean;
  /** Settles once the helper has loaded (true) or could not (false). */
  readonly loaded: Promise<boolean>;
}

export interface FillHelperMessage {
  readonly level: PatchLevel;
  readonly job: FillJob;
  /** Set to DONE or FAILED by the helper when its part is finished. */
  readonly signal: Int32Array;
}

export const DONE = 1;
export const FAILED = 2;

/**
 * How long the caller waits for the helper's part. A part takes well under a second; only a helper thread that
 * died mid-part (its exit cannot be heard while the caller blocks) runs into this, and the caller then does the
 * part itself.
 */
const HELPER_TIMEOUT_MS = 60_000;

let helper: Helper | null = null;

/** Starts the helper thread if this thread has none yet (it loads in the background). */
export function startFillHelper(): void {
  if (helper) return;
  try {
    const worker = new Worker(new URL('./fill-helper-entry.mjs', import.meta.url));
    let settle: (loaded: boolean) => void = () => {};
    const loaded = new Promise<boolean>((resolve) => (settle = resolve));
    const started: Helper = { worker, ready: false, failed: false, loaded };
    worker.on('message', (message: unknown) => {
      if (message !== 'ready') return;
      started.ready = true;
      settle(true);
    });
    const fail = (): void => {
      started.failed = true;
      settle(false);
    };
    worker.on('error', fail);
    worker.on('exit', fail);
    // The helper never keeps a process alive: it only ever works while a fill waits for it.
    worker.unref();
    helper = started;
  } catch {
    helper = null;
  }
}

/** Whether fills use the helper from now on: resolves once it has loaded (false if it failed or was never started). */
export function fillHelperLoaded(): Promise<boolean> {
  return helper?.loaded ?? Promise.resolve(false);
}

/** How many parts the helper has run in this thread's life (the tests' proof that it ran). */
export let fillHelperPartsRun = 0;

/** Runs `own` here and `other` on the helper at the same time (or both here, in turn, when there is no helper). */
export function runParts(level: PatchLevel, own: FillJob, other: FillJob): void {
  const active = helper?.ready && !helper.failed ? helper : null;
  if (!active) {
    runFillJob(level, own);
    runFillJob(level, other);
    return;
  }
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const message: FillHelperMessage = { level, job: other, signal };
  active.worker.postMessage(message);
  runFillJob(level, own);
  Atomics.wait(signal, 0, 0, HELPER_TIMEOUT_MS);
  if (Atomics.load(signal, 0) === DONE) {
    fillHelperPartsRun++;
    return;
  }
  active.failed = true;
  void active.worker.terminate();
  runFillJob(level, other);
}
