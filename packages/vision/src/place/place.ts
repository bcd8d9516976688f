import sharp from 'sharp';
import type { Detection } from '../detect/detect.ts';
import { VisionError } from '../errors.ts';
import { decodeImage, type ImageInput, type RgbImage } from '../image.ts';
import { removeObject } from '../inpaint/index.ts';
import type { Box, MaskInput } from '../mask.ts';
import { estimateRoomGeometry } from './geometry.ts';
import { findOccluders, type Occluder } from './occlusion.ts';
import {
  blurLayer,
  edgeCrispness,
  gaussianBlur,
  fastGaussianSource,
  linearToSrgb,
  measureLocalLook,
  SRGB_TO_LINEAR,
  type LocalLook,
} from './match.ts';
import type { PlaceableSprite, Placement, PlaceRequest, RoomGeometry } from './types.ts';

/** The smallest piece worth drawing (px of opaque width). */
const MIN_PIECE_WIDTH = 8;
/** A piece may fill at most this share of the frame in either direction. */
const MAX_FRAME_SHARE = 0.98;

/**
 * Places a piece of furniture standing on the floor at (x, y): scaled to its real size for the room's camera,
 * mirrored to face into the room, matched to the photo's light, colour, sharpness and noise, with its contact
 * shadow on the floor, behind the objects that stand in front of it. Pixels outside the piece and its shadow are
 * returned byte-identical.
 */
export async function placeFurniture(input: ImageInput, request: PlaceRequest): Promise<RgbImage> {
  return (await placeFurnitureDetailed(input, request)).image;
}

/** `placeFurniture`, also telling where the piece went. */
export async function placeFurnitureDetailed(
  input: ImageInput,
  request: PlaceRequest,
): Promise<{ image: RgbImage; placement: Placement }> {
  const image = await decodeImage(input);
  const { area } = request;
  for (const value of [request.x, request.y, request.sizeScale]) {
    if (!Number.isFinite(value)) throw new VisionError('invalid_argument', 'x, y and size_scale must be numbers');
  }
  if (area && !(area.every(Number.isFinite) && area[2] > area[0] && area[3] > area[1])) {
    throw new VisionError('invalid_argument', 'The drawn area is empty');
  }
  const W = image.width;
  const H = image.height;
  const geometry =
    request.geometry && request.geometry.width === W && request.geometry.height === H
      ? request.geometry
      : await estimateRoomGeometry(image, request.detections);

  const standX = clamp(area ? (area[0] + area[2]) / 2 : request.x, 0, W - 1);
  const standY = clamp(area ? area[3] : request.y, 0, H);
  const sprite = chooseView(request.sprite, standX, geometry);
  // A piece left of the room's vanishing point is seen from its right-hand side, so the front-left render is
  // mirrored there. The estimate is kept within the middle of the frame: a stray line pair must not flip a
  // piece that stands well on one side.
  const facingSplit = clamp(geometry.vanishingX, W * 0.3, W * 0.7);
  const mirrored = sprite.view === 'three-quarter' && standX < facingSplit;
  const ob = mirrored ? mirrorBox(sprite.opaqueBox, sprite.width) : sprite.opaqueBox;
  const contactX = mirrored ? sprite.width - sprite.contact.x : sprite.contact.x;
  const opaqueW = ob[2] - ob[0];
  const opaqueH = ob[3] - ob[1];

  // A level pinhole camera at height Hc sees a floor point (y - horizon) px below the horizon at (y - horizon) / Hc
  // px per cm: the sprite's px-per-cm at its contact point is brought to that.
  // A click at or above the estimated horizon means the estimate is off there: keep the piece a sensible size.
  const belowHorizon = Math.max(standY - geometry.horizonY, H * 0.06);
  const sizeScale = clamp(request.sizeScale, 0.5, 2);
  let scale = area ? (area[2] - area[0]) / opaqueW : (belowHorizon / geometry.cameraHeightCm / sprite.pxPerCm) * sizeScale;
  scale = Math.min(scale, (W * MAX_FRAME_SHARE) / opaqueW, (H * MAX_FRAME_SHARE) / opaqueH);
  scale = Math.max(scale, MIN_PIECE_WIDTH / opaqueW);

  const frameW = Math.max(1, Math.round(sprite.width * scale));
  const frameH = Math.max(1, Math.round(sprite.height * scale));
  const sx = frameW / sprite.width;
  const sy = frameH / sprite.height;
  let originX = area ? standX - ((ob[0] + ob[2]) / 2) * sx : standX - contactX * sx;
  let originY = area ? standY - ob[3] * sy : standY - sprite.contact.y * sy;
  // Never leave the image: slide the piece back inside.
  originX -= Math.min(0, originX + ob[0] * sx) + Math.max(0, originX + ob[2] * sx - W);
  originY -= Math.min(0, originY + ob[1] * sy) + Math.max(0, originY + ob[3] * sy - H);
  originX = Math.round(originX);
  originY = Math.round(originY);
  const pieceBox: Box = [
    clamp(Math.round(originX + ob[0] * sx), 0, W),
    clamp(Math.round(originY + ob[1] * sy), 0, H),
    clamp(Math.round(originX + ob[2] * sx), 0, W),
    clamp(Math.round(originY + ob[3] * sy), 0, H),
  ];
  const contact = { x: originX + contactX * sx, y: originY + sprite.contact.y * sy };

  const frame = await resizeSprite(sprite, frameW, frameH, mirrored);
  const look = measureLocalLook(image, surroundings(pieceBox, W, H));
  const piece = matchPiece(frame.rgba, frameW, frameH, look, hashSeed(request, W, H), [ob[1] * sy, ob[3] * sy]);

  const pxPerCm = scale * sprite.pxPerCm;
  const shadow = buildShadow({
    sprite,
    frame,
    frameW,
    frameH,
    originX,
    originY,
    contact,
    pieceWidth: opaqueW * sx,
    pxPerCm,
    depthPx: (sprite.sizeCm.depth * pxPerCm * Math.max(belowHorizon, 1)) / geometry.focalPx,
    geometry,
    W,
    H,
  });
  const occluders = await findOccluders(image, request.detections ?? [], contact.y, pieceBox);
  const { image: out, changedBox } = composite(image, piece, frameW, frameH, originX, originY, shadow, occluders);
  return { image: out, placement: { pieceBox, changedBox, contact, scale, view: sprite.view, mirrored, geometry } };
}

