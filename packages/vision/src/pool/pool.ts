import { Worker } from 'node:worker_threads';
import { VisionError, type VisionErrorCode } from '../errors.ts';
import type { TaskName, VisionTasks } from './tasks.ts';

type Result<K extends TaskName> = Awaited<ReturnType<VisionTasks[K]>>;

export interface VisionPool {
  run<K extends TaskName>(task: K, ...args: Parameters<VisionTasks[K]>): Promise<Result<K>>;
  close(): Promise<void>;
}

interface Job {
  id: number;
  task: TaskName;
  args: unknown[];
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Reply {
  id: number;
  ok: boolean;
  result?: unknown;
  code?: VisionErrorCode;
  message?: string;
}

/**
 * Worker threads that run the engine off the event loop: one job per worker at a time (tfjs-wasm and the fills
 * are single-threaded), queued first come first served. Input pixel buffers are transferred, not copied, so
 * the caller must not reuse them.
 */
export function createVisionPool({ size = 2 }: { size?: number } = {}): VisionPool {
  const url = new URL('./worker-entry.mjs', import.meta.url);
  const queue: Job[] = [];
  const idle: Worker[] = [];
  const busy = new Map<Worker, Job>();
  let nextId = 1;
  let closed = false;

  const dispatch = (): void => {
    while (idle.length && queue.length) {
      const worker = idle.pop()!;
      const job = queue.shift()!;
      busy.set(worker, job);
      const transfer = job.args.flatMap((a) => transferable(a));
      worker.postMessage({ id: job.id, task: job.task, args: job.args }, transfer);
    }
  };

  const spawn = (): Worker => {
    const worker = new Worker(url);
    worker.on('message', (reply: Reply) => {
      const job = busy.get(worker);
      busy.delete(worker);
      idle.push(worker);
      if (job) {
        if (reply.ok) job.resolve(reply.result);
        else job.reject(new VisionError(reply.code ?? 'worker_failed', reply.message ?? 'The vision worker failed'));
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

  return {
    run<K extends TaskName>(task: K, ...args: Parameters<VisionTasks[K]>): Promise<Result<K>> {
      if (closed) return Promise.reject(new VisionError('worker_failed', 'The vision pool is closed'));
      return new Promise<Result<K>>((resolve, reject) => {
        queue.push({ id: nextId++, task, args, resolve: resolve as (value: unknown) => void, reject });
        dispatch();
      });
    },
    async close(): Promise<void> {
      closed = true;
      await Promise.all([...idle, ...busy.keys()].map((w) => w.terminate()));
    },
  };
}

function transferable(arg: unknown): ArrayBuffer[] {
  if (arg instanceof Uint8Array && arg.buffer instanceof ArrayBuffer) return [arg.buffer];
  if (
    typeof arg === 'object' &&
    arg !== null &&
    'data' in arg &&
    arg.data instanceof Uint8Array &&
    arg.data.buffer instanceof ArrayBuffer
  ) {
    return [arg.data.buffer];
  }
  return [];
}
