import sharp from 'sharp';
import { VisionError } from '../errors.ts';
import { decodeImage, type ImageInput, type RgbImage } from '../image.ts';
import { cutout, type Cutout } from './cutout.ts';

/** Border pixels within this colour distance of the border's median count as the page. */
const PAGE_TOLERANCE = 24;
/** Share of the border that must be the page for the image to count as a logo on a plain background. */
const PLAIN_BORDER_SHARE = 0.9;
/** Colour distance from the page: below KEY_LOW transparent, above KEY_HIGH opaque, a ramp between (anti-aliasing). */
const KEY_LOW = 18;
const KEY_HIGH = 60;
/** Below this many opaque pixels the page is blank. */
const MIN_FOREGROUND_PIXELS = 16;

const distance = (data: Uint8Array, index: number, colour: readonly number[]) =>
  Math.hypot(data[index]! - colour[0]!, data[index + 1]! - colour[1]!, data[index + 2]! - colour[2]!);

/** The page's colour when the image's border is one plain colour (a logo on white paper or a flat export), else null. */
export function plainBackground(image: RgbImage): [number, number, number] | null {
  const { width, height, data } = image;
  const ring = Math.max(1, Math.round(Math.min(width, height) * 0.02));
  const samples: number[][] = [[], [], []];
  const indices: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (x >= ring && x < width - ring && y >= ring && y < height - ring) continue;
      const index = (y * width + x) * 3;
      indices.push(index);
      for (let channel = 0; channel < 3; channel++) samples[channel]!.push(data[index + channel]!);
    }
  }
  const median = samples.map((values) => values.sort((a, b) => a - b)[values.length >> 1]!) as [number, number, number];
  const onPage = indices.filter((index) => distance(data, index, median) <= PAGE_TOLERANCE).length;
  return onPage / indices.length >= PLAIN_BORDER_SHARE ? median : null;
}

/**
 * A logo or signature lifted off its background for branding. ISNet (the `cutout` of furniture photos) is made
 * for objects in photos: on a flat logo on white it leaves the page half opaque (measured with the small model:
 * 48/255 in a navy disc's middle, up to 185 on a blank white page). So when the border is one plain colour the
 * page is keyed out by colour distance, with a soft ramp for anti-aliased edges and the page's colour taken out
 * of those edge pixels (no white fringe over a dark photo); enclosed counters (the inside of an O) go too. Any
 * other background goes to ISNet's small model. Trimmed to the visible pixels, RGBA PNG.
 */
export async function cutoutMark(input: ImageInput): Promise<Cutout> {
  const image = await decodeImage(input);
  const page = plainBackground(image);
  if (!page) return cutout(image, { model: 'small' });
  const { width, height, data } = image;
  const rgba = new Uint8Array(width * height * 4);
  let [x1, y1, x2, y2] = [width, height, 0, 0];
  let opaque = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const pixel = y * width + x;
      const d = distance(data, pixel * 3, page);
      const alpha = d <= KEY_LOW ? 0 : d >= KEY_HIGH ? 1 : (d - KEY_LOW) / (KEY_HIGH - KEY_LOW);
      if (alpha === 0) continue;
      if (alpha === 1) opaque++;
      for (let channel = 0; channel < 3; channel++) {
        // observed = alpha * colour + (1 - alpha) * page: solve for the colour.
        const observed = data[pixel * 3 + channel]!;
        rgba[pixel * 4 + channel] = Math.max(0, Math.min(255, Math.round((observed - (1 - alpha) * page[channel]!) / alpha)));
      }
      rgba[pixel * 4 + 3] = Math.round(alpha * 255);
      x1 = Math.min(x1, x);
      y1 = Math.min(y1, y);
      x2 = Math.max(x2, x + 1);
      y2 = Math.max(y2, y + 1);
    }
  }
  if (opaque < MIN_FOREGROUND_PIXELS) throw new VisionError('no_foreground', 'Nothing stands out from the plain background');
  const png = await sharp(rgba, { raw: { width, height, channels: 4 } })
    .extract({ left: x1, top: y1, width: x2 - x1, height: y2 - y1 })
    .png()
    .toBuffer();
  return { png, width: x2 - x1, height: y2 - y1 };
}
