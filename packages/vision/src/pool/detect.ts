import { rescoredHalves, type Detection } from '../detect/detect.ts';
import type { RunOptions, VisionPool } from './pool.ts';

/**
 * detectObjects on the pool: CenterNet's views and NanoDet's views (each about half the detector's time, each
 * network single-threaded) in two workers at once, then the rescorer (a few milliseconds of boosted trees, no pixels)
 * here. The same detections as detectObjects in one thread.
 */
export async function detectObjectsOnPool(pool: VisionPool, image: Uint8Array, run: RunOptions = {}): Promise<Detection[]> {
  // Each half gets its own copy of the bytes: the pool moves a buffer to the worker that runs it.
  const [centerNet, nanoDet] = await Promise.all([
    pool.runWith(run, 'detectHalf', new Uint8Array(image), 'centernet'),
    pool.runWith(run, 'detectHalf', new Uint8Array(image), 'nanodet'),
  ]);
  return rescoredHalves(centerNet.candidates, nanoDet.candidates, centerNet.width, centerNet.height);
}
