/**
 * Timings on a 1920x1280 room photo: median of 5 runs of each capability beside its baseline, in the same run.
 * The machine is shared: the load average is printed beside every figure.
 */
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import sharp from 'sharp';
import { detectCandidates, DEFAULT_TUNING, detectObjects } from '../src/detect/detect.ts';
import { loadCenterNet } from '../src/detect/centernet.ts';
import { decodeImage, encodeImage, type RgbImage } from '../src/image.ts';
import { eraseArea, inpaintDecoded, removeObject } from '../src/inpaint/index.ts';
import { teleaFill } from '../src/inpaint/telea.ts';
import { growMask, maskArea, type Mask } from '../src/mask.ts';
import { openCv } from '../src/runtime/opencv.ts';
import { fixturePath } from '../src/testing/fixtures.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

async function median(fn: () => Promise<unknown> | unknown): Promise<number> {
  await fn(); // warm-up: model load, JIT
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

function report(name: string, ms: number, baseline?: { name: string; ms: number }, target?: number): void {
  const verdict =
    target === undefined
      ? ''
      : ms <= target
        ? `  (target < ${target} ms: met)`
        : `  (target < ${target} ms: MISSED by ${(ms - target).toFixed(0)} ms)`;
  const base = baseline ? `   | ${baseline.name} ${baseline.ms.toFixed(0)} ms` : '';
  console.log(`${name.padEnd(34)} ${ms.toFixed(0).padStart(6)} ms${base}${verdict}   [load ${load()}]`);
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
await loadCenterNet();
await openCv();

report('decode jpeg', await median(() => decodeImage(bytes)));
const plain = await median(() => detectCandidates(photo, ['full']));
report(
  'detect (letterbox + flip, tuned)',
  await median(() => detectObjects(photo)),
  { name: 'plain CenterNet 1 view', ms: plain },
  600,
);
report(
  'detect, one view of ours',
  await median(() => detectObjects(photo, { ...DEFAULT_TUNING, views: ['letterbox'] })),
  undefined,
  600,
);

const hole = await objectHole(photo, 0.05);
console.log(`remove: hole ${((100 * maskArea(hole)) / (1920 * 1280)).toFixed(1)}% of the photo`);
const diffusion = await median(() => inpaintDecoded(photo, hole, { method: 'diffusion' }));
const telea = await median(() => teleaFill(photo, hole));
report('remove (exemplar fill)', await median(() => removeObject(photo, hole)), { name: 'diffusion', ms: diffusion }, 2000);
report('remove, Telea baseline', telea);
report('remove by box (box grown)', await median(() => removeObject(photo, [672, 640, 1100, 1000])), undefined, 2000);

const stroke = new Uint8Array(1920 * 1280);
for (let x = 300; x < 1500; x++) {
  const y = Math.round(900 + 120 * Math.sin(x / 150));
  for (let dy = -18; dy <= 18; dy++) stroke[(y + dy) * 1920 + x] = 255;
}
const strokeMask = { data: stroke, width: 1920, height: 1280 };
console.log(`erase: brush stroke ${((100 * maskArea(strokeMask)) / (1920 * 1280)).toFixed(1)}% of the photo`);
const eraseBase = await median(() => inpaintDecoded(photo, growMask(strokeMask, 2), { method: 'diffusion' }));
report('erase (exemplar fill)', await median(() => eraseArea(photo, strokeMask)), { name: 'diffusion', ms: eraseBase }, 2000);
report('encode jpeg q92', await median(() => encodeImage(photo, 'jpeg')));
console.log(`end load ${load()}`);