/** Half-width, as a share of the frame, of the band around the vanishing point where a piece faces the camera. */
const FRONT_BAND = 0.15;

/**
 * The view of the piece that faces into the room. In a frontal photo (one-point perspective: the vanishing point
 * near the middle of the frame) the back wall faces the camera, and a piece standing in the band in front of it
 * is seen straight on: its front view, when the library has one. In a corner (two-point) photo, whose lines put
 * the vanishing point off to a side, every wall is seen at an angle: the three-quarter view, as everywhere
 * outside the band. When no lines gave a vanishing point, the middle of the frame stands in for it: a piece
 * placed there is, in most listing photos, the one against the far wall.
 */
export function chooseView(sprite: PlaceableSprite, standX: number, geometry: RoomGeometry): PlaceableSprite {
  if (!sprite.front) return sprite;
  const W = geometry.width;
  const fromLines = geometry.horizonSource === 'lines';
  const vanishingX = fromLines ? geometry.vanishingX : W / 2;
  const frontal = Math.abs(vanishingX - W / 2) < W * 0.15;
  return frontal && Math.abs(standX - vanishingX) < W * FRONT_BAND ? sprite.front : sprite;
}

/**
 * Removes a detected object (the engine's inpainting of its box, or of its tight mask when the caller has one, e.g.
 * from `objectMask`: a smaller hole fills faster and cleaner) and places the new piece where it stood: on the
 * bottom edge of the old box, as wide as the old box.
 */
