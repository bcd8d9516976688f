/**
 * The byte buffers of a task's argument or result that can move to the other thread instead of being copied:
 * a Uint8Array (or an object's Uint8Array field, like RgbImage.data or Cutout.png) that spans its whole
 * ArrayBuffer. A view into a larger buffer (Node's shared pool of small Buffers) is left to be copied, since
 * transferring it would take the rest of the buffer away from its other owners.
 */
export function ownedBuffers(value: unknown): ArrayBuffer[] {
  const views = value instanceof Uint8Array ? [value] : isObject(value) ? Object.values(value).filter(isUint8Array) : [];
  const buffers = new Set<ArrayBuffer>();
  for (const view of views) {
    if (view.buffer instanceof ArrayBuffer && view.byteOffset === 0 && view.byteLength === view.buffer.byteLength) {
      buffers.add(view.buffer);
    }
  }
  return [...buffers];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !ArrayBuffer.isView(value);
}

function isUint8Array(value: unknown): value is Uint8Array {
  return value instanceof Uint8Array;
}
