import type { Box } from '../mask.ts';
import { predictProbabilities, type Forest } from '../learn/gbdt.ts';
import { clusterAcrossViews, coverage, iou, weightedBox } from './boxes.ts';
import { COCO_CLASSES, productClassOf, ROOM_CLASSES } from './classes.ts';
import type { Candidate } from './views.ts';

/**
 * The views the shipped detector runs, in this order: CenterNet on the stretched photo, letterboxed, and its
 * letterboxed mirror; NanoDet letterboxed and mirrored. The rescorer's features name each view's score by position.
 */
export const RESCORED_VIEWS = ['full', 'letterbox', 'letterbox-flip', 'nanodet', 'nanodet-flip'] as const;

/** Positions in RESCORED_VIEWS of each network's views, and of CenterNet's two letterbox views. */
const NANODET_VIEWS = RESCORED_VIEWS.flatMap((v, i) => (v.startsWith('nanodet') ? [i] : []));
const CENTERNET_VIEWS = RESCORED_VIEWS.flatMap((v, i) => (v.startsWith('nanodet') ? [] : [i]));
const LETTERBOX = RESCORED_VIEWS.indexOf('letterbox');
const LETTERBOX_FLIP = RESCORED_VIEWS.indexOf('letterbox-flip');

/** Candidates scoring below this in their own view do not join a cluster (NanoDet reports hundreds under it). */
export const MIN_CANDIDATE_SCORE = 0.1;
/** A candidate joins a same-class cluster of other views when it overlaps it at least this much. */
const CLUSTER_IOU = 0.55;

/** What the rescorer reads of each cluster, after one score per view of RESCORED_VIEWS. */
export const RESCORE_FEATURE_NAMES = [
  ...RESCORED_VIEWS.map((v) => `score:${v}`),
  'meanScore',
  'viewsSeen',
  'centerNetBest',
  'nanoDetBest',
  'roomClass',
  'area',
  'aspect',
  'centreY',
  'bottomY',
  'otherClassIou',
  'otherClassScore',
  'sameClassOverlap',
  'sameClassScore',
] as const;
export const RESCORE_FEATURE_COUNT = RESCORE_FEATURE_NAMES.length;

/** One object as the views saw it: the same product class, boxes overlapping across views. */
export interface CandidateCluster {
  readonly name: string;
  /** Score-weighted mean of the members' boxes, natural pixels. */
  readonly box: Box;
  /** Best score per view (RESCORED_VIEWS order; 0 where the view did not see it). */
  readonly scores: readonly number[];
  /** Mean of `scores` over all views: what orders clusters. */
  readonly meanScore: number;
}

/**
 * Groups every view's candidates of product classes into clusters, one member per view at most, strongest first.
 * `perView` must follow RESCORED_VIEWS.
 */
export function clusterCandidates(perView: readonly (readonly Candidate[])[]): CandidateCluster[] {
  const all = perView
    .flatMap((candidates, view) => candidates.map((c) => ({ ...c, view, name: productClassOf(COCO_CLASSES[c.cls] ?? '') })))
    .filter((c): c is typeof c & { name: string } => c.name !== null && c.score >= MIN_CANDIDATE_SCORE);
  return clusterAcrossViews(all, (c) => c.name, CLUSTER_IOU, clusterBox)
    .map(({ members, box }) => {
      const scores = perView.map(() => 0);
      for (const m of members) scores[m.view] = m.score;
      return { name: members[0]!.name, box, scores, meanScore: scores.reduce((s, v) => s + v, 0) / scores.length };
    })
    .sort((a, b) => b.meanScore - a.meanScore);
}

/**
 * The score-weighted mean of the CenterNet members' boxes, or of all members when only NanoDet saw the object.
 * NanoDet's boxes run tighter: averaged in, a bed's box lost its headboard's edge and its removal left it behind.
 */
function clusterBox(members: readonly { box: Box; score: number; view: number }[]): Box {
  const centerNet = members.filter((m) => CENTERNET_VIEWS.includes(m.view));
  return weightedBox(centerNet.length > 0 ? centerNet : members);
}

/** clusters.length x RESCORE_FEATURE_COUNT rows (see RESCORE_FEATURE_NAMES). */
export function rescoreFeatures(clusters: readonly CandidateCluster[], width: number, height: number): Float32Array {
  const rows = new Float32Array(clusters.length * RESCORE_FEATURE_COUNT);
  const roomClasses: readonly string[] = ROOM_CLASSES;
  clusters.forEach((c, i) => {
    let f = i * RESCORE_FEATURE_COUNT;
    for (let v = 0; v < RESCORED_VIEWS.length; v++) rows[f++] = c.scores[v] ?? 0;
    const bw = (c.box[2] - c.box[0]) / width;
    const bh = (c.box[3] - c.box[1]) / height;
    rows[f++] = c.meanScore;
    rows[f++] = c.scores.filter((s) => s > 0).length;
    rows[f++] = Math.max(0, ...CENTERNET_VIEWS.map((v) => c.scores[v] ?? 0));
    rows[f++] = Math.max(0, ...NANODET_VIEWS.map((v) => c.scores[v] ?? 0));
    rows[f++] = roomClasses.indexOf(c.name);
    rows[f++] = bw * bh;
    rows[f++] = (bw * width) / Math.max(1, bh * height);
    rows[f++] = (c.box[1] + c.box[3]) / 2 / height;
    rows[f++] = c.box[3] / height;
    // The strongest rival of another class on the same spot (a bed also read as a sofa), and the strongest box of
    // its own class that holds it (a second, partial box on one object).
    let otherIou = 0;
    let otherScore = 0;
    let sameOverlap = 0;
    let sameScore = 0;
    clusters.forEach((d, j) => {
      if (j === i || d.meanScore < c.meanScore) return;
      if (d.name !== c.name) {
        const o = iou(c.box, d.box);
        if (o > otherIou) ((otherIou = o), (otherScore = d.meanScore));
      } else {
        const o = Math.max(iou(c.box, d.box), coverage(c.box, d.box));
        if (o > sameOverlap) ((sameOverlap = o), (sameScore = d.meanScore));
      }
    });
    rows[f++] = otherIou;
    rows[f++] = otherScore;
    rows[f++] = sameOverlap;
    rows[f] = sameScore;
  });
  return rows;
}

/**
 * Each cluster's confidence: for the room classes (the furniture a stager removes and the targets are scored on),
 * the rescorer's probability that it is a real object; for the other product classes (microwave, vase, book...),
 * which the rescorer was not trained on, the mean score of CenterNet's two letterbox views, as before it.
 */
export function clusterConfidences(
  clusters: readonly CandidateCluster[],
  width: number,
  height: number,
  forest: Forest,
): Float32Array {
  const probabilities = predictProbabilities(forest, rescoreFeatures(clusters, width, height), RESCORE_FEATURE_COUNT);
  const roomClasses: readonly string[] = ROOM_CLASSES;
  return Float32Array.from(clusters, (c, i) =>
    roomClasses.includes(c.name) ? probabilities[i]! : ((c.scores[LETTERBOX] ?? 0) + (c.scores[LETTERBOX_FLIP] ?? 0)) / 2,
  );
}
