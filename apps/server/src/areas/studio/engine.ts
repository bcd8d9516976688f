import { type Box, createVisionPool, type Detection, encodeImage, type RgbImage, type VisionPool } from '@stagecraft/vision';

/** Pro jobs go first in the queue (DECISIONS.md "Plans": rush processing). */
export type JobPriority = 'rush' | 'normal';

export interface EngineJob {
  priority: JobPriority;
  /** Called with 0..1 while the job runs (only engine steps that report progress call it more than once). */
  onProgress?: (fraction: number) => void;
}

/** Results leave the engine as JPEG at the quality exports use (001 section 9: 92). */
const RESULT_JPEG_QUALITY = 92;

/**
 * The studio's view of the image engine: the "outside system" behind the studio service, as immich's machine
 * learning repository is. Every call runs in a worker thread of one pool shared by the app, never on the
 * request thread. Images go in as encoded bytes and come out encoded.
 */
export interface StudioEngine {
  detectObjects(image: Uint8Array, job: EngineJob): Promise<Detection[]>;
  removeObject(image: Uint8Array, box: Box, job: EngineJob): Promise<Buffer>;
  eraseArea(image: Uint8Array, mask: Uint8Array, job: EngineJob): Promise<Buffer>;
  /** Shuts the workers down if any were started. */
  close(): Promise<void>;
}

/**
 * The engine over a vision worker pool of `size` threads. The pool (and the models each worker loads) starts
 * on the first call, so an app that never edits an image, such as most test apps, never pays for it.
 */
export function createStudioEngine(options: { size: number }): StudioEngine {
  let pool: VisionPool | null = null;
  const workers = () => (pool ??= createVisionPool({ size: options.size }));

  // The pool transfers input buffers to the worker (detaching them here): hand it a copy of its own, never a
  // view into a Buffer that may share its memory with other data.
  const own = (bytes: Uint8Array) => new Uint8Array(bytes);
  const jpeg = (image: RgbImage) => encodeImage(image, 'jpeg', RESULT_JPEG_QUALITY);

  async function run<T>(job: EngineJob, work: (pool: VisionPool) => Promise<T>): Promise<T> {
    job.onProgress?.(0);
    const result = await work(workers());
    job.onProgress?.(1);
    return result;
  }

  return {
    detectObjects: (image, job) => run(job, (p) => p.run('detectObjects', own(image))),
    removeObject: (image, box, job) => run(job, async (p) => jpeg(await p.run('removeObject', own(image), box))),
    eraseArea: (image, mask, job) => run(job, async (p) => jpeg(await p.run('eraseArea', own(image), own(mask)))),
    async close() {
      const running = pool;
      pool = null;
      await running?.close();
    },
  };
}
