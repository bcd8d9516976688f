import type { RgbImage } from '../image.ts';
import { forEachPatch, type Mask } from '../mask.ts';
import { chebyshev } from '../inpaint/patchmatch.ts';

/** A pixel is blown out when its darkest channel is at least this: the camera recorded white, no colour. */
const BLOWN = 250;
/** A blown patch of at least this share of the photo may be glass; smaller ones are a lamp's glare. */
const MIN_PANE_SHARE = 0.01;
/** The ring a blown patch is judged by: from RING_FROM to RING_TO px outside it. */
const RING_FROM = 3;
const RING_TO = 6;
/** Glass has a frame: the darkest tenth of its ring is under this luma. A blown wall fades into its own light. */
const FRAMED_RING = 200;

/**
 * The blown-out panes among the pixels a wall change would paint (1 marks a pane pixel): 4-connected patches of
 * blown-out pixels (every channel from BLOWN up) inside `mask`, of at least MIN_PANE_SHARE of the photo, framed
 * (the darkest tenth of a ring RING_FROM-RING_TO px around them under FRAMED_RING luma), grown 1 px over their soft
 * edge. The classifier calls a blown window's glass wall as often as not (`furnished_houses_163`: its two windows,
 * 2-4% of the frame, rings 164 and 186), and the paint, which re-lights the new colour by the photo's brightness,
 * turned the glass into panes of pale green. Not panes: a lamp's glare, a small blown core (`_143`'s sconces,
 * 0.2-0.5%) that repainted keeps a glow of the new colour (left white, it became a hard white disc); and a white
 * wall blown out near a light (ray-cast room 3's right wall, 5%), which fades into the wall's own light (its ring
 * reads near white) and must take the paint.
 */
export function blownPanes(image: RgbImage, mask: Mask): Uint8Array {
  const { width: w, height: h, data } = image;
  const luma = (i: number): number => 0.299 * data[i * 3]! + 0.587 * data[i * 3 + 1]! + 0.114 * data[i * 3 + 2]!;
  const blown = new Uint8Array(w * h);
  for (let i = 0, p = 0; i < blown.length; i++, p += 3) {
    if (mask.data[i] && data[p]! >= BLOWN && data[p + 1]! >= BLOWN && data[p + 2]! >= BLOWN) blown[i] = 1;
  }
  const panes = new Uint8Array(w * h);
  const minArea = Math.round(MIN_PANE_SHARE * w * h);
  forEachPatch(blown, w, (patch) => {
    if (patch.length < minArea) return;
    let [x0, y0, x1, y1] = [w, h, -1, -1];
    for (const i of patch) {
      const x = i % w;
      const y = (i - x) / w;
      [x0, x1, y0, y1] = [Math.min(x0, x), Math.max(x1, x), Math.min(y0, y), Math.max(y1, y)];
    }
    // The patch in a window around its box, and its ring there.
    const wx = Math.max(0, x0 - RING_TO);
    const wy = Math.max(0, y0 - RING_TO);
    const ww = Math.min(w - 1, x1 + RING_TO) - wx + 1;
    const wh = Math.min(h - 1, y1 + RING_TO) - wy + 1;
    const toPhoto = (o: number): number => (wy + Math.floor(o / ww)) * w + wx + (o % ww);
    const local = new Uint8Array(ww * wh);
    for (const i of patch) local[(Math.floor(i / w) - wy) * ww + (i % w) - wx] = 1;
    const distance = chebyshev(local, ww, wh, 1);
    const ring: number[] = [];
    for (let o = 0; o < local.length; o++) if (distance[o]! >= RING_FROM && distance[o]! <= RING_TO) ring.push(luma(toPhoto(o)));
    if (ring.length === 0) return;
    ring.sort((a, b) => a - b);
    if (ring[Math.floor(0.1 * ring.length)]! >= FRAMED_RING) return;
    for (let o = 0; o < local.length; o++) if (distance[o]! <= 1) panes[toPhoto(o)] = 1;
  });
  return panes;
}
