import type { Detection } from '../detect/detect.ts';
import { VisionError } from '../errors.ts';
import { cropImage, decodeImage, pixelLuminance, type ImageInput, type RgbImage } from '../image.ts';
import { type Box, clipBox, createMask, growMask, type Mask, unionMasks } from '../mask.ts';
import { salientAlpha, type SalientModel } from './salient.ts';

const FOREGROUND = 128;

/** Pixels of `alpha` (w x h) connected to the seed that are foreground; null when the seed's area has none. */
function componentAt(alpha: Uint8Array, width: number, height: number, seedX: number, seedY: number): Box | null {
  // The click may land a few pixels off the object (a thin leg, an edge): start from the nearest foreground.
  let start = -1;
  const reach = Math.round(Math.min(width, height) * 0.06);
  for (let radius = 0; radius <= reach && start < 0; radius += 1) {
    for (let dy = -radius; dy <= radius && start < 0; dy += 1) {
      for (let dx = -radius; dx <= radius && start < 0; dx += 1) {
        const x = seedX + dx;
        const y = seedY + dy;
        if (x >= 0 && y >= 0 && x < width && y < height && (alpha[y * width + x] ?? 0) >= FOREGROUND) start = y * width + x;
      }
    }
  }
  if (start < 0) return null;
  const seen = new Uint8Array(width * height);
  const stack = [start];
  seen[start] = 1;
  let [x1, y1, x2, y2] = [width, height, 0, 0];
  while (stack.length > 0) {
    const index = stack.pop() ?? 0;
    const x = index % width;
    const y = (index - x) / width;
    x1 = Math.min(x1, x);
    y1 = Math.min(y1, y);
    x2 = Math.max(x2, x + 1);
    y2 = Math.max(y2, y + 1);
    for (const next of [index - 1, index + 1, index - width, index + width]) {
      if (next < 0 || next >= alpha.length || seen[next]) continue;
      if ((next === index - 1 && x === 0) || (next === index + 1 && x === width - 1)) continue;
      if ((alpha[next] ?? 0) < FOREGROUND) continue;
      seen[next] = 1;
      stack.push(next);
    }
  }
  return [x1, y1, x2, y2];
}

/**
 * A click becomes a manual detection whose box hugs the object under it: the salient object of a window around
 * the click, the connected part that contains the click. When nothing stands out there, a box of a tenth of
 * the photo's short side around the click is the honest fallback (confidence 0.5 says so).
 */
export async function markObject(
  input: ImageInput,
  x: number,
  y: number,
  objectType: string,
  options: { model?: SalientModel } = {},
): Promise<Detection> {
  const image = await decodeImage(input);
  if (!Number.isFinite(x) || !Number.isFinite(y) || x < 0 || y < 0 || x >= image.width || y >= image.height) {
    throw new VisionError('invalid_argument', `The point (${x}, ${y}) is outside the ${image.width}x${image.height} image`);
  }
  const side = Math.round(Math.min(image.width, image.height) * 0.6);
  const [wx1, wy1, wx2, wy2] = clipBox([x - side / 2, y - side / 2, x + side / 2, y + side / 2], image.width, image.height);
  const window = cropImage(image, wx1, wy1, wx2 - wx1, wy2 - wy1);
  const alpha = await salientAlpha(window, options.model ?? 'small');
  const part = componentAt(alpha, window.width, window.height, Math.round(x - wx1), Math.round(y - wy1));
  const id = `manual-${Math.round(x)}-${Math.round(y)}-${Date.now().toString(36)}`;
  if (!part) {
    const half = Math.round(Math.min(image.width, image.height) * 0.05);
    return {
      id,
      class_name: objectType,
      bbox: clipBox([x - half, y - half, x + half, y + half], image.width, image.height),
      confidence: 0.5,
    };
  }
  return { id, class_name: objectType, bbox: [part[0] + wx1, part[1] + wy1, part[2] + wx1, part[3] + wy1], confidence: 1 };
}

/**
 * A tight mask of the object in its box (salient segmentation of a crop around the box), grown a few pixels
 * and extended over the contact shadow just below it (pixels there darker than the floor further down). Falls
 * back to the box itself when segmentation finds too little of it.
 */
export async function objectMask(input: ImageInput, bbox: Box, options: { model?: SalientModel } = {}): Promise<Mask> {
  const image = await decodeImage(input);
  const [bx1, by1, bx2, by2] = clipBox(bbox, image.width, image.height);
  if (bx2 - bx1 < 2 || by2 - by1 < 2) throw new VisionError('invalid_argument', 'The box is empty');
  const marginX = Math.round((bx2 - bx1) * 0.1);
  const marginY = Math.round((by2 - by1) * 0.1);
  const [cx1, cy1, cx2, cy2] = clipBox([bx1 - marginX, by1 - marginY, bx2 + marginX, by2 + marginY], image.width, image.height);
  const crop = cropImage(image, cx1, cy1, cx2 - cx1, cy2 - cy1);
  const alpha = await salientAlpha(crop, options.model ?? 'small');
  const mask = createMask(image.width, image.height);
  let inside = 0;
  for (let y = by1; y < by2; y += 1) {
    for (let x = bx1; x < bx2; x += 1) {
      if ((alpha[(y - cy1) * crop.width + (x - cx1)] ?? 0) >= FOREGROUND) {
        mask.data[y * image.width + x] = 255;
        inside += 1;
      }
    }
  }
  const boxArea = (bx2 - bx1) * (by2 - by1);
  if (inside < boxArea * 0.05) {
    for (let y = by1; y < by2; y += 1) mask.data.fill(255, y * image.width + bx1, y * image.width + bx2);
    return mask;
  }
  // Contact shadow: below each column's lowest object pixel, take darker-than-floor pixels down a short band.
  const shadow = createMask(image.width, image.height);
  const depth = Math.max(3, Math.round((by2 - by1) * 0.08));
  for (let x = bx1; x < bx2; x += 1) {
    let bottom = -1;
    for (let y = by2 - 1; y >= by1 && bottom < 0; y -= 1) if (mask.data[y * image.width + x]) bottom = y;
    if (bottom < 0) continue;
    const floorY = Math.min(image.height - 1, bottom + 2 * depth);
    const floor = pixelLuminance(image, floorY * image.width + x);
    for (let y = bottom + 1; y <= Math.min(image.height - 1, bottom + depth); y += 1) {
      if (pixelLuminance(image, y * image.width + x) < floor * 0.88) shadow.data[y * image.width + x] = 255;
      else break;
    }
  }
  return growMask(unionMasks(mask, shadow), Math.max(2, Math.round(Math.min(image.width, image.height) * 0.004)));
}