export async function replaceObject(
  input: ImageInput,
  detection: Detection,
  sprite: PlaceableSprite,
  options: { detections?: readonly Detection[]; geometry?: RoomGeometry; mask?: MaskInput } = {},
): Promise<RgbImage> {
  const image = await decodeImage(input);
  const others = (options.detections ?? []).filter((d) => d.id !== detection.id);
  // The geometry comes from the photo before removal: the removed object's edges and size are evidence too.
  const geometry = options.geometry ?? (await estimateRoomGeometry(image, options.detections ?? [detection]));
  const removed = await removeObject(image, options.mask ?? detection.bbox);
  const [x1, , x2, y2] = detection.bbox;
  return placeFurniture(removed, {
    x: (x1 + x2) / 2,
    y: y2,
    sprite,
    sizeScale: 1,
    area: detection.bbox,
    detections: others,
    geometry,
  });
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

function mirrorBox(box: Box, width: number): Box {
  return [width - box[2], box[1], width - box[0], box[3]];
}

/** The spot and what surrounds it: the piece's box grown by 40% of its size, clipped to the image. */
export function surroundings([x1, y1, x2, y2]: Box, W: number, H: number): Box {
  const mx = Math.max(8, (x2 - x1) * 0.4);
  const my = Math.max(8, (y2 - y1) * 0.4);
  return [
    Math.max(0, Math.floor(x1 - mx)),
    Math.max(0, Math.floor(y1 - my)),
    Math.min(W, Math.ceil(x2 + mx)),
    Math.min(H, Math.ceil(y2 + my)),
  ];
}

function hashSeed(request: PlaceRequest, W: number, H: number): number {
  return (Math.round(request.x) * 73856093) ^ (Math.round(request.y) * 19349663) ^ (W * 83492791) ^ H;
}

interface SpriteFrame {
  /** Straight RGBA bytes at the placed size. */
  rgba: Uint8Array;
  /** Alpha 0..1. */
  alpha: Float32Array;
  /** Shadow strength 0..1, or null. */
  shadow: Float32Array | null;
}

async function resizeSprite(sprite: PlaceableSprite, w: number, h: number, mirrored: boolean): Promise<SpriteFrame> {
  const resize = (data: Uint8Array, channels: 1 | 4) => {
    const pipeline = sharp(data, { raw: { width: sprite.width, height: sprite.height, channels } })
      .resize(w, h, { fit: 'fill', kernel: w < sprite.width ? 'lanczos3' : 'mitchell' })
      .flop(mirrored);
    // libvips widens a one-band raw image to sRGB on output unless told to keep the single band.
    return (channels === 1 ? pipeline.extractChannel(0) : pipeline).raw().toBuffer();
  };
  const [rgbaBuffer, shadowBuffer] = await Promise.all([resize(sprite.rgba, 4), sprite.shadow ? resize(sprite.shadow, 1) : null]);
  const rgba = new Uint8Array(rgbaBuffer.buffer, rgbaBuffer.byteOffset, w * h * 4);
  const alpha = new Float32Array(w * h);
  for (let i = 0; i < alpha.length; i++) alpha[i] = rgba[i * 4 + 3]! / 255;
  let shadow: Float32Array | null = null;
  if (shadowBuffer) {
    shadow = new Float32Array(w * h);
    for (let i = 0; i < shadow.length; i++) shadow[i] = shadowBuffer[i]! / 255;
  }
  return { rgba, alpha, shadow };
}

/**
 * The sprite's colours brought to the photo's light (linear-light gains, the photo's black level), softened to the
 * photo's sharpness, and given its noise. Returns premultiplied RGBA floats (sRGB 0..255). `floorDarkening`: how
 * much the lower part darkens (a studio render lacks the room's occlusion; a lit mesh has its own).
 */
export function matchPiece(
  rgba: Uint8Array,
  w: number,
  h: number,
  look: LocalLook,
  seed: number,
  [top, bottom]: [number, number],
  floorDarkening = 0.16,
): Float32Array {
  const n = w * h;
  const out = new Float32Array(n * 4);
  const lift = look.blackLift;
  const gain = capHighlights(rgba, n, look);
  const saturation = matchSaturation(rgba, n, look.chroma);
  // Per-channel tables: sRGB byte -> linear light times the channel's gain.
  const tables = gain.map((g) => SRGB_TO_LINEAR.map((v) => v * g));
  const [linearR, linearG, linearB] = tables as [Float32Array, Float32Array, Float32Array];
  for (let y = 0; y < h; y++) {
    // A room lights a piece from above: its lower part sees less of the ceiling and walls than a studio's fill
    // lights give it, so it darkens toward the floor.
    const t = clamp((y - top) / Math.max(1, bottom - top), 0, 1);
    const occlusion = 1 - floorDarkening * t * t;
    for (let i = y * w; i < (y + 1) * w; i++) {
      const alpha = rgba[i * 4 + 3]!;
      if (alpha === 0) continue;
      const a = alpha / 255;
      let r = linearToSrgb(linearR[rgba[i * 4]!]! * occlusion);
      let g = linearToSrgb(linearG[rgba[i * 4 + 1]!]! * occlusion);
      let b = linearToSrgb(linearB[rgba[i * 4 + 2]!]! * occlusion);
      if (saturation < 1) {
        const grey = 0.299 * r + 0.587 * g + 0.114 * b;
        r = grey + (r - grey) * saturation;
        g = grey + (g - grey) * saturation;
        b = grey + (b - grey) * saturation;
      }
      out[i * 4] = (lift * 255 + r * (1 - lift)) * a;
      out[i * 4 + 1] = (lift * 255 + g * (1 - lift)) * a;
      out[i * 4 + 2] = (lift * 255 + b * (1 - lift)) * a;
      out[i * 4 + 3] = a;
    }
  }
  const sigma = blurToMatch(out, w, h, look.edgeCrispness);
  gaussianBlur(out, w, h, 4, sigma);
  if (look.noiseSigma > 0.3) {
    const gauss = fastGaussianSource(seed);
    for (let i = 0; i < n; i++) {
      const a = out[i * 4 + 3]!;
      if (a === 0) continue;
      // Mostly luminance grain, like a camera's noise after demosaicing and JPEG.
      const shared = gauss() * look.noiseSigma;
      for (let c = 0; c < 3; c++) out[i * 4 + c]! += (shared + gauss() * look.noiseSigma * 0.3) * a;
    }
  }
  return out;
}

/**
 * The gains, lowered when the piece's highlights (its 95th percentile luminance) would outshine the brightest part of
 * its surroundings: a studio-lit white sofa is whiter than anything in a dim room. Lowered halfway (in log terms),
 * at most to 65%, since a pale piece may rightly be the brightest thing around.
 */
function capHighlights(rgba: Uint8Array, n: number, look: LocalLook): [number, number, number] {
  const histogram = new Uint32Array(256);
  let count = 0;
  const step = Math.max(1, Math.floor(n / 40_000));
  for (let i = 0; i < n; i += step) {
    if (rgba[i * 4 + 3]! < 200) continue;
    histogram[Math.round(0.2126 * rgba[i * 4]! + 0.7152 * rgba[i * 4 + 1]! + 0.0722 * rgba[i * 4 + 2]!)]!++;
    count++;
  }
  if (count === 0) return look.gain;
  let level = 255;
  for (let seen = 0; level > 0; level--) {
    seen += histogram[level]!;
    if (seen >= count * 0.05) break;
  }
  const meanGain = 0.2126 * look.gain[0] + 0.7152 * look.gain[1] + 0.0722 * look.gain[2];
  const highlight = SRGB_TO_LINEAR[level]! * meanGain;
  if (highlight <= look.brightLuma) return look.gain;
  const factor = Math.max(0.65, Math.sqrt(look.brightLuma / highlight));
  return look.gain.map((g) => g * factor) as [number, number, number];
}

/**
 * How much of the sprite's colourfulness to keep: a renderer's clean colours stand out in a dull or hazy photo.
 * Partial (a power of 0.4 of the chroma ratio, at most 25% off): a vivid piece in a grey room may stay vivid.
 */
function matchSaturation(rgba: Uint8Array, n: number, photoChroma: number): number {
  let chroma = 0;
  let count = 0;
  const step = Math.max(1, Math.floor(n / 40_000));
  for (let i = 0; i < n; i += step) {
    if (rgba[i * 4 + 3]! < 200) continue;
    const r = rgba[i * 4]!;
    const g = rgba[i * 4 + 1]!;
    const b = rgba[i * 4 + 2]!;
    chroma += Math.max(r, g, b) - Math.min(r, g, b);
    count++;
  }
  if (count === 0 || chroma === 0) return 1;
  return clamp((Math.max(1, photoChroma) / (chroma / count)) ** 0.4, 0.75, 1);
}

const BLUR_CANDIDATES = [0, 0.45, 0.7, 1, 1.4, 1.9, 2.5];
/** The crispness trials run on a crop of at most this many pixels a side (enough edges, a fraction of the cost). */
const TRIAL_SIDE = 220;

/** The blur that brings the sprite's edge crispness down to the photo's (renders are crisper than photos). */
function blurToMatch(premultiplied: Float32Array, w: number, h: number, target: number): number {
  const cw = Math.min(w, TRIAL_SIDE);
  const ch = Math.min(h, TRIAL_SIDE);
  const cx = Math.floor((w - cw) / 2);
  const cy = Math.floor((h - ch) / 2);
  const grey = new Float32Array(cw * ch);
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      const i = ((cy + y) * w + cx + x) * 4;
      const a = premultiplied[i + 3]!;
      // Over a mid grey, so the silhouette's edge counts as an edge the way it will in the photo.
      grey[y * cw + x] =
        0.299 * premultiplied[i]! + 0.587 * premultiplied[i + 1]! + 0.114 * premultiplied[i + 2]! + 128 * (1 - a);
    }
  }
  let applied = 0;
  for (const sigma of BLUR_CANDIDATES) {
    // Blurs compose: sigma_total^2 = sum of the steps' squares.
    gaussianBlur(grey, cw, ch, 1, Math.sqrt(sigma * sigma - applied * applied));
    applied = sigma;
    if (edgeCrispness(grey, cw, ch, null) <= target * 1.05) break;
  }
  // Blur at most slightly when the sprite is tiny: its detail is already below the pixel.
  return Math.min(applied, Math.max(0.4, Math.min(w, h) / 60));
}

