import type { Detection } from '../detect/detect.ts';
import { boxesAtScale } from '../mask.ts';
import type { RoomModel } from '../room/types.ts';
import type { WallAnalysis } from './analyse.ts';
import { FEATURE_COUNT, FEATURE_NAMES } from './features.ts';
import { superpixelNeighbours } from './slic.ts';

/**
 * Wall cabinets the classifier took for wall. In a kitchen the upper cabinets hang where walls hang, flat and
 * upright, and the classifier painted them (listing kitchens `_175`, `_120`: the wooden wall cabinets painted navy,
 * the white wall beside them left). What gives them away is that they are made like the base cabinets under the
 * counter, which the classifier never calls wall: the same wood or the same coloured finish. So, in a photo with a
 * kitchen appliance in it, the colours (CIELAB a*b*) that cover a good part of what the classifier refused below
 * the horizon, appliances aside, are looked for on the wall, and wall of those colours is taken off. The layout's
 * floor is not set aside: it may run its floor line along the counter's front (`_120`), with the base cabinets
 * under it. Only chromatic colours: a white or grey finish is the colour of most walls too, and telling white
 * cabinets from a white wall needs their frames (room/framed-panels.ts).
 */

/** Appliances that make the photo a kitchen (a sink alone may be a bathroom's, whose vanity often matches the tiles). */
const KITCHEN_APPLIANCES = new Set(['oven', 'refrigerator', 'microwave']);
/** Width of the a*b* histogram's bins (CIELAB units) and its extent either side of grey. */
const BIN = 4;
const BINS = 64;
/** Least a*b* chroma of a cabinet colour: wood (chroma 35-60 on the listing kitchens), not white, grey or greige. */
const MIN_CHROMA = 28;
/**
 * The least mean colour gradient of what is taken, over the rest of the wall's: on the listing kitchens 0.99-1.26
 * (cabinets), on the COCO kitchens 486 and 7574 0.64 and 0.59 (warm-lit wall; in 7574 a correct take, lost to the gate).
 */
const MIN_BUSIER = 0.9;
const GRADIENT_COLUMN = FEATURE_NAMES.indexOf('gradient');
/** a*b* distance within which a refused superpixel beside the wall is more of that wall (CIELAB units). */
const SAME_COLOUR = 6;
/** Share of the work image a colour (its bin and the eight around it) must cover below the horizon. */
const MIN_EXEMPLAR_SHARE = 0.01;

/**
 * `wall` (0/1 at the analysis size) without the superpixels whose colour is a cabinet colour of the base cabinets
 * (see above); null when the photo shows no kitchen appliance or nothing is taken.
 */
export function vetoCabinets(
  analysis: WallAnalysis,
  wall: Uint8Array,
  room: RoomModel,
  detections: readonly Detection[],
): Uint8Array | null {
  const appliances = detections.filter((d) => KITCHEN_APPLIANCES.has(d.class_name));
  if (appliances.length === 0) return null;
  const { lab, superpixels } = analysis;
  const { width: w, height: h, labels, count } = superpixels;
  const inAppliance = boxesAtScale(
    appliances.map((d) => d.bbox),
    analysis.scale,
    w,
    h,
  );
  const size = new Float64Array(count);
  const sumA = new Float64Array(count);
  const sumB = new Float64Array(count);
  const sumX = new Float64Array(count);
  const sumY = new Float64Array(count);
  const wallPixels = new Float64Array(count);
  const appliancePixels = new Float64Array(count);
  for (let i = 0; i < labels.length; i++) {
    const s = labels[i]!;
    const x = i % w;
    size[s]!++;
    sumA[s]! += lab.a[i]!;
    sumB[s]! += lab.b[i]!;
    sumX[s]! += x;
    sumY[s]! += (i - x) / w;
    if (wall[i]) wallPixels[s]!++;
    if (inAppliance[i]) appliancePixels[s]!++;
  }
  const [ha, hb, hc] = room.camera.horizon.line;
  const toPhoto = room.width / w;
  const belowHorizon = (s: number): boolean => {
    if (Math.abs(hb) < 1e-9) return false;
    const x = (sumX[s]! / size[s]!) * toPhoto;
    const y = (sumY[s]! / size[s]!) * toPhoto;
    return y > -(ha * x + hc) / hb;
  };
  const binOf = (s: number): number => {
    const bin = (v: number): number => Math.max(0, Math.min(BINS - 1, Math.floor(v / size[s]! / BIN) + BINS / 2));
    return bin(sumA[s]!) * BINS + bin(sumB[s]!);
  };
  const chroma = (s: number): number => Math.hypot(sumA[s]!, sumB[s]!) / size[s]!;

  // The base cabinets' colours: area of chromatic superpixels below the horizon, neither wall nor appliance.
  const neighbours = superpixelNeighbours(superpixels);
  const exemplar = new Float64Array(BINS * BINS);
  for (let s = 0; s < count; s++) {
    const n = size[s]!;
    if (n === 0 || wallPixels[s]! >= n / 2 || appliancePixels[s]! >= n / 2) continue;
    if (!belowHorizon(s) || chroma(s) < MIN_CHROMA) continue;
    // A stretch of wall the classifier refused below the horizon runs on into the wall it took, in one colour.
    let wallGoesOn = false;
    for (const t of neighbours[s]!) {
      if (wallPixels[t]! < size[t]! / 2) continue;
      const da = sumA[s]! / n - sumA[t]! / size[t]!;
      const db = sumB[s]! / n - sumB[t]! / size[t]!;
      if (da * da + db * db < SAME_COLOUR * SAME_COLOUR) wallGoesOn = true;
    }
    if (wallGoesOn) continue;
    exemplar[binOf(s)]! += n;
  }
  const least = MIN_EXEMPLAR_SHARE * w * h;
  const cabinetColour = new Uint8Array(BINS * BINS);
  for (let a = 1; a < BINS - 1; a++) {
    for (let b = 1; b < BINS - 1; b++) {
      let around = 0;
      for (let da = -1; da <= 1; da++) for (let db = -1; db <= 1; db++) around += exemplar[(a + da) * BINS + b + db]!;
      if (around >= least) cabinetColour[a * BINS + b] = 1;
    }
  }

  const taken = new Uint8Array(count);
  let any = false;
  for (let s = 0; s < count; s++) {
    if (wallPixels[s]! === 0 || chroma(s) < MIN_CHROMA || !cabinetColour[binOf(s)]) continue;
    taken[s] = 1;
    any = true;
  }
  if (!any) return null;
  // Cabinets are busier than the wall they hang on (door gaps, frames, grain, handles): when what would be taken is
  // plainer than the wall left, it is more wall in a warm light (COCO 486's yellow walls matched its butcher block).
  const gradient = (s: number): number => analysis.features.rows[s * FEATURE_COUNT + GRADIENT_COLUMN]!;
  let takenGradient = 0;
  let takenPixels = 0;
  let restGradient = 0;
  let restPixels = 0;
  for (let s = 0; s < count; s++) {
    if (taken[s]) {
      takenGradient += gradient(s) * wallPixels[s]!;
      takenPixels += wallPixels[s]!;
    } else {
      restGradient += gradient(s) * wallPixels[s]!;
      restPixels += wallPixels[s]!;
    }
  }
  if (restPixels > 0 && takenGradient / takenPixels < MIN_BUSIER * (restGradient / restPixels)) return null;
  const out = new Uint8Array(wall);
  for (let i = 0; i < out.length; i++) if (taken[labels[i]!]) out[i] = 0;
  return out;
}
