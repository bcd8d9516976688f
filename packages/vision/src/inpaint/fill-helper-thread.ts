import { parentPort } from 'node:worker_threads';
import { DONE, FAILED, type FillHelperMessage } from './fill-helper.ts';
import { runFillJob } from './patch-kernels.ts';

// The fill helper's thread (fill-helper.ts): runs one part of a fill's step on the shared level, then wakes the caller.
parentPort?.on('message', ({ level, job, signal }: FillHelperMessage) => {
  let outcome = DONE;
  try {
    runFillJob(level, job);
  } catch {
    outcome = FAILED;
  }
  Atomics.store(signal, 0, outcome);
  Atomics.notify(signal, 0);
});
parentPort?.postMessage('ready');
