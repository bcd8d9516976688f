/**
 * An experiment, not shipped (vision README, session 32): floor and ceiling evidence for the box layout of its own,
 * instead of one minus the wall probability. Two forests trained on the Blender renders' exact labels (seeds above the
 * validation set and below the tuning set; furniture counted as neither) say which superpixels lie on the floor and
 * on the ceiling, from the wall classifier's features, the camera's elevation of the superpixel (the camera is found
 * before the layout) and the wall probability. On the renders they are right on 93-97% of the surface pixels; on the
 * listing photos they call the pale carpets and ceilings neither (`--draw` shows it), which is what the layout lacks.
 *
 * `node --import tsx packages/vision/scripts/sections/surfaces.ts [--real 3] [--drop name,...] [--per-photo] [--draw a,b]`
 * First analyses each render and wall fixture not yet in the cache (assets/rooms/out/surface-cache; about 3 s a photo,
 * resumable), then trains on the cache and scores the superpixels of the held-out renders (seeds 1-30), the tuning
 * renders (261-290) and the fixtures' wall pixels. `--real w`: the fixtures' wall pixels join the training as neither
 * floor nor ceiling at w times a render's weight. `--drop`: features left out besides the layout's (names from
 * FEATURE_NAMES or ROOM_FEATURE_NAMES).
 * `--draw`: the listing photos whose names contain these, drawn to /tmp/surfaces/<name>.png (photo | floor red,
 * ceiling green, wall probability blue).
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { detectObjects } from '../../src/detect/detect.ts';
import { decodeImage, type RgbImage } from '../../src/image.ts';
import { analysisSize, annotationAtSize, cachedIn } from '../lib/analysis-cache.ts';
import { predictProbabilities, trainForestOnSets, type Forest } from '../../src/learn/gbdt.ts';
import { buildRoomModel } from '../../src/room/room-model.ts';
import { ROOM_LABEL } from '../../src/room/types.ts';
import { FIXTURES_DIR } from '../../src/testing/fixtures.ts';
import { loadRenderedRoom, RENDERED_ROOMS_DIR, renderedSeeds, VALIDATION_SEEDS } from '../../src/testing/rendered-rooms.ts';
import type { WallAnalysis } from '../../src/walls/analyse.ts';
import { CEILING_FEATURE_COUNT, ceilingFeatures, ROOM_FEATURE_NAMES } from '../../src/walls/learned-ceiling.ts';
import { CEILING_TRAIN_OPTIONS } from '../../src/walls/training.ts';
import { FEATURE_NAMES } from '../../src/walls/features.ts';
import { segmentWalls } from '../../src/walls/wall-mask.ts';

const CACHE_DIR = `${RENDERED_ROOMS_DIR}/surface-cache`;
/** Seeds from here on are the tuning set (scripts/sections/room.ts --seeds 261-290): never trained on. */
const TUNING_SEEDS = 261;

/**
 * The ceiling forest's rows (learned-ceiling.ts: the wall classifier's features, the camera's elevation of the
 * superpixel's centre, top and bottom, the layout's view of it, the wall probability) without the layout's columns,
 * held constant so no tree splits on them: this evidence is for the layout, which does not exist yet when it is read.
 */
const FEATURE_NAMES_ALL: readonly string[] = [...FEATURE_NAMES, ...ROOM_FEATURE_NAMES];
const LAYOUT_COLUMNS = ['layoutCeiling', 'layoutWall', 'layoutFloor', 'aboveLayoutEdge'].map((n) => FEATURE_NAMES_ALL.indexOf(n));

interface SurfaceForests {
  floor: Forest;
  ceiling: Forest;
}

function surfaceProbabilities(rows: Float32Array, forests: SurfaceForests): { floor: Float32Array; ceiling: Float32Array } {
  return {
    floor: predictProbabilities(forests.floor, rows, CEILING_FEATURE_COUNT),
    ceiling: predictProbabilities(forests.ceiling, rows, CEILING_FEATURE_COUNT),
  };
}

/** One analysed photo: per superpixel its features and how many of its pixels the truth puts on each surface. */
interface CachedPhoto {
  name: string;
  kind: 'render' | 'fixture';
  seed?: number;
  rows: Float32Array;
  /** Renders: floor, ceiling, wall (openings included) pixels. Fixtures: wall only. */
  floor: Float32Array;
  ceiling: Float32Array;
  wall: Float32Array;
  /** Renders: furniture pixels; fixtures: pixels annotated as not wall. */
  other: Float32Array;
}

/** The wall analysis of a photo, its wall probabilities and its superpixels' rows (the layout's columns included). */
async function analyse(image: RgbImage): Promise<{ analysis: WallAnalysis; probabilities: Float32Array; rows: Float32Array }> {
  const detections = await detectObjects(image);
  const { analysis, probabilities } = await segmentWalls(image, detections);
  const room = await buildRoomModel(image, analysis, probabilities, detections, {});
  return { analysis, probabilities, rows: ceilingFeatures(analysis, room, probabilities) };
}

