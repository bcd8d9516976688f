/**
 * Timings on a 1920x1280 room photo: median of 5 runs of each capability beside its baseline, in the same run
 * (enhancement: median of 3, BENCH_ENHANCE_RUNS). The machine is shared: the load average is printed beside
 * every figure. BENCH_ONLY=detect,remove,erase,enhance,segment,place,walls runs only those parts.
 */
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import sharp from 'sharp';
import { detectCandidates, detectObjects, selectDetections, THRESHOLD_TUNING } from '../src/detect/detect.ts';
import { loadNanoDet } from '../src/detect/nanodet.ts';
import { loadCenterNet } from '../src/detect/centernet.ts';
import { decodeImage, encodeImage, type RgbImage } from '../src/image.ts';
import { eraseArea, inpaintDecoded, removeObject } from '../src/inpaint/index.ts';
import { teleaFill } from '../src/inpaint/telea.ts';
import { growMask, maskArea, type Mask } from '../src/mask.ts';
import { openCv } from '../src/runtime/opencv.ts';
import { fixturePath } from '../src/testing/fixtures.ts';
import { enhance } from '../src/enhance/enhance.ts';
import { cutout } from '../src/cutout/cutout.ts';
import { markObject, objectMask } from '../src/cutout/mark-object.ts';
import { imglyCutout } from './lib/imgly-cutout.ts';
import { placementTimings } from './sections/place.ts';
import { bench as wallBench } from './sections/walls.ts';
import { medianTiming, type Timing } from './lib/timing.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ENHANCE_RUNS = Number(process.env.BENCH_ENHANCE_RUNS ?? 3);
const ONLY = process.env.BENCH_ONLY?.split(',');
const part = (name: string) => !ONLY || ONLY.includes(name);
const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

/**
 * Median wall time and the median CPU time (all threads of the process) of the same runs: on a machine shared
 * with other work, wall time follows the load while CPU time / cores estimates the time on an idle machine.
 */
/** Median of RUNS after a warm-up run (model loads, JIT). */
const median = (fn: () => Promise<unknown> | unknown, runs = RUNS): Promise<Timing> => medianTiming(fn, { runs, warmUp: true });

function report(name: string, { ms, cpuMs }: Timing, baseline?: { name: string } & Timing, target?: number): void {
  const verdict =
    target === undefined
      ? ''
      : ms <= target
        ? `  (target < ${target} ms: met)`
        : `  (target < ${target} ms: MISSED by ${(ms - target).toFixed(0)} ms)`;
  const base = baseline ? `   | ${baseline.name} ${baseline.ms.toFixed(0)} ms (cpu ${baseline.cpuMs.toFixed(0)} ms)` : '';
  const cpu = `cpu ${cpuMs.toFixed(0)} ms`;
  console.log(`${name.padEnd(34)} ${ms.toFixed(0).padStart(6)} ms (${cpu})${base}${verdict}   [load ${load()}]`);
}

/** A silhouette (the furniture cut-out's alpha) scaled to `share` of the photo, standing on the floor. */
async function objectHole(photo: RgbImage, share: number): Promise<Mask> {
  const cut = await sharp(await readFile(fixturePath('furniture/furni_couch.png')))
    .trim()
    .toBuffer();
  const meta = await sharp(cut).metadata();
  const aspect = meta.width! / meta.height!;
  const ch = Math.round(Math.sqrt((share * photo.width * photo.height) / aspect)),
    cw = Math.round(ch * aspect);
  const alpha = await sharp(cut).resize(cw, ch, { fit: 'fill' }).ensureAlpha().extractChannel(3).raw().toBuffer();
  const data = new Uint8Array(photo.width * photo.height);
  const left = Math.round(photo.width * 0.35),
    top = Math.round(photo.height * 0.5);
  for (let y = 0; y < ch; y++)
    for (let x = 0; x < cw; x++) if (alpha[y * cw + x]! > 5) data[(top + y) * photo.width + left + x] = 255;
  return growMask({ data, width: photo.width, height: photo.height }, 3);
}

