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
      dispatch();
    });
    worker.on('error', (error) => {
      const job = busy.get(worker);
      busy.delete(worker);
      job?.reject(new VisionError('worker_failed', 'A vision worker crashed', { cause: error }));
      if (!closed) idle.push(spawn());
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
      for (const job of [...queues.rush, ...queues.normal, ...busy.values()]) {
        job.reject(new VisionError('worker_failed', 'The vision pool closed'));
      }
      queues.rush.length = 0;
      queues.normal.length = 0;
      await Promise.all([...idle, ...busy.keys()].map((w) => w.terminate()));
    },
  };
}