interface ShadowInput {
  sprite: PlaceableSprite;
  frame: SpriteFrame;
  frameW: number;
  frameH: number;
  originX: number;
  originY: number;
  contact: { x: number; y: number };
  pieceWidth: number;
  pxPerCm: number;
  depthPx: number;
  geometry: RoomGeometry;
  W: number;
  H: number;
}

export interface ShadowLayer {
  box: Box;
  /** Darkening 0..1 over box. */
  values: Float32Array;
}

/**
 * The shadow the piece lays on the floor: the rendered shadow pass (softened), an ambient-occlusion pool under its
 * footprint pushed away from the light, and for cut-outs (no shadow pass) a dark line where the silhouette meets
 * the floor.
 */
function buildShadow(s: ShadowInput): ShadowLayer {
  const halfDepth = Math.max(2, s.depthPx / 2);
  const halfWidth = s.pieceWidth * 0.46;
  const footX = s.contact.x - s.geometry.lightFromX * halfWidth * 0.25;
  // A cut-out's contact is its front edge: the footprint's centre is half its depth further back.
  const footY = s.sprite.contactAt === 'front' ? s.contact.y - halfDepth : s.contact.y;
  const soft = Math.max(1.5, s.pieceWidth * 0.02);
  const margin = Math.ceil(soft * 3);
  const box: Box = [
    clamp(Math.floor(Math.min(s.originX, footX - halfWidth * 1.4) - margin), 0, s.W),
    clamp(Math.floor(Math.min(s.originY, footY - halfDepth * 1.4) - margin), 0, s.H),
    clamp(Math.ceil(Math.max(s.originX + s.frameW, footX + halfWidth * 1.4) + margin), 0, s.W),
    clamp(Math.ceil(Math.max(s.originY + s.frameH, footY + halfDepth * 1.4) + margin), 0, s.H),
  ];
  const bw = box[2] - box[0];
  const bh = box[3] - box[1];
  const values = new Float32Array(Math.max(0, bw * bh));
  if (values.length === 0) return { box, values };

  const rendered = s.frame.shadow;
  const poolStrength = s.sprite.contactAt === 'centre' ? 0.3 : 0.4;
  // The pool is zero beyond 1.1 radii: only its bounding box is computed.
  const poolX1 = clamp(Math.floor(footX - halfWidth * 1.1) - box[0], 0, bw);
  const poolX2 = clamp(Math.ceil(footX + halfWidth * 1.1) - box[0], 0, bw);
  const poolY1 = clamp(Math.floor(footY - halfDepth * 1.1) - box[1], 0, bh);
  const poolY2 = clamp(Math.ceil(footY + halfDepth * 1.1) - box[1], 0, bh);
  for (let y = poolY1; y < poolY2; y++) {
    for (let x = poolX1; x < poolX2; x++) {
      const dx = (box[0] + x + 0.5 - footX) / halfWidth;
      const dy = (box[1] + y + 0.5 - footY) / halfDepth;
      const rho = Math.sqrt(dx * dx + dy * dy);
      values[y * bw + x] = poolStrength * (1 - smoothstep(0.2, 1.1, rho));
    }
  }
  const layer = new Float32Array(values.length);
  if (rendered) {
    // The shadow catcher's faint far reach ends at the frame's edge: drop its floor level and feather the edges
    // so no rectangle shows on the photo's floor.
    const feather = Math.max(2, Math.min(s.frameW, s.frameH) * 0.08);
    for (let y = 0; y < s.frameH; y++) {
      const by = s.originY + y - box[1];
      if (by < 0 || by >= bh) continue;
      const edgeY = Math.min(y + 0.5, s.frameH - y - 0.5);
      for (let x = 0; x < s.frameW; x++) {
        const bx = s.originX + x - box[0];
        if (bx < 0 || bx >= bw) continue;
        const edge = Math.min(1, Math.min(edgeY, x + 0.5, s.frameW - x - 0.5) / feather);
        const strength = Math.max(0, (rendered[y * s.frameW + x]! - 0.06) / 0.94);
        layer[by * bw + bx] = strength * edge * 0.85;
      }
    }
  }
  // Cut-outs have no rendered contact shadow (a baked one is usually faint or cropped): draw where they touch,
  // and cast their silhouette on the floor.
  if (s.sprite.contactAt === 'front') {
    contactLine(s, box, layer);
    castSilhouette(s, box, values);
  }
  blurLayer(layer, bw, bh, rendered ? Math.max(0.8, s.pieceWidth * 0.006) : Math.max(1, s.pieceWidth * 0.008));
  for (let i = 0; i < values.length; i++) values[i] = 1 - (1 - values[i]!) * (1 - Math.min(1, layer[i]!));
  return { box, values };
}

