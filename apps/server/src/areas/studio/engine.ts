import {
  type Box,
  type BrandRequest,
  createVisionPool,
  detectObjectsOnPool,
  roomModelWithWallsOnPool,
  type Detection,
  type EnhanceLevel,
  type PiecePose,
  type PlacedPiece,
  type PlaceRequest,
  type PosedPieceRequest,
  type RestyleRequest,
  type RoomModel,
  type WallSegmentation,
  type RoomType,
  type StructureCheck,
  type SpriteSource,
  type StagingPlan,
  type VisionPool,
  VisionError,
} from '@stagecraft/vision';
import sharp from 'sharp';

/** Pro jobs go first in the queue (DECISIONS.md "Plans": rush processing). */
export type JobPriority = 'rush' | 'normal';

export interface EngineJob {
  priority: JobPriority;
  /** Called with 0..1 while the job runs (enhancement reports per tile; other steps at start and end). */
  onProgress?: (fraction: number) => void;
}

/** Results leave the engine as JPEG at the quality exports use (001 section 9: 92). */
const RESULT_JPEG_QUALITY = 92;

/** A background-removed piece of furniture: RGBA PNG trimmed to its visible pixels. */
export interface FurnitureCutout {
  png: Uint8Array;
  width: number;
  height: number;
}

/** A placement as the studio asks for it: the piece by its source, decoded in the worker. */
export type PiecePlacement = Omit<PlaceRequest, 'sprite'> & { sprite: SpriteSource };

/** A piece drawn in 3D: the photo (JPEG), the pose it was drawn at and the box its pixels cover. */
export interface PosedPiece {
  jpeg: Buffer;
  pose: PiecePose;
  pieceBox: Box;
}

/** A room staged in one call: the photo (JPEG), the pieces drawn with their poses, and the plan it drew. */
export interface StagedRoom {
  jpeg: Buffer;
  placed: PlacedPiece[];
  plan: StagingPlan;
}

/**
 * The studio's view of the image engine: the "outside system" behind the studio service, as immich's machine
 * learning repository is. Every call runs in a worker thread of one pool shared by the app, never on the
 * request thread, and all pixel work is the engine's (decoding, compositing, watermarks, masks, encoding):
 * images go in as encoded bytes and come out encoded, so the server only moves bytes and records.
 */
