import type { RgbImage } from '../image.ts';
import type { Mask } from '../mask.ts';
import { openCv } from '../runtime/opencv.ts';

/** OpenCV's fast-marching fill (Telea 2004): a baseline for the evaluation, not used by the product. */
export async function teleaFill(image: RgbImage, mask: Mask, radius = 5): Promise<RgbImage> {
  const cv = await openCv();
  const src = cv.matFromArray(image.height, image.width, cv.CV_8UC3, image.data);
  const m = cv.matFromArray(mask.height, mask.width, cv.CV_8UC1, mask.data);
  const dst = new cv.Mat();
  try {
    cv.inpaint(src, m, dst, radius, cv.INPAINT_TELEA);
    const out = new Uint8Array(image.data);
    for (let i = 0; i < mask.data.length; i++) {
      if (!mask.data[i]) continue;
      out[i * 3] = dst.data[i * 3]!;
      out[i * 3 + 1] = dst.data[i * 3 + 1]!;
      out[i * 3 + 2] = dst.data[i * 3 + 2]!;
    }
    return { data: out, width: image.width, height: image.height };
  } finally {
    src.delete();
    m.delete();
    dst.delete();
  }
}
