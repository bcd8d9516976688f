import type { RgbImage } from '../image.ts';
import { guidedUpsampleLabels } from '../walls/guided.ts';
import type { RoomModel } from './types.ts';

export function encodeLabels(labels: Uint8Array): string {
  return Buffer.from(labels.buffer, labels.byteOffset, labels.byteLength).toString('base64');
}

/** The work-size label bytes of a room model (ROOM_LABEL codes, `model.labels.width` x `model.labels.height`). */
export function decodeRoomLabels(model: Pick<RoomModel, 'labels'>): Uint8Array {
  const bytes = Buffer.from(model.labels.data, 'base64');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength).slice();
}

/** A 0/1 mask as base64 of its bits, 8 pixels a byte (first pixel in the high bit): an eighth of `encodeLabels`'. */
export function encodeMaskBits(mask: Uint8Array): string {
  const bytes = new Uint8Array(Math.ceil(mask.length / 8));
  for (let i = 0; i < mask.length; i++) if (mask[i]) bytes[i >> 3] = bytes[i >> 3]! | (0x80 >> (i & 7));
  return Buffer.from(bytes).toString('base64');
}

/** The `length` pixels of a mask encoded by encodeMaskBits, 0/1. */
export function decodeMaskBits(data: string, length: number): Uint8Array {
  const bytes = Buffer.from(data, 'base64');
  const mask = new Uint8Array(length);
  for (let i = 0; i < length; i++) mask[i] = (bytes[i >> 3] ?? 0) & (0x80 >> (i & 7)) ? 1 : 0;
  return mask;
}

/**
 * The floor pixels whose colour is not the floor's (the model's `source.oddFloor`) at the photo's size `width` x
 * `height`, 0/1, nearest; null when the model has none.
 */
export function oddFloorAtSize(model: Pick<RoomModel, 'labels' | 'source'>, width: number, height: number): Uint8Array | null {
  const data = model.source?.oddFloor;
  if (!data) return null;
  const { width: lw, height: lh } = model.labels;
  return resizeNearest(decodeMaskBits(data, lw * lh), lw, lh, width, height);
}

/** The room model's labels (ROOM_LABEL codes) at another size: nearest label, as the model may be of any size of the photo. */
export function roomLabelsAtSize(model: Pick<RoomModel, 'labels'>, width: number, height: number): Uint8Array {
  return resizeNearest(decodeRoomLabels(model), model.labels.width, model.labels.height, width, height);
}

function resizeNearest(labels: Uint8Array, lw: number, lh: number, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const ly = Math.min(lh - 1, Math.floor(((y + 0.5) * lh) / height));
    for (let x = 0; x < width; x++) {
      const lx = Math.min(lw - 1, Math.floor(((x + 0.5) * lw) / width));
      out[y * width + x] = labels[ly * lw + lx]!;
    }
  }
  return out;
}

/** 1 where the room model's label is `label`, at another size (see roomLabelsAtSize). */
/** Per column, the lowest row holding `label` (-1 where the column has none): the layout's edge of a surface. */
export function lowestLabelRows(labels: Uint8Array, width: number, label: number): Int32Array {
  const rows = new Int32Array(width).fill(-1);
  for (let i = 0; i < labels.length; i++) if (labels[i] === label) rows[i % width] = Math.floor(i / width);
  return rows;
}

export function roomLabelMask(model: Pick<RoomModel, 'labels'>, label: number, width: number, height: number): Uint8Array {
  const out = roomLabelsAtSize(model, width, height);
  for (let i = 0; i < out.length; i++) out[i] = out[i] === label ? 1 : 0;
  return out;
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
  return guidedUpsampleLabels(labels, guide, ww, wh, image);
}