console.log(`# vision bench: 1920x1280, median of ${RUNS}, ${new Date().toISOString()}, start load ${load()}`);
const bytes = await sharp(await readFile(fixturePath('furnished_roomgpt_original-pic.jpg')))
  .resize(1920, 1280, { fit: 'cover' })
  .jpeg({ quality: 92 })
  .toBuffer();
const photo = await decodeImage(bytes);
report('decode jpeg', await median(() => decodeImage(bytes)));
if (part('detect')) {
  await loadCenterNet();
  const plain = await median(() => detectCandidates(photo, ['full']));
  await loadNanoDet();
  report(
    'detect (CenterNet 3 views + NanoDet 2 views, rescored)',
    await median(() => detectObjects(photo)),
    { name: 'plain CenterNet 1 view', ...plain },
    600,
  );
  report(
    'detect, the threshold path (CenterNet letterbox + flip, tuned)',
    await median(async () => selectDetections(await detectCandidates(photo, THRESHOLD_TUNING.views), THRESHOLD_TUNING)),
    undefined,
    600,
  );
}

if (part('remove')) {
  await openCv();
  const hole = await objectHole(photo, 0.05);
  console.log(`remove: hole ${((100 * maskArea(hole)) / (1920 * 1280)).toFixed(1)}% of the photo`);
  const diffusion = await median(() => inpaintDecoded(photo, hole, { method: 'diffusion' }));
  const telea = await median(() => teleaFill(photo, hole));
  report('remove (exemplar fill)', await median(() => removeObject(photo, hole)), { name: 'diffusion', ...diffusion }, 2000);
  report('remove, Telea baseline', telea);
  report('remove by box (box grown)', await median(() => removeObject(photo, [672, 640, 1100, 1000])), undefined, 2000);
}

if (part('erase')) {
  const stroke = new Uint8Array(1920 * 1280);
  for (let x = 300; x < 1500; x++) {
    const y = Math.round(900 + 120 * Math.sin(x / 150));
    for (let dy = -18; dy <= 18; dy++) stroke[(y + dy) * 1920 + x] = 255;
  }
  const strokeMask = { data: stroke, width: 1920, height: 1280 };
  console.log(`erase: brush stroke ${((100 * maskArea(strokeMask)) / (1920 * 1280)).toFixed(1)}% of the photo`);
  const eraseBase = await median(() => inpaintDecoded(photo, growMask(strokeMask, 2), { method: 'diffusion' }));
  report('erase (exemplar fill)', await median(() => eraseArea(photo, strokeMask)), { name: 'diffusion', ...eraseBase }, 2000);
}

if (part('enhance')) {
  // Baseline: the same decode, Lanczos to the same size and JPEG q92 without the network.
  const lanczos = (width: number, height: number) =>
    sharp(bytes).resize(width, height, { kernel: 'lanczos3' }).jpeg({ quality: 92 }).toBuffer();
  for (const [level, width, height, target] of [
    ['4k', 3840, 2560, 45_000],
    ['8k', 7680, 5120, 60_000],
  ] as const) {
    const baseline = await median(() => lanczos(width, height), ENHANCE_RUNS);
    report(
      `enhance ${level} (ESRGAN slim, median of ${ENHANCE_RUNS})`,
      await median(() => enhance(bytes, level), ENHANCE_RUNS),
      { name: 'Lanczos only', ...baseline },
      target,
    );
  }
}

if (part('segment')) {
  // The red armchair on the left of the room photo: CenterNet's box for it, and a click on its seat.
  const armchair = [11, 566, 495, 1040] as const;
  report('markObject (click on the armchair)', await median(() => markObject(photo, 250, 800, 'armchair')));
  report('objectMask (armchair box)', await median(() => objectMask(photo, armchair)));
  // A furniture product photo at the bench's width (the custom-furniture upload case).
  const product = await sharp(await readFile(fixturePath('furniture/furni_sofa.png')))
    .resize({ width: 1920 })
    .png()
    .toBuffer();
  const imgly = await median(() => imglyCutout(product, 'medium'));
  report('cutout (1920 px product photo)', await median(() => cutout(product)), { name: 'imgly removeBackground', ...imgly });
}
if (part('place')) await placementTimings();
if (part('walls')) await wallBench(console.log);
report('encode jpeg q92', await median(() => encodeImage(photo, 'jpeg')));
console.log(`end load ${load()}`);
