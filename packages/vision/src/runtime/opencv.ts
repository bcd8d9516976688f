import { createRequire } from 'node:module';
import { VisionError } from '../errors.ts';

/** The slice of OpenCV.js this package uses (the package's own typings pull in the whole DOM). */
export interface CvMat {
  readonly data: Uint8Array;
  readonly rows: number;
  readonly cols: number;
  delete(): void;
}

export interface CvRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface OpenCv {
  Mat: new () => CvMat;
  Rect: new (x: number, y: number, w: number, h: number) => CvRect;
  matFromArray(rows: number, cols: number, type: number, data: ArrayLike<number>): CvMat;
  inpaint(src: CvMat, mask: CvMat, dst: CvMat, radius: number, flags: number): void;
  grabCut(img: CvMat, mask: CvMat, rect: CvRect, bgd: CvMat, fgd: CvMat, iterations: number, mode: number): void;
  setRNGSeed(seed: number): void;
  CV_8UC1: number;
  CV_8UC3: number;
  INPAINT_TELEA: number;
  GC_INIT_WITH_RECT: number;
  GC_INIT_WITH_MASK: number;
  GC_BGD: number;
  GC_FGD: number;
  GC_PR_BGD: number;
  GC_PR_FGD: number;
}

interface EmscriptenModule {
  onRuntimeInitialized?: () => void;
  then?: unknown;
  Mat?: unknown;
}

let loading: Promise<OpenCv> | null = null;

/**
 * OpenCV.js 4.12, initialised once. The Emscripten module is a thenable that resolves to itself, so any promise
 * resolved with it (including an async function returning it) never settles: drop its `then` once it is ready.
 */
export function openCv(): Promise<OpenCv> {
  loading ??= new Promise<OpenCv>((resolve, reject) => {
    try {
      const mod = createRequire(import.meta.url)('@techstark/opencv-js') as EmscriptenModule;
      const ready = (): void => {
        delete mod.then;
        resolve(mod as unknown as OpenCv);
      };
      if (typeof mod.Mat === 'function') ready();
      else mod.onRuntimeInitialized = ready;
    } catch (error) {
      reject(new VisionError('model_unavailable', 'OpenCV.js could not be loaded', { cause: error }));
    }
  });
  return loading;
}

/** The seed of OpenCV's random generator before every GrabCut (any fixed value: it only has to be the same each time). */
const GRABCUT_SEED = 0x5eed;

/**
 * GrabCut with OpenCV's random generator reseeded first. GrabCut starts its colour models by k-means++, which draws
 * from OpenCV's one global generator: without the reseed the same box on the same photo gave another answer after
 * other calls had drawn from it (a bed's spill 482, 0 or 1,386 pixels, its silhouette found or not, seen on listing
 * bedrooms), so a removal's hole and a wall mask depended on what the worker had done before.
 */
export function seededGrabCut(
  cv: OpenCv,
  img: CvMat,
  mask: CvMat,
  rect: CvRect,
  bgd: CvMat,
  fgd: CvMat,
  iterations: number,
  mode: number,
): void {
  cv.setRNGSeed(GRABCUT_SEED);
  cv.grabCut(img, mask, rect, bgd, fgd, iterations, mode);
}
