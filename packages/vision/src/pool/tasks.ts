import { AsyncLocalStorage } from 'node:async_hooks';
import { brandImage, type BrandRequest } from '../brand/brand.ts';
import { cutout } from '../cutout/cutout.ts';
import { cutoutMark } from '../cutout/mark.ts';
import { markObject, objectMask } from '../cutout/mark-object.ts';
import { CENTERNET_HALF, detectCandidates, detectObjects, NANODET_HALF } from '../detect/detect.ts';
import { enhance, type EnhanceLevel } from '../enhance/enhance.ts';
import type { RgbImage } from '../image.ts';
import { eraseArea, inpaint, removeObject, removeObjects } from '../inpaint/index.ts';
import { type Box, decodeMask, maskBBox } from '../mask.ts';
import { annotateDetections } from '../compose/annotate.ts';
import { exportJpeg } from '../compose/watermark.ts';
import { placeFurniture, placePosedPiece, replaceObject, resolveSprite } from '../place/index.ts';
import type { PlaceRequest, PosedPieceRequest, SpriteSource } from '../place/index.ts';
import type { Detection } from '../detect/detect.ts';
import { changeWallMaterial, wallMask, type ChangeWallOptions } from '../walls/index.ts';
import {
  roomCenterNetHalf,
  roomModelFromHalves,
  roomModelWithWallsFromHalves,
  roomNanoDetHalf,
  type CenterNetHalf,
  type NanoDetHalf,
  type RoomModel,
  type RoomModelOptions,
} from '../room/index.ts';
import { decodeImage, encodeImage, resizeImage } from '../image.ts';
import { restyleRoom, type RestyleRequest } from '../restyle/restyle.ts';
import { autoStage, planWithMeshes, type RoomType, type StagingPlan } from '../stage/index.ts';
import { checkStructure, type StructureCheckOptions } from '../restyle/structure.ts';

/** Images cross the thread boundary as encoded bytes or decoded RGB pixels. */
type Image = Uint8Array | RgbImage;

const progressSink = new AsyncLocalStorage<(fraction: number) => void>();

/** Forwards a running task's progress (0..1) to the job's caller; the worker sets the sink per job. */
export function reportProgress(fraction: number): void {
  progressSink.getStore()?.(fraction);
}

/** Runs a task with its progress reports going to `sink`. */
export function withProgressSink<T>(sink: (fraction: number) => void, run: () => T): T {
  return progressSink.run(sink, run);
}

/**
 * What a pool worker can run: plain data in, plain data out. One line per task; a task that can report
 * progress passes `reportProgress` on.
 */
