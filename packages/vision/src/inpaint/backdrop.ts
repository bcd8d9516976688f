import { pixelLuminance, type RgbImage } from '../image.ts';
import { forEachPatch, type Box, type Mask } from '../mask.ts';
import { chebyshev } from './patchmatch.ts';
// Plain wall is told from things on it as the wall fill tells it.
import { EDGE, EDGE_CLEARANCE } from './wall-plain.ts';

/**
 * The things in a box's backdrop (box-spill.ts's `boxOutline`: what lies above the object in each column) that a
 * removal of the box keeps as the photo has them: a picture, window or lamp that runs out of the box and stands
 * clear of the object, with plain wall between. A bed's box seen at an angle takes in the wall above its foot, and
 * the box's top edge cut the pictures there in two (`furnished_houses_143`); kept whole, they hang on the filled
 * wall as they did. The plain wall itself is not kept: the wall fill redraws it from the wall around, and without
 * a skyline to follow the hole keeps its shape.
 *
 * Only what runs out of the box is kept: a thing wholly inside it is the object's or stands on it. Kept, a lamp on a
 * nightstand inside a bed's box floated on the wall, and the white pillows GrabCut gave to the wall were left as
 * islands (`_143`, `_113_bedroom`). Nor is a thing kept that touches what the removal takes away (a window the
 * headboard stands in front of, `_107`): kept down to the object's top, part of the object came with it, and the
 * fills around such remnants failed (tried on five listing bedrooms).
 */
export function backdropToKeep(image: RgbImage, hole: Mask, backdrop: Mask, [bx0, by0, bx1, by1]: Box): Mask {
  const { width: w, height: h } = image;
  const kept: Mask = { data: new Uint8Array(w * h), width: w, height: h };
  // The window: the backdrop's extent one pixel wider (what crosses the box's border, and the object's top, are seen).
  let [x0, y0, x1, y1] = [bx1, by1, bx0, by0];
  for (let y = by0; y < by1; y++)
    for (let x = bx0; x < bx1; x++)
      if (backdrop.data[y * w + x]) {
        if (x < x0) x0 = x;
        if (x >= x1) x1 = x + 1;
        if (y < y0) y0 = y;
        if (y >= y1) y1 = y + 1;
      }
  if (x1 <= x0) return kept;
  x0 = Math.max(0, x0 - 1);
  y0 = Math.max(0, y0 - 1);
  x1 = Math.min(w, x1 + 1);
  y1 = Math.min(h, y1 + 1);
  const cw = x1 - x0;
  const ch = y1 - y0;
  // Each window pixel's part: the removal's own (the hole less the backdrop), the backdrop, or outside the box and the
  // hole (the whole box is in the hole).
  const REMOVED = 1;
  const BACKDROP = 2;
  const OUTSIDE = 3;
  const part = new Uint8Array(cw * ch);
  const luma = new Float32Array(cw * ch);
  for (let row = 0; row < ch; row++)
    for (let col = 0; col < cw; col++) {
      const i = (y0 + row) * w + x0 + col;
      const o = row * cw + col;
      luma[o] = pixelLuminance(image, i);
      part[o] = backdrop.data[i] ? BACKDROP : hole.data[i] ? REMOVED : OUTSIDE;
    }
  // Luminance edges; the removal's pixels never make one (the object's outline is not the wall's): a neighbour on
  // the removal, or past the window, reads as the pixel itself.
  const edge = new Uint8Array(cw * ch);
  for (let row = 0; row < ch; row++)
    for (let col = 0; col < cw; col++) {
      const o = row * cw + col;
      if (part[o] === REMOVED) continue;
      const l = luma[o]!;
      const left = col > 0 && part[o - 1] !== REMOVED ? luma[o - 1]! : l;
      const right = col < cw - 1 && part[o + 1] !== REMOVED ? luma[o + 1]! : l;
      const up = row > 0 && part[o - cw] !== REMOVED ? luma[o - cw]! : l;
      const down = row < ch - 1 && part[o + cw] !== REMOVED ? luma[o + cw]! : l;
      if (Math.abs(right - left) + Math.abs(down - up) > EDGE) edge[o] = 1;
    }
  const toEdge = chebyshev(edge, cw, ch, 1);
  // Plain wall: flat pixels of the backdrop or outside, reached from outside the box without crossing an edge. The
  // inside of a lamp's shade is flat too, but walled off by its outline.
  const plain = new Uint8Array(cw * ch);
  const queue = new Int32Array(cw * ch);
  let tail = 0;
  for (let o = 0; o < part.length; o++)
    if (part[o] === OUTSIDE && toEdge[o]! > EDGE_CLEARANCE) {
      plain[o] = 1;
      queue[tail++] = o;
    }
  const open = (q: number): boolean => !plain[q] && (part[q] === OUTSIDE || part[q] === BACKDROP) && toEdge[q]! > EDGE_CLEARANCE;
  for (let head = 0; head < tail; head++) {
    const o = queue[head]!;
    const col = o % cw;
    if (col > 0 && open(o - 1)) ((plain[o - 1] = 1), (queue[tail++] = o - 1));
    if (col < cw - 1 && open(o + 1)) ((plain[o + 1] = 1), (queue[tail++] = o + 1));
    if (o >= cw && open(o - cw)) ((plain[o - cw] = 1), (queue[tail++] = o - cw));
    if (o + cw < part.length && open(o + cw)) ((plain[o + cw] = 1), (queue[tail++] = o + cw));
  }
  // The backdrop's other things, each one patch: kept when it runs out of the box and does not touch the removal.
  const things = new Uint8Array(cw * ch);
  for (let o = 0; o < part.length; o++) if (part[o] === BACKDROP && !plain[o]) things[o] = 1;
  forEachPatch(things, cw, (members) => {
    let onRemoval = false;
    let outOfBox = false;
    for (const o of members) {
      const col = o % cw;
      const around = [col > 0 ? o - 1 : -1, col < cw - 1 ? o + 1 : -1, o - cw, o + cw];
      for (const q of around) {
        if (q < 0 || q >= part.length) continue;
        if (part[q] === REMOVED) onRemoval = true;
        else if (part[q] === OUTSIDE) outOfBox = true;
      }
      if (onRemoval) return;
    }
    if (!outOfBox) return;
    for (const o of members) {
      const col = o % cw;
      kept.data[(y0 + (o - col) / cw) * w + x0 + col] = 255;
    }
  });
  return kept;
}