export interface StudioEngine {
  detectObjects(image: Uint8Array, job: EngineJob): Promise<Detection[]>;
  /** The photo with the boxes drawn on it, JPEG (detection's `annotated_image`). */
  annotateDetections(image: Uint8Array, boxes: [number, number, number, number][], job: EngineJob): Promise<Buffer>;
  markObject(image: Uint8Array, x: number, y: number, objectType: string, job: EngineJob): Promise<Detection>;
  /** With the session's room model, the fill follows its floor and walls. */
  removeObject(image: Uint8Array, box: Box, room: RoomModel | null, job: EngineJob): Promise<Buffer>;
  /** Empty the room: every box removed in one fill of the union of their holes; progress per fill level. */
  removeObjects(image: Uint8Array, boxes: Box[], room: RoomModel | null, job: EngineJob): Promise<Buffer>;
  /** The photo's room model (camera, layout, labels), JSON: computed once per session from its original. */
  roomModel(image: Uint8Array, job: EngineJob): Promise<RoomModel>;
  /** Erases what a mask drawn on the client's canvas (any size of the same picture) covers. */
  eraseArea(image: Uint8Array, mask: Uint8Array, job: EngineJob): Promise<Buffer>;
  /** The box around what a drawn mask covers, in a `width` x `height` photo's pixels; null when nothing. */
  drawnArea(mask: Uint8Array, width: number, height: number, job: EngineJob): Promise<Box | null>;
  cutout(image: Uint8Array, job: EngineJob): Promise<FurnitureCutout>;
  /** A logo or signature lifted off its background (a colour key on a plain page, else ISNet small): trimmed RGBA PNG. */
  cutoutMark(image: Uint8Array, job: EngineJob): Promise<FurnitureCutout>;
  /** JPEG with the long side exactly 3840 or 7680, ICC profile kept. */
  enhance(image: Uint8Array, level: EnhanceLevel, job: EngineJob): Promise<Uint8Array>;
  /** A piece standing on the floor at (x, y), or filling a drawn `area`. */
  placeFurniture(image: Uint8Array, request: PiecePlacement, job: EngineJob): Promise<Buffer>;
  /**
   * A piece's mesh drawn with the photo's camera (the session's room model) at its pose, or the default pose for
   * the click; hidden where the session's earlier pieces stand in front (place/README.md).
   */
  placePosedPiece(image: Uint8Array, request: PosedPieceRequest, job: EngineJob): Promise<PosedPiece>;
  /**
   * One-click staging, the plan (JSON, no pixels): the theme's pieces (`meshes`: GLB paths by type) posed in the
   * room for the room type (`null`: guessed from the layout and the detections).
   */
  planStaging(
    room: RoomModel,
    roomType: RoomType | null,
    theme: string,
    meshes: Record<string, string>,
    job: EngineJob,
  ): Promise<StagingPlan>;
  /** The plan drawn into the photo, each piece depth-tested against the earlier ones and lit by the room. */
  autoStage(
    image: Uint8Array,
    room: RoomModel,
    theme: string,
    options: { meshes: Record<string, string>; plan: StagingPlan },
    job: EngineJob,
  ): Promise<StagedRoom>;
  /** The detected object removed and the new piece standing where it stood. */
  replaceObject(image: Uint8Array, detection: Detection, sprite: SpriteSource, job: EngineJob): Promise<Buffer>;
  /** The walls found in the photo repainted or clad with a material (a key of the furniture catalogue). */
  /** `placed`: the boxes (image pixels) of the pieces the session placed, which keep their look. */
  changeWallMaterial(image: Uint8Array, material: string, room: RoomModel | null, placed: Box[], job: EngineJob): Promise<Buffer>;
  /** The photo branded with a template's logo, signature, label and QR code (the branding area's exports). */
  brandImage(image: Uint8Array, request: BrandRequest, job: EngineJob): Promise<Uint8Array>;
  /** The image as an export JPEG, with the free plan's watermark when `watermark` (see exportJpeg). */
  exportJpeg(image: Uint8Array, watermark: boolean, job: EngineJob): Promise<Buffer>;
  /** The local quick restyle of a room (walls, grade, an empty room staged), JPEG, with what it did. */
  restyleRoom(image: Uint8Array, request: RestyleRequest, job: EngineJob): Promise<RestyledRoom>;
  /** The photo as a JPEG at most `longSide` px on its long side (what a remote model is sent). */
  fitJpeg(image: Uint8Array, longSide: number, job: EngineJob): Promise<Uint8Array>;
  /** Whether a restyle moved, added or removed windows or doors (lines outside `furniture`, or all detected objects when `detect`). */
  checkStructure(
    photo: Uint8Array,
    result: Uint8Array,
    furniture: Box[],
    detect: boolean,
    job: EngineJob,
  ): Promise<StructureCheck>;
  /** Shuts the workers down if any were started. */
  close(): Promise<void>;
}

export interface RestyledRoom {
  jpeg: Uint8Array;
  width: number;
  height: number;
  empty: boolean;
  staged: string[];
  furniture: [number, number, number, number][];
}

/**
 * Loads every thread's models before users need them: each of `threads` runs a wall change (both detection networks,
 * the wall models and the room model) on a small picture. A thread loads them on its first job otherwise, which made
 * the first session's room model after a start about a second and a half slower (the models load in both threads
 * while the model is computed), and in a queue worker could outlast IMAGE_JOB_TIMEOUT_SECONDS.
 */
export async function warmUpEngine(
  engine: StudioEngine,
  threads: number,
  log: { info(object: object, message: string): void; warn(object: object, message: string): void },
): Promise<void> {
  const started = Date.now();
  const sample = await sharp({ create: { width: 96, height: 64, channels: 3, background: { r: 200, g: 190, b: 170 } } })
    .jpeg()
    .toBuffer();
  await Promise.all(
    Array.from({ length: threads }, () =>
      engine.changeWallMaterial(sample, 'white_paint', null, [], { priority: 'normal' }).catch((error: unknown) => {
        log.warn({ err: error }, 'vision warm-up failed; the first jobs will load the models');
      }),
    ),
  );
  log.info({ ms: Date.now() - started, threads }, 'vision models loaded');
}

/** What an engine's calls reach once it is closed. */
const refuseClosed = () => Promise.reject(new VisionError('worker_failed', 'The vision engine is closed'));
const CLOSED_POOL: VisionPool = { run: refuseClosed, runWith: refuseClosed, runJpeg: refuseClosed, close: async () => {} };

/**
 * The engine over a vision worker pool of `size` threads. The pool (and the models each worker loads) starts
 * on the first call, so an app that never edits an image, such as most test apps, never pays for it.
 */

