import { parentPort } from 'node:worker_threads';
import { VisionError } from '../errors.ts';
import { ownedBuffers } from './transfer.ts';
import { tasks, withProgressSink, type TaskName } from './tasks.ts';

export interface WorkerRequest {
  id: number;
  task: TaskName;
  args: unknown[];
}

export type WorkerMessage =
  | { id: number; kind: 'progress'; fraction: number }
  | { id: number; kind: 'done'; result: unknown }
  | { id: number; kind: 'failed'; code: VisionError['code']; message: string };

const post = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => parentPort?.postMessage(message, transfer);

// Models load lazily on the first call and then stay loaded for the worker's life.
parentPort?.on('message', async ({ id, task, args }: WorkerRequest) => {
  try {
    const run = tasks[task] as (...a: unknown[]) => Promise<unknown>;
    const result = await withProgressSink(
      (fraction) => post({ id, kind: 'progress', fraction }),
      () => run(...args),
    );
    post({ id, kind: 'done', result }, ownedBuffers(result));
  } catch (error) {
    const code = error instanceof VisionError ? error.code : 'worker_failed';
    const message = error instanceof Error ? error.message : String(error);
    post({ id, kind: 'failed', code, message });
  }
});
