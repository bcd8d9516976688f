/**
 * The learned ceiling veto (src/walls/learned-ceiling.ts): a forest trained on the Blender renders' exact ceiling
 * labels (seeds above the validation set) decides which superpixels of the wall mask are ceiling.
 *
 * `node --import tsx packages/vision/scripts/sections/ceiling.ts [--eval [--real 0,3] [--per-render]] [--train --real 3]`
 * Every run first analyses each render, wall fixture and listing photo not yet in the cache
 * (assets/rooms/out/ceiling-cache; about 15 minutes the first time, resumable). `--eval` trains on the cache and scores
 * thresholds: ceiling painted on the held-out renders, wall IoU (at the analysis size, before object silhouettes) on
 * the wall fixtures, and how much of each listing photo it takes (`--per-render` lists each held-out render's leak);
 * `--train` writes src/walls/ceiling-forest.ts.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { detectObjects } from '../../src/detect/detect.ts';
import { decodeImage, type RgbImage } from '../../src/image.ts';
import { analysisSize, annotationAtSize, cachedIn } from '../lib/analysis-cache.ts';
import { buildRoomModel } from '../../src/room/room-model.ts';
import { ROOM_LABEL, type RoomModel } from '../../src/room/types.ts';
import { FIXTURES_DIR } from '../../src/testing/fixtures.ts';
import { loadRenderedRoom, RENDERED_ROOMS_DIR, renderedSeeds, VALIDATION_SEEDS } from '../../src/testing/rendered-rooms.ts';
import type { Forest } from '../../src/learn/gbdt.ts';
import { trainForest } from '../../src/learn/gbdt.ts';
import { layoutVetoedWall } from '../../src/walls/change-material.ts';
import { CEILING_FEATURE_COUNT, ceilingFeatures, ceilingProbabilities } from '../../src/walls/learned-ceiling.ts';
import { segmentWalls } from '../../src/walls/wall-mask.ts';
import { CEILING_TRAIN_OPTIONS, ceilingForestModule } from '../../src/walls/training.ts';

/** Folds of the fixtures' cross-validation when their wall pixels join the training. */
const FOLDS = 5;

const CACHE_DIR = `${RENDERED_ROOMS_DIR}/ceiling-cache`;

/** One analysed photo: per superpixel its features, what the truth says and what the shipped mask paints of it. */
interface CachedPhoto {
  name: string;
  kind: 'render' | 'fixture' | 'listing';
  seed?: number;
  rows: Float32Array;
  /** Per superpixel: labelled pixels, ceiling pixels, wall pixels (truth; fixtures know wall / not wall only). */
  labelled: Float32Array;
  ceiling: Float32Array;
  wall: Float32Array;
  /** Per superpixel, pixels the shipped mask paints: all of them, and those the truth calls ceiling / wall. */
  painted: Float32Array;
  paintedCeiling: Float32Array;
  paintedWall: Float32Array;
  /** ...and those the truth labels as anything but wall. */
  paintedOther: Float32Array;
  /** Pixels of the analysis. */
  pixels: number;
}

async function analysePhoto(
  name: string,
  kind: CachedPhoto['kind'],
  image: RgbImage,
  truth: (i: number) => 'ceiling' | 'wall' | 'other' | 'unknown',
  seed?: number,
): Promise<CachedPhoto> {
  const detections = await detectObjects(image);
  const segmentation = await segmentWalls(image, detections);
  const { analysis, probabilities } = segmentation;
  const room: RoomModel = await buildRoomModel(image, analysis, probabilities, detections, {});
  const shipped = layoutVetoedWall(analysis, segmentation.workWall, probabilities, room, detections);
  const k = analysis.superpixels.count;
  const labelled = new Float32Array(k);
  const ceiling = new Float32Array(k);
  const wall = new Float32Array(k);
  const painted = new Float32Array(k);
  const paintedCeiling = new Float32Array(k);
  const paintedWall = new Float32Array(k);
  const paintedOther = new Float32Array(k);
  const labels = analysis.superpixels.labels;
  for (let i = 0; i < labels.length; i++) {
    const s = labels[i]!;
    const t = truth(i);
    const p = shipped[i] ? 1 : 0;
    painted[s]! += p;
    if (t === 'unknown') continue;
    labelled[s]! += 1;
    if (t === 'ceiling') ((ceiling[s]! += 1), (paintedCeiling[s]! += p));
    if (t === 'wall') ((wall[s]! += 1), (paintedWall[s]! += p));
    else paintedOther[s]! += p;
  }
  return {
    name,
    kind,
    seed,
    rows: ceilingFeatures(analysis, room, probabilities),
    labelled,
    ceiling,
    wall,
    painted,
    paintedCeiling,
    paintedWall,
    paintedOther,
    pixels: labels.length,
  };
}

