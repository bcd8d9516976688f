import { CENTERNET_HALF, detectCandidates, NANODET_HALF, namedView, rescoredHalves, type Detection } from '../detect/detect.ts';
import { runCenterNetWith } from '../detect/centernet.ts';
import type { Candidate } from '../detect/views.ts';
import { decodeImage, type ImageInput } from '../image.ts';
import { completeAnalysis, prepareAnalysis, type PreparedAnalysis } from '../walls/analyse.ts';
import { DEEP_NODES, deepFeatureMaps, readFeatureMaps, type FeatureMap } from '../walls/deep.ts';
import type { Segment } from '../walls/lines.ts';
import { segmentationOf, wallProbabilities, type WallSegmentation } from '../walls/wall-mask.ts';
import { photoLensFocalPx } from './lens.ts';
import { buildRoomModel, layoutSegments, roomPhoto, type RoomModelOptions, type RoomPhoto } from './room-model.ts';
import type { RoomModel } from './types.ts';

/*
 * The room model in three steps, so that a pool of two workers runs the first two at once: the detector's five
 * views split by network (each half about half the detector's time, which is most of the model's). CenterNet's
 * whole view also yields the wall features' feature maps (one forward pass where there were two); NanoDet's half
 * also prepares the wall analysis and finds the layout's segments. The last step rescores the detections and builds
 * the model. Every step takes and returns plain data: the halves cross threads. roomModel runs the same three steps
 * one after another, so both ways give the same model.
 */

/** CenterNet's views' candidates (none when the caller has its detections) and the wall features' maps. */
export interface CenterNetHalf {
  readonly candidates: Candidate[][];
  readonly deepMaps: FeatureMap[];
}

/** NanoDet's views' candidates (none when the caller has its detections) and the detector-free analysis. */
export interface NanoDetHalf {
  readonly candidates: Candidate[][];
  readonly photo: RoomPhoto;
  readonly prepared: PreparedAnalysis;
  readonly layoutSegments: Segment[];
  /** The lens's focal length in pixels from the photo's EXIF, when the half was handed its bytes (room/lens.ts). */
  readonly lensFocalPx: number | null;
}

/** One room model per photo, its three steps in turn (a pool runs the first two at once: pool/room-model.ts). */
export async function roomModel(input: ImageInput, options: RoomModelOptions = {}): Promise<RoomModel> {
  const startedAt = Date.now();
  const image = await decodeImage(input);
  const detect = !options.detections;
  const focalPx = options.focalPx ?? photoLensFocalPx(image) ?? undefined;
  return roomModelFromHalves(
    await roomCenterNetHalf(image, detect),
    await roomNanoDetHalf(image, detect),
    { ...options, focalPx },
    startedAt,
  );
}

export async function roomCenterNetHalf(input: ImageInput, detect: boolean): Promise<CenterNetHalf> {
  const image = await decodeImage(input);
  if (!detect) return { candidates: [], deepMaps: await deepFeatureMaps(image) };
  const candidates: Candidate[][] = [];
  let deepMaps: FeatureMap[] | null = null;
  for (const name of CENTERNET_HALF) {
    if (name === 'full') {
      // The whole photo stretched to the input is exactly what the wall features read (wholeView).
      const pass = await runCenterNetWith(image, namedView(image, name), DEEP_NODES);
      candidates.push(pass.candidates);
      deepMaps = await readFeatureMaps(pass.outputs);
    } else {
      candidates.push(...(await detectCandidates(image, [name])));
    }
  }
  return { candidates, deepMaps: deepMaps ?? (await deepFeatureMaps(image)) };
}

export async function roomNanoDetHalf(input: ImageInput, detect: boolean): Promise<NanoDetHalf> {
  const image = await decodeImage(input);
  const candidates = detect ? await detectCandidates(image, NANODET_HALF) : [];
  const prepared = await prepareAnalysis(image);
  return {
    candidates,
    photo: roomPhoto(image),
    prepared,
    layoutSegments: await layoutSegments(prepared.work),
    lensFocalPx: photoLensFocalPx(image),
  };
}

/**
 * The last step: the five views' candidates rescored into detections (unless the caller gave them), the wall
 * analysis completed and classified, the model built. `startedAt`: Date.now() when the first step started.
 */
export async function roomModelFromHalves(
  centerNet: CenterNetHalf,
  nanoDet: NanoDetHalf,
  options: RoomModelOptions = {},
  startedAt = Date.now(),
): Promise<RoomModel> {
  return (await roomModelWithWallsFromHalves(centerNet, nanoDet, options, startedAt)).model;
}

/**
 * The room model and the wall segmentation it was built on (the wall change's first step on the same photo; see
 * ChangeWallOptions.walls), without the detector's feature maps, which only the wall probabilities read.
 */
export async function roomModelWithWallsFromHalves(
  centerNet: CenterNetHalf,
  nanoDet: NanoDetHalf,
  options: RoomModelOptions = {},
  startedAt = Date.now(),
): Promise<{ model: RoomModel; walls: WallSegmentation }> {
  const { photo } = nanoDet;
  const detections: readonly Detection[] =
    options.detections ?? rescoredHalves(centerNet.candidates, nanoDet.candidates, photo.width, photo.height);
  const analysis = completeAnalysis(nanoDet.prepared, detections, centerNet.deepMaps);
  const probabilities = wallProbabilities(analysis);
  const focalPx = options.focalPx ?? nanoDet.lensFocalPx ?? undefined;
  const model = await buildRoomModel(
    photo,
    analysis,
    probabilities,
    detections,
    { ...options, focalPx },
    {
      started: performance.now() - (Date.now() - startedAt),
      segments: nanoDet.layoutSegments,
    },
  );
  return { model, walls: segmentationOf({ ...analysis, deep: new Float32Array(0) }, probabilities) };
}
