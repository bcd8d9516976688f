import { Worker } from 'node:worker_threads';
import { VisionError } from '../errors.ts';
import type { RgbImage } from '../image.ts';
import type { TaskName, VisionTasks } from './tasks.ts';
import { ownedBuffers } from './transfer.ts';
import type { WorkerMessage, WorkerRequest } from './worker.ts';

type Result<K extends TaskName> = Awaited<ReturnType<VisionTasks[K]>>;
/** The tasks whose result is an image, which `runJpeg` hands back encoded. */
export type ImageTaskName = { [K in TaskName]: Result<K> extends RgbImage ? K : never }[TaskName];

export type JobPriority = 'rush' | 'normal';

export interface RunOptions {
  /** Rush jobs (the Pro plan's priority processing) leave the queue before every normal job. */
  priority?: JobPriority;
  /** Progress 0..1 reported by the task in the worker (enhance reports per tile); 1 when the job is done. */
  onProgress?: (fraction: number) => void;
}

export interface VisionPool {
  run<K extends TaskName>(task: K, ...args: Parameters<VisionTasks[K]>): Promise<Result<K>>;
  runWith<K extends TaskName>(options: RunOptions, task: K, ...args: Parameters<VisionTasks[K]>): Promise<Result<K>>;
  /** An image task whose result the worker encodes as JPEG at `quality`: the caller gets bytes, no pixels. */
  runJpeg<K extends ImageTaskName>(
    options: RunOptions & { quality: number },
    task: K,
    ...args: Parameters<VisionTasks[K]>
  ): Promise<Uint8Array>;
  close(): Promise<void>;
}

interface Job {
  request: WorkerRequest;
  onProgress?: (fraction: number) => void;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** How long close() lets running jobs finish before it terminates their workers anyway. */
const CLOSE_DRAIN_MS = 45_000;

/**
 * Worker threads that run the engine off the event loop: one job per worker at a time (the fills and the
 * networks' own thread pools already fill the cores), rush jobs first, then first come first served. Input
 * byte buffers that own their memory are transferred, not copied, so the caller must not reuse them.
 */
export function createVisionPool({ size = 2 }: { size?: number } = {}): VisionPool {
  const url = new URL('./worker-entry.mjs', import.meta.url);
  const queues: Record<JobPriority, Job[]> = { rush: [], normal: [] };
  const idle: Worker[] = [];
  const busy = new Map<Worker, Job>();
  let nextId = 1;
  let closed = false;
  /** Set by close() while it waits for the busy workers to finish their jobs. */
  let onDrained: (() => void) | null = null;
  const noteSettled = (): void => {
    if (closed && busy.size === 0) onDrained?.();
  };

  const dispatch = (): void => {
    while (idle.length > 0) {
      const job = queues.rush.shift() ?? queues.normal.shift();
      if (!job) return;
      const worker = idle.pop()!;
      busy.set(worker, job);
      worker.postMessage(job.request, job.request.args.flatMap(ownedBuffers));
    }
  };

  const spawn = (): Worker => {
    const worker = new Worker(url);
    worker.on('message', (message: WorkerMessage) => {
      const job = busy.get(worker);
      if (!job || job.request.id !== message.id) return;
      if (message.kind === 'progress') {
        job.onProgress?.(message.fraction);
        return;
      }
      busy.delete(worker);
      idle.push(worker);
      if (message.kind === 'done') {
        job.onProgress?.(1);
        job.resolve(message.result);
      } else {
        job.reject(new VisionError(message.code, message.message));
      }
      noteSettled();
      dispatch();
    });
    worker.on('error', (error) => {
      const job = busy.get(worker);
      busy.delete(worker);
      job?.reject(new VisionError('worker_failed', 'A vision worker crashed', { cause: error }));
      if (!closed) idle.push(spawn());
      noteSettled();
      dispatch();
    });
    return worker;
  };

  for (let i = 0; i < size; i++) idle.push(spawn());

  const submit = <T>(options: RunOptions & { quality?: number }, task: TaskName, args: unknown[]): Promise<T> => {
    if (closed) return Promise.reject(new VisionError('worker_failed', 'The vision pool is closed'));
    return new Promise<T>((resolve, reject) => {
      queues[options.priority ?? 'normal'].push({
        request: { id: nextId++, task, args, jpegQuality: options.quality },
        onProgress: options.onProgress,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      dispatch();
    });
  };

  const runWith = <K extends TaskName>(options: RunOptions, task: K, ...args: Parameters<VisionTasks[K]>) =>
    submit<Result<K>>(options, task, args);

  return {
    run: (task, ...args) => runWith({}, task, ...args),
    runWith,
    runJpeg: (options, task, ...args) => submit<Uint8Array>(options, task, args),
    async close(): Promise<void> {
      closed = true;
      for (const job of [...queues.rush, ...queues.normal]) {
        job.reject(new VisionError('worker_failed', 'The vision pool closed'));
      }
      queues.rush.length = 0;
      queues.normal.length = 0;
      // Terminating a worker in the middle of an onnxruntime run aborts the whole process (the native
      // session throws while the thread is torn down), so busy workers finish their job first, within a deadline.
      if (busy.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          new Promise<void>((resolve) => {
            onDrained = resolve;
          }),
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, CLOSE_DRAIN_MS);
          }),
        ]);
        clearTimeout(timer);
      }
      for (const job of busy.values()) job.reject(new VisionError('worker_failed', 'The vision pool closed'));
      await Promise.all([...idle, ...busy.keys()].map((w) => w.terminate()));
    },
  };
}
