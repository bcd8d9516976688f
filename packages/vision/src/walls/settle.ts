import { minCutLabels } from '../learn/min-cut.ts';
import type { WallAnalysis } from './analyse.ts';
import { colourDistanceSquared, superpixelGraph } from './smooth.ts';

/** How the settling weighs its parts. */
export interface SettleWeights {
  /** Weight of the classifier's log-odds (against the threshold) in each superpixel's cost. */
  readonly classifier: number;
  /** Weight of the photo's own colour model's log-odds. */
  readonly colour: number;
  /** Cost of giving two touching superpixels of one colour different labels, per average border. */
  readonly pair: number;
  /** CIELAB distance at which a pair's cost falls to 0.61 of its full value. */
  readonly pairColourScale: number;
  /** Kernel width (CIELAB) of the colour model. */
  readonly colourScale: number;
}

/**
 * Chosen on the 26 wall-annotated fixtures, each scored with a classifier trained without it (shipped mask 0.468):
 * colour 0.1 / 0.25 / 0.5 gave 0.511 / 0.510 / 0.491, pair 0.5 / 1 / 1.5 / 3 (colour 0.25) 0.507 / 0.510 / 0.500 /
 * 0.483, no pair term 0.464; and on the 30 held-out renders (ceiling taking the material 3.29% -> 1.09% at pair 1,
 * 2.00% at 0.5, whatever the colour weight; 1.16% as shipped, where the vetoes' own lines are kept).
 */
export const SETTLE_WEIGHTS: SettleWeights = { classifier: 1, colour: 0.25, pair: 1, pairColourScale: 6, colourScale: 5 };

const logit = (p: number): number => Math.log(Math.max(1e-4, p) / Math.max(1e-4, 1 - p));
const softplus = (x: number): number => (x > 30 ? x : Math.log1p(Math.exp(x)));

/**
 * Settles the wall map over the superpixels as one labelling of least cost (a graph cut): each superpixel pays for
 * disagreeing with the classifier and with a colour model of this very photo (what else of its colour the vetoed map
 * calls wall), and each touching pair of like colour pays for being split. A wall the classifier left in islands of
 * its own colour closes up; a stray blob amid a ceiling the vetoes took goes with it. What the vetoes took (the
 * ceiling and floor decisions of the room model, `taken`) stays taken, pixel by pixel.
 *
 * `classified` is the classifier's thresholded map and `vetoed` what is left of it after the vetoes, both at the
 * analysis size. Where `noAdd` is set the settling may take wall away but not add it: a white bed before a white
 * wall is the wall's colour, and its outline is left to the detector.
 */
export function settleWalls(
  analysis: Pick<WallAnalysis, 'lab' | 'superpixels'>,
  probabilities: Float32Array,
  threshold: number,
  classified: Uint8Array,
  vetoed: Uint8Array,
  noAdd?: Uint8Array,
  weights: SettleWeights = SETTLE_WEIGHTS,
): Uint8Array {
  const sp = analysis.superpixels;
  const graph = superpixelGraph(analysis.lab, sp);
  const k = graph.count;
  const wallShare = new Float64Array(k);
  const takenShare = new Float64Array(k);
  for (let i = 0; i < sp.labels.length; i++) {
    const s = sp.labels[i]!;
    if (vetoed[i]) wallShare[s] = wallShare[s]! + 1;
    else if (classified[i]) takenShare[s] = takenShare[s]! + 1;
  }
  for (let s = 0; s < k; s++) {
    const n = Math.max(1, graph.size[s]!);
    wallShare[s] = wallShare[s]! / n;
    takenShare[s] = takenShare[s]! / n;
  }

  // The photo's colour model: a kernel estimate, over the other superpixels, of the wall share at this colour.
  const colourLogOdds = new Float64Array(k);
  if (weights.colour > 0) {
    const twoSigma2 = 2 * weights.colourScale * weights.colourScale;
    const reach2 = 9 * weights.colourScale * weights.colourScale;
    for (let s = 0; s < k; s++) {
      let wall = 0.5;
      let other = 0.5;
      for (let t = 0; t < k; t++) {
        // Squared distances (no square root): this runs k^2 (~500,000) times.
        const d2 = colourDistanceSquared(graph, s, t);
        if (t === s || d2 > reach2) continue;
        const kernel = graph.size[t]! * Math.exp(-d2 / twoSigma2);
        wall += kernel * wallShare[t]!;
        other += kernel * (1 - wallShare[t]!);
      }
      colourLogOdds[s] = Math.log(wall / other);
    }
  }

  const meanSize = sp.labels.length / k;
  const bias = logit(threshold);
  const cost0 = new Float64Array(k);
  const cost1 = new Float64Array(k);
  for (let s = 0; s < k; s++) {
    const area = graph.size[s]! / meanSize;
    if (takenShare[s]! > 0.5) {
      cost1[s] = 1e6;
      continue;
    }
    const odds = weights.classifier * (logit(probabilities[s]!) - bias) + weights.colour * colourLogOdds[s]!;
    // -log sigmoid(odds) for wall, -log sigmoid(-odds) for not wall.
    cost1[s] = area * softplus(-odds);
    cost0[s] = area * softplus(odds);
  }
  let borderSum = 0;
  for (let e = 0; e < graph.border.length; e++) borderSum += graph.border[e]!;
  const meanBorder = borderSum / Math.max(1, graph.border.length);
  const pairs: [number, number, number][] = [];
  const twoPair2 = 2 * weights.pairColourScale * weights.pairColourScale;
  for (let e = 0; e < graph.from.length; e++) {
    const s = graph.from[e]!;
    const t = graph.to[e]!;
    const d2 = colourDistanceSquared(graph, s, t);
    pairs.push([s, t, (weights.pair * graph.border[e]! * Math.exp(-d2 / twoPair2)) / meanBorder]);
  }
  const labels = minCutLabels({ nodes: k, cost0, cost1, pairs });

  const out = new Uint8Array(sp.labels.length);
  for (let i = 0; i < out.length; i++) {
    // A superpixel the vetoes took most of keeps their pixel-exact line (the wall below a ceiling junction that
    // crosses it): a whole-superpixel "no" would notch the junction.
    if (takenShare[sp.labels[i]!]! > 0.5) {
      out[i] = vetoed[i]!;
      continue;
    }
    const taken = classified[i] && !vetoed[i];
    const held = noAdd?.[i] && !vetoed[i];
    out[i] = labels[sp.labels[i]!] && !taken && !held ? 1 : 0;
  }
  return out;
}
