import { describe, expect, it } from 'vitest';
import { DETECTION_THRESHOLD, rescoredDetections } from './detect.ts';
import { COCO_CLASSES } from './classes.ts';
import { clusterCandidates, RESCORE_FEATURE_COUNT, RESCORE_FEATURE_NAMES, RESCORED_VIEWS, rescoreFeatures } from './rescore.ts';
import type { Candidate } from './views.ts';
import type { Box } from '../mask.ts';

const cls = (name: string) => COCO_CLASSES.indexOf(name as (typeof COCO_CLASSES)[number]);
const candidate = (name: string, box: Box, score: number): Candidate => ({ cls: cls(name), box, score });
/** Candidates per view, in RESCORED_VIEWS order (full, letterbox, letterbox-flip, nanodet, nanodet-flip). */
const views = (...perView: Candidate[][]): Candidate[][] => RESCORED_VIEWS.map((_, i) => perView[i] ?? []);
const feature = (rows: Float32Array, row: number, name: (typeof RESCORE_FEATURE_NAMES)[number]) =>
  rows[row * RESCORE_FEATURE_COUNT + RESCORE_FEATURE_NAMES.indexOf(name)]!;

describe('clusterCandidates', () => {
  it('joins one object seen by several views, keeps two objects of one view apart, and drops the rest', () => {
    const sofa: Box = [100, 200, 400, 380];
    const clusters = clusterCandidates(
      views(
        [candidate('couch', sofa, 0.5), candidate('person', [0, 0, 50, 200], 0.9)],
        [candidate('couch', [104, 198, 404, 384], 0.7), candidate('couch', [110, 205, 390, 370], 0.3)],
        [],
        [candidate('couch', [96, 202, 396, 378], 0.4), candidate('chair', [500, 300, 560, 400], 0.05)],
      ),
    );
    // The person (not a product class) and the 0.05 chair (under the candidate floor) are gone; the letterbox view's
    // second sofa box cannot join the cluster its own view is already in.
    expect(clusters.map((c) => c.name)).toEqual(['sofa', 'sofa']);
    expect(clusters[0]!.scores).toEqual([0.5, 0.7, 0, 0.4, 0]);
    expect(clusters[0]!.meanScore).toBeCloseTo(1.6 / 5, 6);
    expect(clusters[0]!.box[0]).toBeGreaterThan(96);
    expect(clusters[0]!.box[0]).toBeLessThan(104);
    expect(clusters[1]!.scores).toEqual([0, 0.3, 0, 0, 0]);
  });
});

describe('rescoreFeatures', () => {
  it('reads how many views saw a cluster and the stronger rival of another class on the same spot', () => {
    const bed: Box = [100, 300, 700, 600];
    const clusters = clusterCandidates(
      views([candidate('bed', bed, 0.8)], [candidate('bed', bed, 0.9)], [], [candidate('couch', [110, 310, 690, 590], 0.3)]),
    );
    const rows = rescoreFeatures(clusters, 800, 600);
    expect(clusters.map((c) => c.name)).toEqual(['bed', 'sofa']);
    expect(feature(rows, 0, 'viewsSeen')).toBe(2);
    expect(feature(rows, 0, 'area')).toBeCloseTo((600 * 300) / (800 * 600), 5);
    expect(feature(rows, 0, 'bottomY')).toBeCloseTo(1, 5);
    expect(feature(rows, 0, 'otherClassIou')).toBe(0); // nothing stronger than the bed
    expect(feature(rows, 1, 'otherClassIou')).toBeGreaterThan(0.9);
    expect(feature(rows, 1, 'otherClassScore')).toBeCloseTo(clusters[0]!.meanScore, 6);
  });
});

describe('the shipped rescorer', () => {
  it('keeps a sofa all five views agree on and drops a chair one view barely saw, or a rival reading of the sofa', () => {
    const sofa: Box = [200, 400, 700, 650];
    const all = (name: string, box: Box, score: number) => [candidate(name, box, score)];
    const detections = rescoredDetections(
      views(
        all('couch', sofa, 0.6),
        all('couch', sofa, 0.7),
        all('couch', sofa, 0.65),
        [candidate('couch', sofa, 0.6), candidate('chair', [800, 420, 880, 560], 0.15)],
        [candidate('couch', sofa, 0.55), candidate('bed', [205, 395, 705, 650], 0.2)],
      ),
      1000,
      700,
    );
    expect(detections.map((d) => d.class_name)).toEqual(['sofa']);
    expect(detections[0]!.confidence).toBeGreaterThanOrEqual(DETECTION_THRESHOLD);
  });
});

describe('the shipped selection of overlapping boxes', () => {
  const everyView = (...candidates: Candidate[]) => views(candidates, candidates, candidates, candidates, candidates);

  it('keeps one sofa when a weaker box of it holds the stronger one, but keeps a chair nested in a weaker chair', () => {
    // The arm-and-seat box and the whole-sofa box do not overlap enough to cluster (IoU 0.47, under 0.55), and the weaker one
    // holds the stronger: one sofa. The same two boxes as chairs are two chairs in a row.
    const part: Box = [0, 420, 100, 635];
    const whole: Box = [0, 415, 210, 630];
    const sofas = rescoredDetections(everyView(candidate('couch', part, 0.7), candidate('couch', whole, 0.5)), 450, 640);
    expect(sofas.filter((d) => d.class_name === 'sofa')).toHaveLength(1);
    const chairs = rescoredDetections(everyView(candidate('chair', part, 0.7), candidate('chair', whole, 0.5)), 450, 640);
    expect(chairs.filter((d) => d.class_name === 'chair')).toHaveLength(2);
  });

  it('keeps a chair and the small table it is pulled up to, though their boxes nearly coincide', () => {
    const detections = rescoredDetections(
      everyView(candidate('chair', [540, 267, 636, 416], 0.6), candidate('dining table', [542, 255, 640, 400], 0.5)),
      640,
      426,
    );
    expect(detections.map((d) => d.class_name).sort()).toEqual(['chair', 'table']);
  });
});