export async function dumpAll(log: (line: string) => void, only?: (name: string) => boolean): Promise<CachedPhoto[]> {
  await mkdir(CACHE_DIR, { recursive: true });
  const out: CachedPhoto[] = [];
  const started = Date.now();
  for (const seed of await renderedSeeds(RENDERED_ROOMS_DIR)) {
    const name = `render-${seed}`;
    if (only && !only(name)) continue;
    out.push(
      await cachedIn(CACHE_DIR, name, async () => {
        const room = await loadRenderedRoom(RENDERED_ROOMS_DIR, seed);
        const code = (i: number) => room.labels[i];
        return analysePhoto(
          name,
          'render',
          room.image,
          (i) => (code(i) === ROOM_LABEL.ceiling ? 'ceiling' : code(i) === ROOM_LABEL.wall ? 'wall' : 'other'),
          seed,
        );
      }),
    );
  }
  const photos = (await readdir(FIXTURES_DIR)).filter((f) => /\.(jpe?g|png|webp)$/i.test(f)).sort();
  for (const file of photos) {
    const stem = file.replace(/\.[^.]+$/, '');
    const annotation = `${FIXTURES_DIR}/ann/${stem}.wall.png`;
    const kind = existsSync(annotation) ? 'fixture' : /^(furnished|sparse|empty)_/.test(stem) ? 'listing' : null;
    if (!kind || (only && !only(stem))) continue;
    out.push(
      await cachedIn(CACHE_DIR, stem, async () => {
        const image = await decodeImage(await readFile(`${FIXTURES_DIR}/${file}`));
        const size = analysisSize(image);
        const truth = kind === 'fixture' ? await annotationAtSize(annotation, size.width, size.height) : null;
        return analysePhoto(stem, kind, image, (i) =>
          !truth || truth[i] === 128 ? 'unknown' : truth[i] === 255 ? 'wall' : 'other',
        );
      }),
    );
  }
  log(`${out.length} photos analysed or read from ${CACHE_DIR} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return out;
}

/** Training rows: the renders' superpixels with their ceiling share; fixture walls (never ceiling) at `realWeight`. */
function trainingRows(photos: readonly CachedPhoto[], realWeight: number) {
  const used = photos.filter(
    (p) => (p.kind === 'render' && p.seed! > VALIDATION_SEEDS) || (p.kind === 'fixture' && realWeight > 0),
  );
  let total = 0;
  for (const p of used) total += p.labelled.length;
  const rows = new Float32Array(total * CEILING_FEATURE_COUNT);
  const targets = new Float32Array(total);
  const weights = new Float32Array(total);
  let r = 0;
  for (const p of used) {
    rows.set(p.rows, r * CEILING_FEATURE_COUNT);
    for (let s = 0; s < p.labelled.length; s++, r++) {
      if (p.kind === 'render') {
        targets[r] = p.labelled[s]! ? p.ceiling[s]! / p.labelled[s]! : 0;
        weights[r] = p.labelled[s]! / 400;
      } else {
        // A fixture says only wall or not: its wall pixels are not ceiling; the rest is unknown.
        targets[r] = 0;
        weights[r] = (realWeight * p.wall[s]!) / 400;
      }
    }
  }
  return { rows, targets, weights };
}

export function trainCeilingForest(photos: readonly CachedPhoto[], realWeight: number): Forest {
  const { rows, targets, weights } = trainingRows(photos, realWeight);
  return trainForest(rows, CEILING_FEATURE_COUNT, targets, weights, CEILING_TRAIN_OPTIONS);
}

interface Score {
  /** Held-out renders: mean share of the ceiling painted (and over all their ceiling pixels), mean painted-wall IoU. */
  renderLeak: number;
  renderLeakPooled: number;
  renderIou: number;
  /** Fixtures: mean wall IoU of the analysis-size mask. */
  fixtureIou: number;
  /** Listing photos: mean share of the frame taken off the mask, and the photos losing over 0.5%. */
  listingTaken: number;
  listingChanged: string[];
}

function score(photos: readonly CachedPhoto[], forestFor: (p: CachedPhoto) => Forest | null, threshold: number): Score {
  const leaks: number[] = [];
  const renderIous: number[] = [];
  const fixtureIous: number[] = [];
  const taken: number[] = [];
  const changed: string[] = [];
  const perRender: string[] = [];
  let pooledCeiling = 0;
  let pooledPainted = 0;
  for (const p of photos) {
    if (p.kind === 'render' && p.seed! > VALIDATION_SEEDS) continue;
    const forest = forestFor(p);
    const probabilities = forest ? ceilingProbabilities(forest, p.rows) : null;
    let ceiling = 0;
    let paintedCeiling = 0;
    let wall = 0;
    let inter = 0;
    let paintedOther = 0;
    let removed = 0;
    for (let s = 0; s < p.labelled.length; s++) {
      const keep = !probabilities || probabilities[s]! < threshold ? 1 : 0;
      if (!keep) removed += p.painted[s]!;
      ceiling += p.ceiling[s]!;
      paintedCeiling += keep * p.paintedCeiling[s]!;
      wall += p.wall[s]!;
      inter += keep * p.paintedWall[s]!;
      paintedOther += keep * p.paintedOther[s]!;
    }
    const union = wall + paintedOther;
    const iou = union ? inter / union : 1;
    if (p.kind === 'render') {
      leaks.push(ceiling ? paintedCeiling / ceiling : 0);
      pooledCeiling += ceiling;
      pooledPainted += paintedCeiling;
      if (process.argv.includes('--per-render'))
        perRender.push(`${p.seed}: ${(100 * leaks[leaks.length - 1]!).toFixed(0)}% of ${ceiling}`);
      renderIous.push(iou);
    } else if (p.kind === 'fixture') fixtureIous.push(iou);
    else {
      taken.push(removed / p.pixels);
      if (removed / p.pixels > 0.005)
        changed.push(`${p.name.replace(/^(furnished|sparse|empty)_/, '')} ${((100 * removed) / p.pixels).toFixed(1)}%`);
    }
  }
  if (perRender.length) console.log(`threshold ${threshold}: ${perRender.join(', ')}`);
  return {
    renderLeak: mean(leaks),
    renderLeakPooled: pooledPainted / Math.max(1, pooledCeiling),
    renderIou: mean(renderIous),
    fixtureIou: mean(fixtureIous),
    listingTaken: mean(taken),
    listingChanged: changed,
  };
}

const mean = (values: readonly number[]): number => values.reduce((s, v) => s + v, 0) / Math.max(1, values.length);

async function evaluate(photos: readonly CachedPhoto[], log: (line: string) => void, args: readonly string[]): Promise<void> {
  const thresholds = [0.5, 0.6, 0.7, 0.8, 0.9];
  const base = score(photos, () => null, 1);
  log(
    `\nWithout the learned veto: renders ceiling painted ${(100 * base.renderLeak).toFixed(2)}% (pooled ${(100 * base.renderLeakPooled).toFixed(2)}%), painted-wall IoU ${base.renderIou.toFixed(3)}; fixtures wall IoU ${base.fixtureIou.toFixed(4)}`,
  );
  const realWeights = args.includes('--real') ? (args[args.indexOf('--real') + 1] ?? '0').split(',').map(Number) : [0, 1];
  for (const realWeight of realWeights) {
    const started = Date.now();
    const forest = trainCeilingForest(photos, realWeight);
    // Fixture negatives in training: each fixture is scored by a forest trained without it (in FOLDS groups, to keep
    // the training count down: each fold's fixtures are all left out of its forest).
    const fixtureForests = new Map<string, Forest>();
    if (realWeight > 0) {
      const fixtures = photos.filter((q) => q.kind === 'fixture');
      for (let fold = 0; fold < FOLDS; fold++) {
        const heldOut = new Set(fixtures.filter((_, i) => i % FOLDS === fold));
        const forestWithout = trainCeilingForest(
          photos.filter((q) => !heldOut.has(q)),
          realWeight,
        );
        for (const p of heldOut) fixtureForests.set(p.name, forestWithout);
      }
    }
    log(`\nReal wall weight ${realWeight} (trained in ${((Date.now() - started) / 1000).toFixed(0)} s):`);
    log(
      '| threshold | renders: ceiling painted | painted-wall IoU | fixtures wall IoU | listing photos: frame taken | listing photos over 0.5% |',
    );
    log('| --- | --- | --- | --- | --- | --- |');
    for (const threshold of thresholds) {
      const s = score(photos, (p) => fixtureForests.get(p.name) ?? forest, threshold);
      log(
        `| ${threshold} | ${(100 * s.renderLeak).toFixed(2)}% (${(100 * s.renderLeakPooled).toFixed(2)}%) | ${s.renderIou.toFixed(3)} | ${s.fixtureIou.toFixed(4)} | ${(100 * s.listingTaken).toFixed(2)}% | ${s.listingChanged.join(', ')} |`,
      );
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const log = (line: string) => console.log(line);
  const only = args.includes('--renders-only')
    ? (n: string) => n.startsWith('render-')
    : args.includes('--photos-only')
      ? (n: string) => !n.startsWith('render-')
      : undefined;
  const photos = await dumpAll(log, only);
  if (args.includes('--eval')) await evaluate(photos, log, args);
  if (args.includes('--train')) {
    const realWeight = args.includes('--real') ? Number(args[args.indexOf('--real') + 1]) : 0;
    const forest = trainCeilingForest(photos, realWeight);
    const used = photos.filter((p) => p.kind === 'render' && p.seed! > VALIDATION_SEEDS).length;
    await writeFile(
      fileURLToPath(new URL('../../src/walls/ceiling-forest.ts', import.meta.url)),
      ceilingForestModule(
        forest,
        `Trained on ${used} rendered rooms (assets/rooms, seeds ${VALIDATION_SEEDS + 1}+)${realWeight ? ` and the wall pixels of the wall-annotated fixtures at ${realWeight}` : ''}.`,
      ),
    );
    log('src/walls/ceiling-forest.ts rewritten');
  }
  process.exit(0);
}
