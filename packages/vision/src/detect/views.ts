import sharp from 'sharp';
import type { RgbImage } from '../image.ts';
import type { Box } from '../mask.ts';

/** One raw detector output mapped back to natural image pixels. */
export interface Candidate {
  readonly cls: number;
  readonly box: Box;
  readonly score: number;
}

/** A region of the photo fed to a network as one square input, optionally mirrored. */
export interface View {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly flip: boolean;
  /** Pad to a square instead of stretching (keeps the aspect ratio the network saw in training). */
  readonly letterbox: boolean;
  /** Share of the input's long side the photo fills when letterboxed (< 1 shrinks it: large objects score higher). */
  readonly fill?: number;
}

/** How a network's input pixels map back to the view: input = view * scale + offset. */
export interface InputMapping {
  readonly sx: number;
  readonly sy: number;
  readonly ox: number;
  readonly oy: number;
}

/** The whole photo stretched to the network's square input (what the wall features read). */
export function wholeView(image: RgbImage): View {
  return { x: 0, y: 0, w: image.width, h: image.height, flip: false, letterbox: false };
}

/** The view as `size` x `size` RGB bytes (letterbox bars in `background`), with how they map back to the view. */
export async function viewPixels(
  image: RgbImage,
  view: View,
  size: number,
  background: { r: number; g: number; b: number },
): Promise<{ data: Buffer } & InputMapping> {
  let pipeline = sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } }).extract({
    left: view.x,
    top: view.y,
    width: view.w,
    height: view.h,
  });
  if (view.flip) pipeline = pipeline.flop();
  if (view.letterbox) {
    const side = Math.round(size * (view.fill ?? 1));
    const scale = side / Math.max(view.w, view.h);
    const cw = Math.max(1, Math.round(view.w * scale));
    const ch = Math.max(1, Math.round(view.h * scale));
    const ox = Math.floor((size - cw) / 2);
    const oy = Math.floor((size - ch) / 2);
    const data = await pipeline
      .resize(cw, ch, { fit: 'fill', kernel: 'linear' })
      .extend({ left: ox, top: oy, right: size - cw - ox, bottom: size - ch - oy, background })
      .raw()
      .toBuffer();
    return { data, sx: cw / view.w, sy: ch / view.h, ox, oy };
  }
  const data = await pipeline.resize(size, size, { fit: 'fill', kernel: 'linear' }).raw().toBuffer();
  return { data, sx: size / view.w, sy: size / view.h, ox: 0, oy: 0 };
}

/**
 * A box in network input pixels back in natural pixels of the whole photo (unmirrored, clamped); null when it
 * collapses to under 2 px.
 */
export function inputBoxToImage(
  [ix1, iy1, ix2, iy2]: Box,
  map: InputMapping,
  view: View,
  image: Pick<RgbImage, 'width' | 'height'>,
): Box | null {
  let x1 = (ix1 - map.ox) / map.sx;
  let x2 = (ix2 - map.ox) / map.sx;
  const y1 = (iy1 - map.oy) / map.sy;
  const y2 = (iy2 - map.oy) / map.sy;
  if (view.flip) [x1, x2] = [view.w - x2, view.w - x1];
  const box: Box = [
    clamp(view.x + x1, 0, image.width),
    clamp(view.y + y1, 0, image.height),
    clamp(view.x + x2, 0, image.width),
    clamp(view.y + y2, 0, image.height),
  ];
  return box[2] - box[0] < 2 || box[3] - box[1] < 2 ? null : box;
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}
