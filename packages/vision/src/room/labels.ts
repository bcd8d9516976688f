import type { RgbImage } from '../image.ts';
import { guidedCoefficients } from '../walls/guided.ts';
import { ROOM_LABEL_NAMES, type RoomModel } from './types.ts';

export function encodeLabels(labels: Uint8Array): string {
  return Buffer.from(labels.buffer, labels.byteOffset, labels.byteLength).toString('base64');
}

/** The work-size label bytes of a room model (ROOM_LABEL codes, `model.labels.width` x `model.labels.height`). */
export function decodeRoomLabels(model: Pick<RoomModel, 'labels'>): Uint8Array {
  const bytes = Buffer.from(model.labels.data, 'base64');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength).slice();
}

/**
 * The labels at the photo's full size, edges snapped to the photo's own: a guided filter (grey guide) per label
 * is fitted at the work size, and where neighbouring work pixels disagree the label whose filtered indicator is
 * highest at full size wins; elsewhere the work label is copied (nearest). `image` must be the photo the model was
 * computed from (any size of it: the labels are stretched to it).
 */
export function upsampleRoomLabels(model: Pick<RoomModel, 'labels'>, image: RgbImage): Uint8Array {
  const labels = decodeRoomLabels(model);
  const { width: ww, height: wh } = model.labels;
  const { width: w, height: h } = image;
  // The guide: the photo shrunk to the work size by box averaging.
  const guide = new Float32Array(ww * wh);
  const counts = new Float32Array(ww * wh);
  for (let y = 0; y < h; y++) {
    const gy = Math.min(wh - 1, Math.floor((y * wh) / h));
    for (let x = 0; x < w; x++) {
      const gx = Math.min(ww - 1, Math.floor((x * ww) / w));
      const p = (y * w + x) * 3;
      guide[gy * ww + gx] =
        guide[gy * ww + gx]! + (image.data[p]! * 0.299 + image.data[p + 1]! * 0.587 + image.data[p + 2]! * 0.114) / 255;
      counts[gy * ww + gx] = counts[gy * ww + gx]! + 1;
    }
  }
  for (let i = 0; i < guide.length; i++) guide[i] = guide[i]! / Math.max(1, counts[i]!);
  const present = ROOM_LABEL_NAMES.map((_, code) => labels.includes(code));
  const coefficients = present.map((p, code) =>
    p ? guidedCoefficients(guide, Float32Array.from(labels, (l) => (l === code ? 1 : 0)), ww, wh, 2, 1e-3) : null,
  );
  const out = new Uint8Array(w * h);
  const sx = ww / w;
  const sy = wh / h;
  for (let y = 0; y < h; y++) {
    const fy = Math.min(wh - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(wh - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < w; x++) {
      const fx = Math.min(ww - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(ww - 1, x0 + 1);
      const i00 = y0 * ww + x0;
      const i01 = y0 * ww + x1;
      const i10 = y1 * ww + x0;
      const i11 = y1 * ww + x1;
      const v = labels[i00]!;
      if (labels[i01] === v && labels[i10] === v && labels[i11] === v) {
        out[y * w + x] = v;
        continue;
      }
      const tx = fx - x0;
      const p = (y * w + x) * 3;
      const grey = (image.data[p]! * 0.299 + image.data[p + 1]! * 0.587 + image.data[p + 2]! * 0.114) / 255;
      let best = v;
      let bestValue = -Infinity;
      for (const code of new Set([v, labels[i01]!, labels[i10]!, labels[i11]!])) {
        const c = coefficients[code]!;
        const a = (c.a[i00]! * (1 - tx) + c.a[i01]! * tx) * (1 - ty) + (c.a[i10]! * (1 - tx) + c.a[i11]! * tx) * ty;
        const b = (c.b[i00]! * (1 - tx) + c.b[i01]! * tx) * (1 - ty) + (c.b[i10]! * (1 - tx) + c.b[i11]! * tx) * ty;
        const value = a * grey + b;
        if (value > bestValue) ((bestValue = value), (best = code));
      }
      out[y * w + x] = best;
    }
  }
  return out;
}
