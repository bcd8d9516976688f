import { parentPort } from 'node:worker_threads';
import { VisionError } from '../errors.ts';
import { tasks, type TaskName } from './tasks.ts';

interface Request {
  id: number;
  task: TaskName;
  args: unknown[];
}

// Models load lazily on the first call and then stay loaded for the worker's life.
parentPort?.on('message', async ({ id, task, args }: Request) => {
  try {
    const run = tasks[task] as (...a: unknown[]) => Promise<unknown>;
    const result = await run(...args);
    const transfer = isPixels(result) ? [result.data.buffer as ArrayBuffer] : [];
    parentPort?.postMessage({ id, ok: true, result }, transfer);
  } catch (error) {
    const code = error instanceof VisionError ? error.code : 'worker_failed';
    const message = error instanceof Error ? error.message : String(error);
    parentPort?.postMessage({ id, ok: false, code, message });
  }
});

function isPixels(value: unknown): value is { data: Uint8Array } {
  return typeof value === 'object' && value !== null && 'data' in value && value.data instanceof Uint8Array;
}