/**
 * A cut-out's silhouette laid on the floor behind it (light from the front and above, the usual flash-less
 * real-estate setup), squashed by the floor's foreshortening and sheared away from the light's side, then blurred
 * wide: the soft cast shadow that peeks out around the piece.
 */
function castSilhouette(s: ShadowInput, box: Box, values: Float32Array): void {
  const bw = box[2] - box[0];
  const bh = box[3] - box[1];
  const cast = new Float32Array(values.length);
  const alpha = s.frame.alpha;
  const contactRow = s.contact.y - s.originY;
  const squash = 0.3;
  const shear = -s.geometry.lightFromX * 0.5;
  // Walk the floor rows (not the sprite rows) so the squashed silhouette has no gaps.
  for (let rise = 0; rise <= contactRow * squash; rise++) {
    const height = rise / squash;
    const fy = Math.round(contactRow - height);
    if (fy < 0 || fy >= s.frameH) continue;
    const by = Math.round(s.originY + contactRow - rise) - box[1];
    if (by < 0 || by >= bh) continue;
    const shift = rise * shear;
    for (let fx = 0; fx < s.frameW; fx++) {
      const a = alpha[fy * s.frameW + fx]!;
      if (a < 0.05) continue;
      const bx = Math.round(s.originX + fx + shift) - box[0];
      if (bx >= 0 && bx < bw && cast[by * bw + bx]! < a) cast[by * bw + bx] = a;
    }
  }
  blurLayer(cast, bw, bh, Math.max(2, s.pieceWidth * 0.025));
  for (let i = 0; i < values.length; i++) values[i] = 1 - (1 - values[i]!) * (1 - cast[i]! * 0.35);
}

