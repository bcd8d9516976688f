import { randomUUID } from 'node:crypto';
import { decodeImage, type ImageInput, type RgbImage } from '../image.ts';
import type { Box } from '../mask.ts';
import { clusterAcrossViews, coverage, iou, weightedBox } from './boxes.ts';
import type { Forest } from '../learn/gbdt.ts';
import { runCenterNet } from './centernet.ts';
import { COCO_CLASSES, productClassOf, ROOM_CLASSES } from './classes.ts';
import { DETECTION_FOREST } from './detection-forest.ts';
import { runNanoDet } from './nanodet.ts';
import { clusterCandidates, clusterConfidences, MIN_CANDIDATE_SCORE, RESCORED_VIEWS } from './rescore.ts';
import type { Candidate, View } from './views.ts';

/** The spec's Detection, as the server sends it (snake_case on the wire). */
export interface Detection {
  id: string;
  class_name: string;
  /** [x1, y1, x2, y2] in natural image pixels. */
  bbox: [number, number, number, number];
  /** 0..1 */
  confidence: number;
}

export interface DetectTuning {
  /** Which views to run: the whole photo, and its mirror image. */
  readonly views: readonly ViewName[];
  /** Fused score below which a class is dropped; per product class, with a default. */
  readonly thresholds: Readonly<Record<string, number>>;
  readonly defaultThreshold: number;
  /** Same-class boxes from different views with IoU above this are one object. */
  readonly fuseIou: number;
  /** Different-class boxes with IoU above this are one object: the lower score goes. */
  readonly crossClassIou: number;
}

/**
 * The detector before the rescorer (and the eval's baseline): CenterNet on the letterboxed photo and its mirror,
 * fused, with per-class thresholds chosen on the 31 annotated fixtures. CenterNet under-scores objects that fill the
 * frame (beds), hence the low bed and sofa thresholds; ovens and chairs produce most false alarms, hence the high
 * ones. Its default threshold still decides the product classes the rescorer does not score (see rescore.ts).
 */
export const THRESHOLD_TUNING: DetectTuning = {
  views: ['letterbox', 'letterbox-flip'],
  thresholds: {
    sofa: 0.15,
    chair: 0.35,
    bed: 0.1,
    table: 0.225,
    television: 0.2,
    plant: 0.3,
    refrigerator: 0.175,
    oven: 0.4,
    sink: 0.275,
  },
  defaultThreshold: 0.25,
  fuseIou: 0.55,
  crossClassIou: 0.7,
};

export type ViewName = 'full' | 'flip' | 'letterbox' | 'letterbox-flip' | 'zoomout' | 'zoomout-flip' | 'nanodet' | 'nanodet-flip';

/**
 * Room-class clusters the rescorer gives at least this probability are kept. Chosen on the 31 annotated fixtures
 * with each photo scored by a forest trained without it (scripts/detection-rescorer.ts `chooseThreshold`); its
 * nested figure holds each photo out of this choice too.
 */
export const DETECTION_THRESHOLD = 0.2;

/** Candidates of every view, before thresholds: what the evaluation sweeps over. */
export async function detectCandidates(image: RgbImage, views: DetectTuning['views']): Promise<Candidate[][]> {
  const out: Candidate[][] = [];
  for (const name of views) {
    const view = namedView(image, name);
    out.push(name.startsWith('nanodet') ? await runNanoDet(image, view, MIN_CANDIDATE_SCORE) : await runCenterNet(image, view));
  }
  return out;
}

/** The region, mirroring and letterboxing a view name stands for, over the whole photo. */
export function namedView(image: RgbImage, name: ViewName): View {
  return {
    x: 0,
    y: 0,
    w: image.width,
    h: image.height,
    flip: name.endsWith('flip'),
    letterbox: name !== 'full' && name !== 'flip',
    fill: name.startsWith('zoomout') ? 0.7 : 1,
  };
}

interface Fused {
  cls: number;
  box: Box;
  score: number;
}

/**
 * Weighted box fusion across views: one object seen by both the photo and its mirror keeps the mean score;
 * an object seen by one view only is down-weighted, which is most of the precision gain of test-time flips.
 */
export function fuseViews(perView: readonly Candidate[][], fuseIou: number): Fused[] {
  const n = perView.length;
  if (n === 1) return perView[0]!.map((c) => ({ ...c }));
  const all = perView.flatMap((cands, view) => cands.map((c) => ({ ...c, view })));
  return clusterAcrossViews(all, (c) => c.cls, fuseIou, weightedBox).map(({ members, box }) => ({
    cls: members[0]!.cls,
    box,
    score: members.reduce((s, m) => s + m.score, 0) / n,
  }));
}

/** Fusion, room classes only, thresholds, then NMS within and across classes. */
export function selectDetections(perView: readonly Candidate[][], tuning: DetectTuning): Detection[] {
  const fused = fuseViews(perView, tuning.fuseIou)
    .map((f) => ({ name: productClassOf(COCO_CLASSES[f.cls] ?? ''), box: f.box, score: f.score }))
    .filter((f): f is Scored => f.name !== null)
    .filter((f) => f.score >= (tuning.thresholds[f.name] ?? tuning.defaultThreshold));
  return suppressOverlaps(fused, tuning.crossClassIou);
}

