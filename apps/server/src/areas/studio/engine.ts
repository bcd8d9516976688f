import {
  type Box,
  type BrandRequest,
  createVisionPool,
  type Detection,
  type EnhanceLevel,
  encodeImage,
  type PlaceableSprite,
  type PlaceRequest,
  type RgbImage,
  type VisionPool,
} from '@stagecraft/vision';

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

/**
 * The studio's view of the image engine: the "outside system" behind the studio service, as immich's machine
 * learning repository is. Every call runs in a worker thread of one pool shared by the app, never on the
 * request thread. Images go in as encoded bytes and come out encoded.
 */
export interface StudioEngine {
  detectObjects(image: Uint8Array, job: EngineJob): Promise<Detection[]>;
  markObject(image: Uint8Array, x: number, y: number, objectType: string, job: EngineJob): Promise<Detection>;
  removeObject(image: Uint8Array, box: Box, job: EngineJob): Promise<Buffer>;
  eraseArea(image: Uint8Array, mask: Uint8Array, job: EngineJob): Promise<Buffer>;
  cutout(image: Uint8Array, job: EngineJob): Promise<FurnitureCutout>;
  /** JPEG with the long side exactly 3840 or 7680, ICC profile kept. */
  enhance(image: Uint8Array, level: EnhanceLevel, job: EngineJob): Promise<Uint8Array>;
  /** A piece standing on the floor at (x, y), or filling a drawn `area`. */
  placeFurniture(image: Uint8Array, request: PlaceRequest, job: EngineJob): Promise<Buffer>;
  /** The detected object removed and the new piece standing where it stood. */
  replaceObject(image: Uint8Array, detection: Detection, sprite: PlaceableSprite, job: EngineJob): Promise<Buffer>;
  /** The walls found in the photo repainted or clad with a material (a key of the furniture catalogue). */
  changeWallMaterial(image: Uint8Array, material: string, job: EngineJob): Promise<Buffer>;
  /** The photo branded with a template's logo, signature, label and QR code (the branding area's exports). */
  brandImage(image: Uint8Array, request: BrandRequest, job: EngineJob): Promise<Uint8Array>;
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

  // The pool moves a buffer that owns its memory to the worker (detaching it here), and the caller still needs
  // its bytes afterwards (to store the original, to draw on): hand the pool a copy of its own.
  const own = (bytes: Uint8Array) => new Uint8Array(bytes);
  const jpeg = (image: RgbImage) => encodeImage(image, 'jpeg', RESULT_JPEG_QUALITY);
  const run = (job: EngineJob) => ({ priority: job.priority, onProgress: job.onProgress });
  // Sprites are cached decoded pixels: as a task argument of their own they would be moved away, so send copies.
  const spriteCopy = (sprite: PlaceableSprite): PlaceableSprite => ({
    ...sprite,
    rgba: new Uint8Array(sprite.rgba),
    shadow: sprite.shadow ? new Uint8Array(sprite.shadow) : null,
  });

  return {
    detectObjects: (image, job) => workers().runWith(run(job), 'detectObjects', own(image)),
    markObject: (image, x, y, objectType, job) => workers().runWith(run(job), 'markObject', own(image), x, y, objectType),
    removeObject: async (image, box, job) => jpeg(await workers().runWith(run(job), 'removeObject', own(image), box)),
    eraseArea: async (image, mask, job) => jpeg(await workers().runWith(run(job), 'eraseArea', own(image), own(mask))),
    cutout: (image, job) => workers().runWith(run(job), 'cutout', own(image)),
    enhance: (image, level, job) => workers().runWith(run(job), 'enhance', own(image), level),
    placeFurniture: async (image, request, job) => jpeg(await workers().runWith(run(job), 'placeFurniture', own(image), request)),
    replaceObject: async (image, detection, sprite, job) =>
      jpeg(await workers().runWith(run(job), 'replaceObject', own(image), detection, spriteCopy(sprite))),
    changeWallMaterial: async (image, material, job) =>
      jpeg(await workers().runWith(run(job), 'changeWallMaterial', own(image), material)),
    brandImage: (image, request, job) => workers().runWith(run(job), 'brandImage', own(image), request),
    async close() {
      const running = pool;
      pool = null;
      await running?.close();
    },
  };
}