export function createStudioEngine(options: { size: number }): StudioEngine {
  let pool: VisionPool | null = null;
  const workers = () => (pool ??= createVisionPool({ size: options.size }));

  // The pool moves a buffer that owns its memory to the worker (detaching it here), and the caller still needs
  // its bytes afterwards (to store the original, to draw on): hand the pool a copy of its own.
  const own = (bytes: Uint8Array) => new Uint8Array(bytes);
  const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const run = (job: EngineJob) => ({ priority: job.priority, onProgress: job.onProgress });
  const jpeg = (job: EngineJob) => ({ ...run(job), quality: RESULT_JPEG_QUALITY });
  // The wall segmentations the last few room models were built on, by model: a wall change of a model's own photo
  // (a session's first, an edit posted without a session) starts from it instead of segmenting the photo again.
  // Few, since each is 3-4 MB; a model read back from the database has none, and the wall change segments as before.
  const wallsOfModel = new Map<RoomModel, WallSegmentation>();
  const RECENT_WALLS = 4;

  return {
    detectObjects: (image, job) => detectObjectsOnPool(workers(), image, run(job)),
    annotateDetections: async (image, boxes, job) =>
      asBuffer(await workers().runWith(run(job), 'annotateDetections', own(image), boxes)),
    markObject: (image, x, y, objectType, job) => workers().runWith(run(job), 'markObject', own(image), x, y, objectType),
    removeObject: async (image, box, room, job) =>
      asBuffer(await workers().runJpeg(jpeg(job), 'removeObject', own(image), box, room ?? undefined)),
    removeObjects: async (image, boxes, room, job) =>
      asBuffer(await workers().runJpeg(jpeg(job), 'removeObjects', own(image), boxes, room ?? undefined)),
    roomModel: async (image, job) => {
      const { model, walls } = await roomModelWithWallsOnPool(workers(), image, run(job));
      wallsOfModel.set(model, walls);
      if (wallsOfModel.size > RECENT_WALLS) wallsOfModel.delete(wallsOfModel.keys().next().value!);
      return model;
    },
    eraseArea: async (image, mask, job) => asBuffer(await workers().runJpeg(jpeg(job), 'eraseDrawnArea', own(image), own(mask))),
    drawnArea: (mask, width, height, job) => workers().runWith(run(job), 'drawnArea', own(mask), width, height),
    cutout: (image, job) => workers().runWith(run(job), 'cutout', own(image)),
    cutoutMark: (image, job) => workers().runWith(run(job), 'cutoutMark', own(image)),
    enhance: (image, level, job) => workers().runWith(run(job), 'enhance', own(image), level),
    placeFurniture: async (image, request, job) =>
      asBuffer(await workers().runJpeg(jpeg(job), 'placeFurniture', own(image), request)),
    placePosedPiece: async (image, request, job) => {
      const placed = await workers().runWith(run(job), 'placePosedPiece', own(image), request, RESULT_JPEG_QUALITY);
      return { jpeg: asBuffer(placed.jpeg), pose: placed.pose, pieceBox: placed.pieceBox };
    },
    planStaging: (room, roomType, theme, meshes, job) =>
      workers().runWith(run(job), 'planStaging', room, roomType, theme, meshes),
    autoStage: async (image, room, theme, options, job) => {
      const staged = await workers().runWith(
        run(job),
        'autoStage',
        own(image),
        room,
        options.plan.roomType,
        theme,
        options,
        RESULT_JPEG_QUALITY,
      );
      return { jpeg: asBuffer(staged.jpeg), placed: staged.placed, plan: staged.plan };
    },
    replaceObject: async (image, detection, sprite, job) =>
      asBuffer(await workers().runJpeg(jpeg(job), 'replaceObject', own(image), detection, sprite)),
    changeWallMaterial: async (image, material, room, placed, job) => {
      const walls = room ? wallsOfModel.get(room) : undefined;
      const options = { ...(room ? { room } : {}), ...(walls ? { walls } : {}), placed };
      return asBuffer(await workers().runJpeg(jpeg(job), 'changeWallMaterial', own(image), material, options));
    },
    brandImage: (image, request, job) => workers().runWith(run(job), 'brandImage', own(image), request),
    exportJpeg: async (image, watermark, job) => asBuffer(await workers().runWith(run(job), 'exportJpeg', own(image), watermark)),
    restyleRoom: (image, request, job) => workers().runWith(run(job), 'restyleRoom', own(image), request, RESULT_JPEG_QUALITY),
    fitJpeg: (image, longSide, job) => workers().runWith(run(job), 'fitJpeg', own(image), longSide, 90),
    checkStructure: (photo, result, furniture, detect, job) =>
      workers().runWith(run(job), 'checkStructure', own(photo), own(result), { furniture, detect }),
    async close() {
      // A late call (a room model the last request started in the background) is then refused instead of starting a
      // new pool, whose worker threads would keep the process alive after the app closed (the benches never exited).
      const running = pool;
      pool = CLOSED_POOL;
      await running?.close();
    },
  };
}
