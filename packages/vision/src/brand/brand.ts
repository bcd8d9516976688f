import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { VisionError } from '../errors.ts';
import { decodeImage, type ImageInput } from '../image.ts';

export type BrandCorner = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

/** A logo or signature: any image the browser can show, its transparency kept. */
export interface BrandMark {
  image: Uint8Array;
  position: BrandCorner;
  /** The mark's longer side in percent of the photo's short side. */
  size: number;
  /** 10..100 percent. */
  opacity: number;
}

/** The "Virtually staged" disclosure drawn on the picture. */
export interface DisclosureLabel {
  text: string;
  position: BrandCorner;
  /** The label's height in percent of the photo's short side. */
  size: number;
}

/** A QR code as its module matrix (row-major, 1 = dark), drawn with its quiet zone. */
export interface BrandQr {
  modules: Uint8Array;
  count: number;
  position: BrandCorner;
}

export interface BrandRequest {
  logo: BrandMark | null;
  signature: BrandMark | null;
  label: DisclosureLabel | null;
  qr: BrandQr | null;
  /** Written into the file's EXIF ImageDescription and XMP dc:description (the disclosure without overlays). */
  description: string | null;
  format: 'jpeg' | 'png';
  quality: number;
}

/** Everything sits this far from the photo's edges, and this far from its neighbour in the same corner. */
const MARGIN_SHARE = 0.03;
const GAP_SHARE = 0.012;
/** A QR code's side in percent of the short side: big enough for a phone to read it off a printed page. */
const QR_SHARE = 0.14;
/** A soft dark halo behind marks keeps a white logo readable on a bright wall and any logo on a busy one. */
const SHADOW_STRENGTH = 0.55;
/** Mean relative luminance above which the label gets a dark box (white text), else a light one (dark text). */
const BRIGHT_BACKGROUND = 0.4;

const FONT_FILE = fileURLToPath(new URL('./fonts/DejaVuSans-Bold.ttf', import.meta.url));

interface Element {
  rgba: Buffer;
  width: number;
  height: number;
  position: BrandCorner;
  /** Extra transparent border the element carries (its shadow): it may overlap the margin. */
  pad: number;
}

/**
 * A photo branded with a template: logo and signature at their corners, sized from the photo's short side so a
 * template looks the same on a phone photo and an 8K export, each over a soft shadow; the disclosure label in a
 * box that contrasts with what lies under it; a QR code; the disclosure in the file's metadata. Elements
 * sharing a corner stack away from it in the order logo, signature, QR code, label.
 */
export async function brandImage(input: ImageInput, request: BrandRequest): Promise<Buffer> {
  const photo = await decodeImage(input);
  const { width, height } = photo;
  const short = Math.min(width, height);
  const margin = Math.round(short * MARGIN_SHARE);
  const gap = Math.round(short * GAP_SHARE);

  const elements: Element[] = [];
  if (request.logo) elements.push(await markElement(request.logo, short));
  if (request.signature) elements.push(await markElement(request.signature, short));
  if (request.qr) elements.push(qrElement(request.qr, short));

  const layers: sharp.OverlayOptions[] = [];
  const stacked: Record<BrandCorner, number> = { 'top-left': 0, 'top-right': 0, 'bottom-left': 0, 'bottom-right': 0 };
  const place = (element: Element): { left: number; top: number } => {
    const right = element.position.endsWith('right');
    const bottom = element.position.startsWith('bottom');
    const innerLeft = right ? width - margin - (element.width - 2 * element.pad) : margin;
    const innerTop = bottom
      ? height - margin - stacked[element.position] - (element.height - 2 * element.pad)
      : margin + stacked[element.position];
    stacked[element.position] += element.height - 2 * element.pad + gap;
    return { left: innerLeft - element.pad, top: innerTop - element.pad };
  };
  for (const element of elements)
    layers.push({ input: element.rgba, raw: rawOf(element), ...clipTo(place(element), element, width, height) });
  if (request.label) {
    const label = await labelElement(request.label, short, photo, place);
    layers.push({ input: label.rgba, raw: rawOf(label), ...clipTo(label.at, label, width, height) });
  }

  let pipeline = sharp(photo.data, { raw: { width, height, channels: 3 } }).composite(
    layers.map((layer) => ({ ...layer, blend: 'over' as const })),
  );
  if (request.description) {
    pipeline = pipeline
      .withExif({ IFD0: { ImageDescription: asciiOnly(request.description) } })
      .withXmp(xmpDescription(request.description));
  }
  if (request.format === 'png') return pipeline.png({ compressionLevel: 6 }).toBuffer();
  return pipeline.jpeg({ quality: request.quality }).toBuffer();
}