/** Where a cut-out's silhouette meets the floor (its lowest opaque pixels per column), darkened a few px below. */
function contactLine(s: ShadowInput, box: Box, layer: Float32Array): void {
  const bw = box[2] - box[0];
  const bh = box[3] - box[1];
  const alpha = s.frame.alpha;
  const bottom = Math.round(s.contact.y - s.originY);
  const reach = Math.max(2, Math.round(s.frameH * 0.06));
  const drop = Math.max(2, Math.round(s.pieceWidth * 0.012));
  for (let x = 0; x < s.frameW; x++) {
    let lowest = -1;
    for (let y = Math.min(s.frameH - 1, bottom + 1); y >= Math.max(0, bottom - reach); y--) {
      if (alpha[y * s.frameW + x]! >= 0.5) {
        lowest = y;
        break;
      }
    }
    if (lowest < 0) continue;
    const bx = s.originX + x - box[0];
    if (bx < 0 || bx >= bw) continue;
    for (let k = -1; k <= drop; k++) {
      const by = s.originY + lowest + k - box[1];
      if (by >= 0 && by < bh) layer[by * bw + bx] = Math.max(layer[by * bw + bx]!, 0.75 * (1 - Math.max(0, k) / (drop + 1)));
    }
  }
}

function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = clamp((x - edge0) / (edge1 - edge0), 0, 1);
  return t * t * (3 - 2 * t);
}