async function analysePhoto(
  name: string,
  kind: CachedPhoto['kind'],
  image: RgbImage,
  truth: (i: number) => 'floor' | 'ceiling' | 'wall' | 'other' | 'unknown',
  seed?: number,
): Promise<CachedPhoto> {
  const { analysis, rows } = await analyse(image);
  const k = analysis.superpixels.count;
  const floor = new Float32Array(k);
  const ceiling = new Float32Array(k);
  const wall = new Float32Array(k);
  const other = new Float32Array(k);
  const labels = analysis.superpixels.labels;
  for (let i = 0; i < labels.length; i++) {
    const s = labels[i]!;
    const t = truth(i);
    if (t === 'floor') floor[s]! += 1;
    else if (t === 'ceiling') ceiling[s]! += 1;
    else if (t === 'wall') wall[s]! += 1;
    else if (t === 'other') other[s]! += 1;
  }
  return { name, kind, seed, rows, floor, ceiling, wall, other };
}

async function dumpAll(log: (line: string) => void): Promise<CachedPhoto[]> {
  await mkdir(CACHE_DIR, { recursive: true });
  const out: CachedPhoto[] = [];
  const started = Date.now();
  for (const seed of await renderedSeeds(RENDERED_ROOMS_DIR)) {
    out.push(
      await cachedIn(CACHE_DIR, `render-${seed}`, async () => {
        const room = await loadRenderedRoom(RENDERED_ROOMS_DIR, seed);
        const surface = (code: number | undefined) =>
          code === ROOM_LABEL.floor
            ? 'floor'
            : code === ROOM_LABEL.ceiling
              ? 'ceiling'
              : code === ROOM_LABEL.wall || code === ROOM_LABEL.opening
                ? 'wall'
                : code === ROOM_LABEL.object
                  ? 'other'
                  : 'unknown';
        return analysePhoto(`render-${seed}`, 'render', room.image, (i) => surface(room.labels[i]), seed);
      }),
    );
  }
  const files = (await readdir(FIXTURES_DIR)).filter((f) => /\.(jpe?g|png|webp)$/i.test(f)).sort();
  for (const file of files) {
    const stem = file.replace(/\.[^.]+$/, '');
    const annotation = `${FIXTURES_DIR}/ann/${stem}.wall.png`;
    if (!existsSync(annotation)) continue;
    out.push(
      await cachedIn(CACHE_DIR, stem, async () => {
        const image = await decodeImage(await readFile(`${FIXTURES_DIR}/${file}`));
        const size = analysisSize(image);
        const truth = await annotationAtSize(annotation, size.width, size.height);
        return analysePhoto(stem, 'fixture', image, (i) => (truth[i] === 128 ? 'unknown' : truth[i] === 255 ? 'wall' : 'other'));
      }),
    );
  }
  log(`${out.length} photos analysed or read from ${CACHE_DIR} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return out;
}

const isTraining = (p: CachedPhoto): boolean => p.kind === 'render' && p.seed! > VALIDATION_SEEDS && p.seed! < TUNING_SEEDS;

/**
 * The training renders' superpixels with their floor (or ceiling) share of the pixels, furniture counted as neither,
 * weighted by those pixels; the fixtures' wall pixels as neither at `realWeight` times a render's weight.
 */
function trainSurface(
  photos: readonly CachedPhoto[],
  surface: 'floor' | 'ceiling',
  realWeight: number,
  dropped: readonly number[],
): Forest {
  const used = photos.filter((p) => isTraining(p) || (p.kind === 'fixture' && realWeight > 0));
  const sets = used.map((p) => {
    const count = p.floor.length;
    const rows = p.rows.slice();
    // A column held constant is never split on: the forest does without it.
    for (let s = 0; s < count; s++) for (const d of dropped) rows[s * CEILING_FEATURE_COUNT + d] = 0;
    const targets = new Float32Array(count);
    const weights = new Float32Array(count);
    for (let s = 0; s < count; s++) {
      if (p.kind === 'fixture') {
        weights[s] = (realWeight * p.wall[s]!) / 400;
        continue;
      }
      const all = p.floor[s]! + p.ceiling[s]! + p.wall[s]! + p.other[s]!;
      targets[s] = all ? p[surface][s]! / all : 0;
      weights[s] = all / 400;
    }
    return { rows, targets, weights };
  });
  return trainForestOnSets(sets, CEILING_FEATURE_COUNT, CEILING_TRAIN_OPTIONS);
}

/** Pixel-weighted accuracy of the surface argmax (wall = neither), and how often fixture walls read as floor/ceiling. */
function evaluate(photos: readonly CachedPhoto[], forests: SurfaceForests, log: (line: string) => void, perPhoto: boolean): void {
  const sets: [string, (p: CachedPhoto) => boolean][] = [
    ['held-out renders 1-30', (p) => p.kind === 'render' && p.seed! <= VALIDATION_SEEDS],
    ['tuning renders 261+', (p) => p.kind === 'render' && p.seed! >= TUNING_SEEDS],
  ];
  for (const [title, take] of sets) {
    const rightBy = { floor: 0, ceiling: 0, wall: 0 };
    const totalBy = { floor: 0, ceiling: 0, wall: 0 };
    for (const p of photos.filter(take)) {
      const { floor, ceiling } = surfaceProbabilities(p.rows, forests);
      for (let s = 0; s < floor.length; s++) {
        const call = floor[s]! >= 0.5 ? 'floor' : ceiling[s]! >= 0.5 ? 'ceiling' : 'wall';
        for (const t of ['floor', 'ceiling', 'wall'] as const) {
          totalBy[t] += p[t][s]!;
          if (call === t) rightBy[t] += p[t][s]!;
        }
      }
    }
    const all = totalBy.floor + totalBy.ceiling + totalBy.wall;
    const right = rightBy.floor + rightBy.ceiling + rightBy.wall;
    log(
      `${title}: accuracy ${(right / all).toFixed(3)}; recall floor ${(rightBy.floor / totalBy.floor).toFixed(3)}, ceiling ${(rightBy.ceiling / totalBy.ceiling).toFixed(3)}, wall ${(rightBy.wall / totalBy.wall).toFixed(3)}`,
    );
  }
  let wall = 0;
  let wallAsFloor = 0;
  let wallAsCeiling = 0;
  for (const p of photos.filter((q) => q.kind === 'fixture')) {
    const { floor, ceiling } = surfaceProbabilities(p.rows, forests);
    let w = 0;
    let f = 0;
    let c = 0;
    for (let s = 0; s < floor.length; s++) {
      w += p.wall[s]!;
      if (floor[s]! >= 0.5) f += p.wall[s]!;
      else if (ceiling[s]! >= 0.5) c += p.wall[s]!;
    }
    wall += w;
    wallAsFloor += f;
    wallAsCeiling += c;
    if (perPhoto) log(`  ${p.name}: wall read as floor ${(f / w).toFixed(3)}, as ceiling ${(c / w).toFixed(3)}`);
  }
  log(`fixtures: wall pixels read as floor ${(wallAsFloor / wall).toFixed(3)}, as ceiling ${(wallAsCeiling / wall).toFixed(3)}`);
}

/** The listing photos named, drawn: the photo beside floor (red), ceiling (green) and wall probability (blue). */
async function draw(names: readonly string[], forests: SurfaceForests, log: (line: string) => void): Promise<void> {
  await mkdir('/tmp/surfaces', { recursive: true });
  const files = (await readdir(FIXTURES_DIR)).filter((f) => /\.jpe?g$/i.test(f) && names.some((n) => f.includes(n)));
  for (const file of files) {
    const image = await decodeImage(await readFile(`${FIXTURES_DIR}/${file}`));
    const { analysis, probabilities, rows } = await analyse(image);
    const { width: w, height: h, data } = analysis.work;
    const { floor, ceiling } = surfaceProbabilities(rows, forests);
    const out = Buffer.alloc(w * h * 6);
    const spx = analysis.superpixels.labels;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        const s = spx[i]!;
        out.set(data.subarray(i * 3, i * 3 + 3), (y * 2 * w + x) * 3);
        const o = (y * 2 * w + w + x) * 3;
        out[o] = Math.round(255 * floor[s]!);
        out[o + 1] = Math.round(255 * ceiling[s]!);
        out[o + 2] = Math.round(255 * probabilities[s]!);
      }
    }
    const target = `/tmp/surfaces/${file.replace(/\.[^.]+$/, '')}.png`;
    await sharp(out, { raw: { width: 2 * w, height: h, channels: 3 } })
      .png()
      .toFile(target);
    log(`drew ${target}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const log = (line: string): void => console.log(line);
  const args = process.argv.slice(2);
  const value = (flag: string): string | undefined => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const photos = await dumpAll(log);
  const realWeight = Number(value('--real') ?? 0);
  const names = (value('--drop') ?? '').split(',').filter(Boolean);
  const dropped = [...names.map((n) => FEATURE_NAMES_ALL.indexOf(n)), ...LAYOUT_COLUMNS];
  if (dropped.some((d) => d < 0)) throw new Error(`--drop: unknown feature among ${names.join(', ')}`);
  const forests = {
    floor: trainSurface(photos, 'floor', realWeight, dropped),
    ceiling: trainSurface(photos, 'ceiling', realWeight, dropped),
  };
  evaluate(photos, forests, log, args.includes('--per-photo'));
  const drawn = value('--draw');
  if (drawn) await draw(drawn.split(','), forests, log);
  process.exit(0);
}
