import type { RoomModel, RoomModelOptions } from '../room/index.ts';
import type { WallSegmentation } from '../walls/index.ts';
import type { RunOptions, VisionPool } from './pool.ts';

/**
 * The photo's room model on the pool: its two halves (the detector's CenterNet views with the wall features' maps,
 * and NanoDet's views with the detector-free analysis) run in two workers at once, then one of them builds the
 * model. Each worker's network is single-threaded, so on two cores this takes about the time of one half plus the
 * build instead of the whole detector plus the build; the model is the one `roomModel` makes in one thread.
 */
export async function roomModelOnPool(
  pool: VisionPool,
  image: Uint8Array,
  run: RunOptions = {},
  options: RoomModelOptions = {},
): Promise<RoomModel> {
  return (await roomModelWithWallsOnPool(pool, image, run, options)).model;
}

/**
 * `roomModelOnPool`, with the wall segmentation the model was built on: a wall change of the same photo handed it
 * (ChangeWallOptions.walls) skips its own first step (the analysis, a network pass and the classifier: about
 * 0.4 s of a 1920x1280 photo's 0.65 s). It is 3-4 MB of typed arrays, copied across threads.
 */
export async function roomModelWithWallsOnPool(
  pool: VisionPool,
  image: Uint8Array,
  run: RunOptions = {},
  options: RoomModelOptions = {},
): Promise<{ model: RoomModel; walls: WallSegmentation }> {
  const startedAt = Date.now();
  const detect = !options.detections;
  const steps = { priority: run.priority };
  // Each half gets its own copy of the bytes: the pool moves a buffer to the worker that runs it.
  const [centerNet, nanoDet] = await Promise.all([
    pool.runWith(steps, 'roomCenterNetHalf', new Uint8Array(image), detect),
    pool.runWith(steps, 'roomNanoDetHalf', new Uint8Array(image), detect),
  ]);
  return pool.runWith(
    { ...steps, onProgress: run.onProgress },
    'roomModelWithWallsFromHalves',
    centerNet,
    nanoDet,
    options,
    startedAt,
  );
}