export function composite(
  image: RgbImage,
  piece: Float32Array,
  frameW: number,
  frameH: number,
  originX: number,
  originY: number,
  shadow: ShadowLayer,
  occluders: readonly Occluder[],
): { image: RgbImage; changedBox: Box } {
  const out = new Uint8Array(image.data);
  const W = image.width;
  const [bx1, by1, bx2, by2] = shadow.box;
  const bw = bx2 - bx1;
  const x1 = Math.min(bx1, Math.max(0, originX));
  const y1 = Math.min(by1, Math.max(0, originY));
  const x2 = Math.max(bx2, Math.min(W, originX + frameW));
  const y2 = Math.max(by2, Math.min(image.height, originY + frameH));
  const changed = [W, image.height, 0, 0];
  for (let y = y1; y < y2; y++) {
    for (let x = x1; x < x2; x++) {
      // How much of this pixel an object in front of the piece covers: the piece and its shadow show through the rest.
      let visible = 1;
      for (let k = 0; k < occluders.length; k++) {
        const { box, mask } = occluders[k]!;
        if (x >= box[0] && x < box[2] && y >= box[1] && y < box[3])
          visible *= 1 - mask[(y - box[1]) * (box[2] - box[0]) + x - box[0]]!;
      }
      if (visible <= 0) continue;
      const shade = (x >= bx1 && x < bx2 && y >= by1 && y < by2 ? shadow.values[(y - by1) * bw + x - bx1]! : 0) * visible;
      const fx = x - originX;
      const fy = y - originY;
      const inFrame = fx >= 0 && fx < frameW && fy >= 0 && fy < frameH;
      const j = fy * frameW + fx;
      const a = inFrame ? piece[j * 4 + 3]! * visible : 0;
      if (shade <= 0.002 && a <= 0.002) continue;
      const i = (y * W + x) * 3;
      const keep = (1 - shade) * (1 - a);
      for (let c = 0; c < 3; c++) {
        const value = out[i + c]! * keep + (inFrame ? piece[j * 4 + c]! * visible : 0);
        out[i + c] = value <= 0 ? 0 : value >= 255 ? 255 : (value + 0.5) | 0;
      }
      changed[0] = Math.min(changed[0]!, x);
      changed[1] = Math.min(changed[1]!, y);
      changed[2] = Math.max(changed[2]!, x + 1);
      changed[3] = Math.max(changed[3]!, y + 1);
    }
  }
  const changedBox: Box = changed[2]! > 0 ? [changed[0]!, changed[1]!, changed[2]!, changed[3]!] : [0, 0, 0, 0];
  return { image: { data: out, width: W, height: image.height }, changedBox };
}
