import type { Detection } from '../detect/detect.ts';
import { resizeImage, type RgbImage } from '../image.ts';
import { deepFeatureMaps, poolDeepFeatures, type FeatureMap } from './deep.ts';
import { FEATURE_COUNT, superpixelFeatures, type SuperpixelFeatures } from './features.ts';
import { detectSegments, estimateGeometry, type RoomGeometry } from './lines.ts';
import { slic, toLab, type LabImage, type Superpixels } from './slic.ts';

/** Long side of the copy the wall analysis runs on: enough for superpixels to follow corners, fast on 2 cores. */
export const WORK_LONG_SIDE = 512;
export const SUPERPIXEL_COUNT = 700;

export interface WallAnalysis {
  readonly work: RgbImage;
  /** work size / natural size */
  readonly scale: number;
  readonly lab: LabImage;
  readonly superpixels: Superpixels;
  readonly features: SuperpixelFeatures;
  /** The detector network's feature maps pooled per superpixel (count x DEEP_FEATURE_COUNT, see deep.ts). */
  readonly deep: Float32Array;
  readonly geometry: RoomGeometry;
}

export async function analyseRoom(image: RgbImage, detections: readonly Detection[]): Promise<WallAnalysis> {
  return completeAnalysis(await prepareAnalysis(image), detections, await deepFeatureMaps(image));
}

/** The part of the wall analysis that needs neither the detector nor its network (plain data: it crosses threads). */
export interface PreparedAnalysis {
  readonly work: RgbImage;
  readonly scale: number;
  readonly lab: LabImage;
  readonly superpixels: Superpixels;
  readonly geometry: RoomGeometry;
}

/** The work copy, its Lab colours, superpixels and line geometry. */
export async function prepareAnalysis(image: RgbImage): Promise<PreparedAnalysis> {
  const scale = Math.min(1, WORK_LONG_SIDE / Math.max(image.width, image.height));
  const work =
    scale < 1
      ? await resizeImage(
          image,
          Math.max(1, Math.round(image.width * scale)),
          Math.max(1, Math.round(image.height * scale)),
          'cubic',
        )
      : image;
  const realScale = work.width / image.width;
  const lab = toLab(work);
  const superpixels = slic(lab, SUPERPIXEL_COUNT);
  const geometry = estimateGeometry(await detectSegments(work), work.width, work.height);
  return { work, scale: realScale, lab, superpixels, geometry };
}

/** The analysis completed with the photo's detections and the network's feature maps of the whole photo. */
export function completeAnalysis(
  prepared: PreparedAnalysis,
  detections: readonly Detection[],
  deepMaps: readonly FeatureMap[],
): WallAnalysis {
  const { lab, superpixels, scale, geometry } = prepared;
  const features = superpixelFeatures(lab, superpixels, detections, scale, geometry.horizonY);
  return { ...prepared, features, deep: poolDeepFeatures(deepMaps, superpixels) };
}

export { FEATURE_COUNT };