export const tasks = {
  detectObjects: (image: Image) => detectObjects(image),
  /** One network's views of the detector (pool/detect.ts runs both halves at once), with the photo's size. */
  detectHalf: async (image: Image, network: 'centernet' | 'nanodet') => {
    const decoded = await decodeImage(image);
    const views = network === 'centernet' ? CENTERNET_HALF : NANODET_HALF;
    return { candidates: await detectCandidates(decoded, views), width: decoded.width, height: decoded.height };
  },
  markObject: (image: Image, x: number, y: number, objectType: string) => markObject(image, x, y, objectType),
  objectMask: (image: Image, box: Box) => objectMask(image, box),
  inpaint: (image: Image, mask: Uint8Array) => inpaint(image, mask),
  eraseArea: (image: Image, mask: Uint8Array) => eraseArea(image, mask, { onProgress: reportProgress }),
  /** With the session's room model, the fill follows its planes (the floor in its own frame, each wall from itself). */
  removeObject: (image: Image, target: Box | Uint8Array, room?: RoomModel) =>
    removeObject(image, target, { room, onProgress: reportProgress }),
  /** Empty the room: every target in one fill of the union of their holes, with progress per pyramid level. */
  removeObjects: (image: Image, targets: (Box | Uint8Array)[], room?: RoomModel) =>
    removeObjects(image, targets, { room, onProgress: reportProgress }),
  cutout: (image: Image) => cutout(image),
  /** A logo or signature lifted off its page for branding (a colour key on a plain page, else ISNet small). */
  cutoutMark: (image: Image) => cutoutMark(image),
  enhance: (image: Image, level: EnhanceLevel) => enhance(image, level, reportProgress),
  /** Sprites travel as sources (a library entry or a cut-out's PNG) and are decoded here, off the server. */
  placeFurniture: async (image: Image, request: Omit<PlaceRequest, 'sprite'> & { sprite: SpriteSource }) =>
    placeFurniture(image, { ...request, sprite: await resolveSprite(request.sprite) }),
  /**
   * A 3D piece drawn with the photo's camera at its pose (given, or the default for the click), depth-tested against
   * the session's earlier pieces, lit by the room (place/README.md). Mesh paths load here (cached per worker).
   * The image comes back as JPEG at `quality`, with the pose to keep.
   */
  placePosedPiece: async (image: Image, request: PosedPieceRequest, quality: number) => {
    const { image: result, ...rest } = await placePosedPiece(image, request);
    return {
      ...rest,
      jpeg: new Uint8Array(await encodeImage(result, 'jpeg', quality)),
      width: result.width,
      height: result.height,
    };
  },
  /**
   * One-click staging, step 1: the plan for the room (JSON: what would be added, shown and priced before
   * confirming). `meshes`: the theme's GLB paths by furniture type; `roomType` null: guessed; `image`: the photo,
   * whose bright wall spots keep tall pieces from under windows the room model missed. See stage/README.md.
   */
  planStaging: (
    room: RoomModel,
    roomType: RoomType | null,
    theme: string,
    meshes: Record<string, string>,
    detections?: Detection[],
    image?: Image,
  ) => planWithMeshes(room, roomType, theme, meshes, detections, image),
  /** Step 2: the plan (given, or made here) drawn into the photo, JPEG back at `quality`, with the placed poses. */
  autoStage: async (
    image: Image,
    room: RoomModel,
    roomType: RoomType | null,
    theme: string,
    options: { meshes: Record<string, string>; detections?: Detection[]; plan?: StagingPlan },
    quality: number,
  ) => {
    const { image: result, ...rest } = await autoStage(image, room, roomType, theme, { ...options, onProgress: reportProgress });
    const jpeg = new Uint8Array(await encodeImage(result, 'jpeg', quality));
    return { ...rest, jpeg, width: result.width, height: result.height };
  },
  replaceObject: async (image: Image, detection: Detection, sprite: SpriteSource) =>
    replaceObject(image, detection, await resolveSprite(sprite)),
  /**
   * The photo's room model (camera, layout, openings, labels; plain JSON, computed once per photo) in three steps:
   * the first two run in two workers at once (room/steps.ts, pool/room-model.ts).
   */
  roomCenterNetHalf: (image: Image, detect: boolean) => roomCenterNetHalf(image, detect),
  roomNanoDetHalf: (image: Image, detect: boolean) => roomNanoDetHalf(image, detect),
  /** Its last step; `startedAt` is Date.now() when the first two started. */
  roomModelFromHalves: (centerNet: CenterNetHalf, nanoDet: NanoDetHalf, options: RoomModelOptions, startedAt: number) =>
    roomModelFromHalves(centerNet, nanoDet, options, startedAt),
  roomModelWithWallsFromHalves: (centerNet: CenterNetHalf, nanoDet: NanoDetHalf, options: RoomModelOptions, startedAt: number) =>
    roomModelWithWallsFromHalves(centerNet, nanoDet, options, startedAt),
  wallMask: (image: Image) => wallMask(image),
  /** `options.room`: the session's room model; `options.exclude`: pixels to keep (pieces the session placed). */
  changeWallMaterial: (image: Image, material: string, options?: ChangeWallOptions) =>
    changeWallMaterial(image, material, options),
  brandImage: (image: Image, request: BrandRequest) => brandImage(image, request),
  exportJpeg: (image: Uint8Array, watermark: boolean) => exportJpeg(image, { watermark }),
  annotateDetections: (image: Uint8Array, boxes: [number, number, number, number][]) => annotateDetections(image, boxes),
  /** A mask drawn on the client's canvas (any size of the same picture), erased from the photo. */
  eraseDrawnArea: (image: Image, drawn: Uint8Array) => eraseArea(image, drawn, { scaleMask: true, onProgress: reportProgress }),
  /** The box around what was drawn on the client's canvas, in the photo's pixels; null when nothing was. */
  drawnArea: async (drawn: Uint8Array, width: number, height: number) =>
    maskBBox(await decodeMask(drawn, { width, height }, { scale: true })),
  /** The local quick restyle (walls, grade, staging of an empty room), encoded here as JPEG at `quality`. */
  restyleRoom: async (image: Image, request: RestyleRequest, quality: number) => {
    const { image: result, ...rest } = await restyleRoom(image, request, reportProgress);
    return {
      ...rest,
      jpeg: new Uint8Array(await encodeImage(result, 'jpeg', quality)),
      width: result.width,
      height: result.height,
    };
  },
  /** Whether a restyle kept the photo's windows and doors (straight lines outside the furniture compared). */
  checkStructure: (photo: Image, result: Image, options: StructureCheckOptions) => checkStructure(photo, result, options),
  /** The photo as a JPEG whose long side is at most `longSide` (what a remote model is sent). */
  fitJpeg: async (image: Image, longSide: number, quality: number) => {
    const decoded = await decodeImage(image);
    const scale = Math.min(1, longSide / Math.max(decoded.width, decoded.height));
    const fitted =
      scale < 1
        ? await resizeImage(
            decoded,
            Math.max(1, Math.round(decoded.width * scale)),
            Math.max(1, Math.round(decoded.height * scale)),
          )
        : decoded;
    return new Uint8Array(await encodeImage(fitted, 'jpeg', quality));
  },
} satisfies Record<string, (...args: never[]) => Promise<unknown>>;

export type VisionTasks = typeof tasks;
export type TaskName = keyof VisionTasks;