const rawOf = (element: { width: number; height: number }) => ({
  width: element.width,
  height: element.height,
  channels: 4 as const,
});

/** sharp refuses an overlay that leaves the photo: a position that does (a huge shadow on a tiny photo) is pulled in. */
function clipTo(at: { left: number; top: number }, element: { width: number; height: number }, width: number, height: number) {
  if (element.width > width || element.height > height) {
    throw new VisionError('invalid_argument', 'The photo is too small for its branding');
  }
  return {
    left: Math.min(Math.max(0, at.left), width - element.width),
    top: Math.min(Math.max(0, at.top), height - element.height),
  };
}

/** A logo or signature resized, faded to its opacity and laid on its blurred shadow, as RGBA with a border. */
async function markElement(mark: BrandMark, short: number): Promise<Element> {
  const side = Math.max(8, Math.round((mark.size / 100) * short));
  let resized: { data: Buffer; info: sharp.OutputInfo };
  try {
    resized = await sharp(mark.image, { failOn: 'error' })
      .autoOrient()
      .ensureAlpha()
      .resize({ width: side, height: side, fit: 'inside', kernel: 'lanczos3' })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new VisionError('invalid_image', 'A branding asset could not be decoded', { cause: error });
  }
  const { width: w, height: h } = resized.info;
  const opacity = Math.min(1, Math.max(0, mark.opacity / 100));
  const sigma = Math.max(1, side * 0.02);
  const offset = Math.max(1, Math.round(side * 0.01));
  const pad = Math.ceil(sigma * 3) + offset;
  const W = w + 2 * pad;
  const H = h + 2 * pad;
  const shadow = Buffer.alloc(W * H * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const alpha = resized.data[(y * w + x) * 4 + 3]!;
      shadow[((y + pad + offset) * W + x + pad + offset) * 4 + 3] = Math.round(alpha * SHADOW_STRENGTH * opacity);
    }
  }
  const blurred = await sharp(shadow, { raw: { width: W, height: H, channels: 4 } })
    .blur(sigma)
    .raw()
    .toBuffer();
  // The mark over its shadow, by the "over" rule, with the mark's alpha scaled to the template's opacity.
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const s = (y * w + x) * 4;
      const d = ((y + pad) * W + x + pad) * 4;
      const a = (resized.data[s + 3]! / 255) * opacity;
      const below = blurred[d + 3]! / 255;
      const out = a + below * (1 - a);
      for (let c = 0; c < 3; c++) blurred[d + c] = out > 0 ? Math.round((resized.data[s + c]! * a) / out) : 0;
      blurred[d + 3] = Math.round(out * 255);
    }
  }
  return { rgba: blurred, width: W, height: H, position: mark.position, pad };
}

/** The QR code's modules, black on white with the 2-module quiet zone a reader needs, whole pixels per module. */
function qrElement(qr: BrandQr, short: number): Element {
  const cells = qr.count + 4;
  const module = Math.max(2, Math.floor((short * QR_SHARE) / cells));
  const side = cells * module;
  const rgba = Buffer.alloc(side * side * 4, 255);
  for (let row = 0; row < qr.count; row++) {
    for (let col = 0; col < qr.count; col++) {
      if (!qr.modules[row * qr.count + col]) continue;
      for (let y = 0; y < module; y++) {
        const start = (((row + 2) * module + y) * side + (col + 2) * module) * 4;
        for (let x = 0; x < module; x++) rgba.fill(0, start + x * 4, start + x * 4 + 3);
      }
    }
  }
  return { rgba, width: side, height: side, position: qr.position, pad: 0 };
}