/**
 * The shipped selection: every view's candidates clustered, each room-class cluster scored by the rescorer (a
 * boosted forest trained on the annotated fixtures: how many and which views saw it, with what scores, its size and
 * place, its rivals; see rescore.ts) and kept at `threshold`, the other product classes at the threshold tuning's
 * default; then NMS within and across classes. `perView` must follow RESCORED_VIEWS.
 */
export function rescoredDetections(
  perView: readonly (readonly Candidate[])[],
  width: number,
  height: number,
  forest: Forest = DETECTION_FOREST,
  threshold: number = DETECTION_THRESHOLD,
): Detection[] {
  const clusters = clusterCandidates(perView);
  const confidences = clusterConfidences(clusters, width, height, forest);
  const roomClasses: readonly string[] = ROOM_CLASSES;
  const kept = clusters
    .map((c, i) => ({ name: c.name, box: c.box, score: confidences[i]! }))
    .filter((c) => c.score >= (roomClasses.includes(c.name) ? threshold : THRESHOLD_TUNING.defaultThreshold));
  return suppressOverlaps(kept, THRESHOLD_TUNING.crossClassIou);
}

interface Scored {
  name: string;
  box: Box;
  score: number;
}

/**
 * Strongest first; a box is dropped over a kept one of its class (IoU 0.5, or 85% inside it) or of another class.
 * Two exceptions, from the errors on the annotated fixtures:
 * - a sofa or bed box that holds a kept one of its class (85% of it inside, IoU over 0.4) is the same piece seen
 *   wider (one view boxed a sofa's arm, another the whole sofa) and goes too; chairs stand in rows and nest, so they
 *   keep the one-way rule (a room of stacking chairs lost a real chair to the two-way one);
 * - a chair and a table never suppress each other: a chair pulled up to a small table shares its box.
 */
function suppressOverlaps(scored: readonly Scored[], crossClassIou: number): Detection[] {
  const kept: Scored[] = [];
  for (const f of [...scored].sort((a, b) => b.score - a.score)) {
    const clash = kept.some((k) =>
      k.name === f.name
        ? sameObject(k, f)
        : iou(k.box, f.box) > crossClassIou && !(CHAIR_AND_TABLE.has(k.name) && CHAIR_AND_TABLE.has(f.name)),
    );
    if (!clash) kept.push(f);
  }
  return kept.map((k) => ({
    id: randomUUID(),
    class_name: k.name,
    bbox: [round1(k.box[0]), round1(k.box[1]), round1(k.box[2]), round1(k.box[3])],
    confidence: Math.round(Math.min(1, k.score) * 1000) / 1000,
  }));
}

/** Classes of which one piece is seldom seen inside another's box. */
const UNNESTED_CLASSES: ReadonlySet<string> = new Set(['sofa', 'bed']);
/** Two boxes of these classes (of different classes: one chair, one table) never suppress each other. */
const CHAIR_AND_TABLE: ReadonlySet<string> = new Set(['chair', 'table']);

/** Whether `weaker`, of the same class as `kept`, is the same piece boxed again. */
function sameObject(kept: Scored, weaker: Scored): boolean {
  const overlap = iou(kept.box, weaker.box);
  if (overlap > 0.5 || coverage(weaker.box, kept.box) > 0.85) return true;
  return UNNESTED_CLASSES.has(kept.name) && coverage(kept.box, weaker.box) > 0.85 && overlap > 0.4;
}

function round1(v: number): number {
  return Math.round(v * 10) / 10;
}

/**
 * RESCORED_VIEWS split by network, each about half the detector's time: two pool workers run them at once
 * (pool/detect.ts, room/steps.ts), the networks being single-threaded.
 */
export const CENTERNET_HALF: readonly ViewName[] = RESCORED_VIEWS.filter((v) => !v.startsWith('nanodet'));
export const NANODET_HALF: readonly ViewName[] = RESCORED_VIEWS.filter((v) => v.startsWith('nanodet'));

/** rescoredDetections of the two halves' candidates (CENTERNET_HALF's and NANODET_HALF's, in their order). */
export function rescoredHalves(
  centerNet: readonly (readonly Candidate[])[],
  nanoDet: readonly (readonly Candidate[])[],
  width: number,
  height: number,
): Detection[] {
  const perView = RESCORED_VIEWS.map((view) =>
    view.startsWith('nanodet') ? nanoDet[NANODET_HALF.indexOf(view)]! : centerNet[CENTERNET_HALF.indexOf(view)]!,
  );
  return rescoredDetections(perView, width, height);
}

/**
 * Finds the furniture and fixtures in a room photo, in natural image pixels, highest confidence first: CenterNet
 * and NanoDet on five views (RESCORED_VIEWS), rescored (see rescoredDetections).
 */
export async function detectObjects(input: ImageInput): Promise<Detection[]> {
  const image = await decodeImage(input);
  return rescoredDetections(await detectCandidates(image, RESCORED_VIEWS), image.width, image.height);
}
