import { parentPort } from 'node:worker_threads';
import { VisionError } from '../errors.ts';
import { encodeImage, type RgbImage } from '../image.ts';
import { startFillHelper } from '../inpaint/fill-helper.ts';
import { ownedBuffers } from './transfer.ts';
import { tasks, withProgressSink, type TaskName } from './tasks.ts';

export interface WorkerRequest {
  id: number;
  task: TaskName;
  args: unknown[];
  /** JPEG quality to encode an image result with here, so the caller only receives bytes. */
  jpegQuality?: number;
}

export type WorkerMessage =
  | { id: number; kind: 'progress'; fraction: number }
  | { id: number; kind: 'done'; result: unknown }
  | { id: number; kind: 'failed'; code: VisionError['code']; message: string };

// The exemplar fill's second thread loads while the worker waits for its first job, so that even the first
// removal runs on both cores.
startFillHelper();

const post = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => parentPort?.postMessage(message, transfer);

// Models load lazily on the first call and then stay loaded for the worker's life.
parentPort?.on('message', async ({ id, task, args, jpegQuality }: WorkerRequest) => {
  try {
    const run = tasks[task] as (...a: unknown[]) => Promise<unknown>;
    let result = await withProgressSink(
      (fraction) => post({ id, kind: 'progress', fraction }),
      () => run(...args),
    );
    if (jpegQuality !== undefined && isImage(result)) result = await encodeImage(result, 'jpeg', jpegQuality);
    post({ id, kind: 'done', result }, ownedBuffers(result));
  } catch (error) {
    const code = error instanceof VisionError ? error.code : 'worker_failed';
    const message = error instanceof Error ? error.message : String(error);
    post({ id, kind: 'failed', code, message });
  }
});

function isImage(value: unknown): value is RgbImage {
  return typeof value === 'object' && value !== null && 'data' in value && value.data instanceof Uint8Array && 'width' in value;
}
