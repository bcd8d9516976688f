import type { Detection } from '../detect/detect.ts';
import { resizeImage, type RgbImage } from '../image.ts';
import { deepFeatureMaps, poolDeepFeatures } from './deep.ts';
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
  const features = superpixelFeatures(lab, superpixels, detections, realScale, geometry.horizonY);
  const deep = poolDeepFeatures(await deepFeatureMaps(image), superpixels);
  return { work, scale: realScale, lab, superpixels, features, deep, geometry };
}

export { FEATURE_COUNT };