/**
 * The disclosure label: bold text in a rounded box whose height is the template's share of the short side. The
 * box is dark with white text over a bright background and light with dark text over a dark one, judged from
 * the pixels the box will cover, so it reads at a glance on any photo.
 */
async function labelElement(
  label: DisclosureLabel,
  short: number,
  photo: { data: Uint8Array; width: number },
  place: (element: Element) => { left: number; top: number },
): Promise<Element & { at: { left: number; top: number } }> {
  const boxHeight = Math.max(16, Math.round((label.size / 100) * short));
  const textHeight = Math.round(boxHeight * 0.58);
  const text = await renderText(label.text, textHeight);
  const padX = Math.round(boxHeight * 0.4);
  const boxWidth = text.width + 2 * padX;
  const element: Element = { rgba: Buffer.alloc(0), width: boxWidth, height: boxHeight, position: label.position, pad: 0 };
  const at = place(element);
  const bright = meanLuminance(photo, at.left, at.top, boxWidth, boxHeight) > BRIGHT_BACKGROUND;
  const [box, ink] = bright ? ['rgba(17,17,17,0.78)', 255] : ['rgba(255,255,255,0.88)', 17];
  const radius = Math.round(boxHeight * 0.22);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${boxWidth}" height="${boxHeight}"><rect width="${boxWidth}" height="${boxHeight}" rx="${radius}" fill="${box}"/></svg>`;
  const inked = Buffer.alloc(text.width * text.height * 4);
  for (let i = 0; i < text.width * text.height; i++) {
    inked.fill(ink, i * 4, i * 4 + 3);
    inked[i * 4 + 3] = text.alpha[i]!;
  }
  const rgba = await sharp(Buffer.from(svg))
    .composite([
      {
        input: inked,
        raw: { width: text.width, height: text.height, channels: 4 },
        left: padX,
        top: Math.round((boxHeight - text.height) / 2),
      },
    ])
    .ensureAlpha()
    .raw()
    .toBuffer();
  return { ...element, rgba, at };
}

/** The text's coverage (alpha) at a cap-to-descender height of `pixels`, from the font shipped with the engine. */
async function renderText(value: string, pixels: number): Promise<{ alpha: Buffer; width: number; height: number }> {
  const render = async (dpi: number) =>
    sharp({ text: { text: escapeMarkup(value), font: 'DejaVu Sans Bold', fontfile: FONT_FILE, dpi, rgba: true } })
      .extractChannel(3)
      .raw()
      .toBuffer({ resolveWithObject: true });
  // Pango sizes text by dpi: measure once, then render at the dpi that gives the wanted height.
  const probe = await render(300);
  const dpi = Math.max(10, Math.round((300 * pixels) / probe.info.height));
  const { data, info } = dpi === 300 ? probe : await render(dpi);
  return { alpha: data, width: info.width, height: info.height };
}

function meanLuminance(photo: { data: Uint8Array; width: number }, left: number, top: number, w: number, h: number): number {
  const linear = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  let sum = 0;
  let count = 0;
  const step = Math.max(1, Math.floor(Math.min(w, h) / 16));
  for (let y = top; y < top + h; y += step) {
    for (let x = left; x < left + w; x += step) {
      const i = (y * photo.width + x) * 3;
      sum += 0.2126 * linear(photo.data[i]!) + 0.7152 * linear(photo.data[i + 1]!) + 0.0722 * linear(photo.data[i + 2]!);
      count++;
    }
  }
  return count ? sum / count : 0;
}

const escapeMarkup = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** EXIF ASCII fields hold 7-bit text only. */
const asciiOnly = (value: string) => value.normalize('NFKD').replace(/[^\x20-\x7e]/g, '');

function xmpDescription(value: string): string {
  return `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:description><rdf:Alt><rdf:li xml:lang="x-default">${escapeMarkup(value)}</rdf:li></rdf:Alt></dc:description></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
}
