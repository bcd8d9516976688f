/**
 * Large removals (issue 14): the pasted-object protocol with pieces of 15% of the photo standing on the floor,
 * scored by PSNR and a line-continuity score, for the room-guided fill beside the plain exemplar fill,
 * diffusion and OpenCV Telea; the speed of a 15% removal and of empty-the-room (5 objects) on 1920x1280; and,
 * with --sheet, the largest detected object of each room photo removed with and without the room model.
 * Stand-alone: node --import tsx packages/vision/scripts/sections/removal-large.ts [--no-speed] [--no-quality]
 */
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { detectObjects } from '../../src/detect/detect.ts';
import { decodeImage, encodeImage, type RgbImage } from '../../src/image.ts';
import { inpaintDecoded, removeObject, removeObjects } from '../../src/inpaint/index.ts';
import { teleaFill } from '../../src/inpaint/telea.ts';
import type { Box, Mask } from '../../src/mask.ts';
import { createVisionPool } from '../../src/pool/pool.ts';
import { roomModelOnPool } from '../../src/pool/room-model.ts';
import { roomModel, type RoomModel } from '../../src/room/index.ts';
import { FIXTURES_DIR, fixtureAt960 } from '../../src/testing/fixtures.ts';
import { psnr } from '../lib/image-metrics.ts';
import { removalScenes } from '../lib/removal-scenes.ts';
import { medianTiming, type Timing } from '../lib/timing.ts';
import type { EvalSectionContext } from '../lib/section.ts';

const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

function grey(image: RgbImage): Float32Array {
  const out = new Float32Array(image.width * image.height);
  for (let i = 0; i < out.length; i++)
    out[i] = 0.299 * image.data[i * 3]! + 0.587 * image.data[i * 3 + 1]! + 0.114 * image.data[i * 3 + 2]!;
  return out;
}

/** Sobel magnitude and orientation (radians, modulo pi). */
function edges(image: RgbImage): { mag: Float32Array; dir: Float32Array } {
  const { width: w, height: h } = image;
  const g = grey(image);
  const mag = new Float32Array(w * h);
  const dir = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const gx = g[i - w + 1]! + 2 * g[i + 1]! + g[i + w + 1]! - g[i - w - 1]! - 2 * g[i - 1]! - g[i + w - 1]!;
      const gy = g[i + w - 1]! + 2 * g[i + w]! + g[i + w + 1]! - g[i - w - 1]! - 2 * g[i - w]! - g[i - w + 1]!;
      mag[i] = Math.hypot(gx, gy) / 4;
      dir[i] = (Math.atan2(gy, gx) + Math.PI) % Math.PI;
    }
  return { mag, dir };
}

/**
 * Line continuity: of the truth's strong, straight edges inside the hole (the floor-wall junction, baseboards,
 * sills, board seams: pixels whose 5x5 neighbourhood agrees on one orientation), the share the fill reproduces
 * within 1 px at an orientation within 20 degrees. Null when the hole hides fewer than 40 such pixels.
 */
export function lineContinuity(fill: RgbImage, truth: RgbImage, hole: Mask): number | null {
  const { width: w, height: h } = truth;
  const t = edges(truth);
  const f = edges(fill);
  const strong = 24;
  let total = 0,
    kept = 0;
  for (let y = 3; y < h - 3; y++)
    for (let x = 3; x < w - 3; x++) {
      const i = y * w + x;
      if (!hole.data[i] || t.mag[i]! < strong) continue;
      // A line, not a texture corner: the strong neighbours share the orientation.
      let agree = 0,
        seen = 0;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++) {
          const j = i + dy * w + dx;
          if (t.mag[j]! < strong) continue;
          seen++;
          const d = Math.abs(t.dir[j]! - t.dir[i]!);
          if (Math.min(d, Math.PI - d) < 0.25) agree++;
        }
      if (seen < 4 || agree / seen < 0.7) continue;
      total++;
      let found = false;
      for (let dy = -1; dy <= 1 && !found; dy++)
        for (let dx = -1; dx <= 1 && !found; dx++) {
          const j = i + dy * w + dx;
          const d = Math.abs(f.dir[j]! - t.dir[i]!);
          if (f.mag[j]! >= strong / 2 && Math.min(d, Math.PI - d) < 0.35) found = true;
        }
      if (found) kept++;
    }
  return total < 40 ? null : kept / total;
}

async function jpegDataUrl(image: RgbImage, width = 300): Promise<string> {
  const jpeg = await sharp(await encodeImage(image))
    .resize(width)
    .jpeg({ quality: 80 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function quality(ctx: EvalSectionContext, log: (line: string) => void): Promise<void> {
  log(`\n## Large removal, pasted objects of 15% of the photo (${new Date().toISOString()}, load ${load()})`);
  log('Long side 960 px; hole = silhouette grown 3 px; room model computed on the photo WITH the object, as the studio does.');
  log("PSNR dB on the hole / line continuity (share of the truth's straight edges in the hole the fill keeps; - = too few)\n");
  const methods = ['room-guided', 'exemplar', 'diffusion', 'telea'] as const;
  log(`${'scene'.padEnd(50)} ${'object'.padStart(6)} | ${methods.map((m) => m.padEnd(12)).join(' | ')}`);
  const scenes = await removalScenes(0.15, 960);
  const sums: Record<(typeof methods)[number], { psnr: number[]; lines: number[] }> = {
    'room-guided': { psnr: [], lines: [] },
    exemplar: { psnr: [], lines: [] },
    diffusion: { psnr: [], lines: [] },
    telea: { psnr: [], lines: [] },
  };
  const objectPsnr: number[] = [];
  if (ctx.sheet)
    ctx.sheet('<h2>Large removal (15% pasted): with object / room-guided / exemplar / diffusion / Telea / truth</h2>');
  for (const scene of scenes) {
    const room = await roomModel(scene.composite);
    const outs = {
      'room-guided': inpaintDecoded(scene.composite, scene.hole, { room }),
      exemplar: inpaintDecoded(scene.composite, scene.hole),
      diffusion: inpaintDecoded(scene.composite, scene.hole, { method: 'diffusion' }),
      telea: await teleaFill(scene.composite, scene.hole),
    };
    objectPsnr.push(psnr(scene.composite, scene.truth, scene.hole));
    const cells = methods.map((m) => {
      const p = psnr(outs[m], scene.truth, scene.hole);
      const l = lineContinuity(outs[m], scene.truth, scene.hole);
      sums[m].psnr.push(p);
      if (l !== null) sums[m].lines.push(l);
      return `${p.toFixed(1)} / ${l === null ? '-' : l.toFixed(2)}`.padEnd(12);
    });
    log(
      `${scene.name.padEnd(50)} ${objectPsnr.at(-1)!.toFixed(1).padStart(6)} | ${cells.join(' | ')} | room ${room.confidence.toFixed(2)}`,
    );
    if (ctx.sheet) {
      const images = await Promise.all(
        [scene.composite, ...methods.map((m) => outs[m]), scene.truth].map((image) => jpegDataUrl(image, 240)),
      );
      ctx.sheet(`<div class="row">${images.map((u) => `<img src="${u}">`).join('')}<span>${scene.name}</span></div>`);
    }
  }
  log(
    `\nmean PSNR: object ${mean(objectPsnr).toFixed(2)}, ${methods.map((m) => `${m} ${mean(sums[m].psnr).toFixed(2)}`).join(', ')}`,
  );
  log(
    `mean line continuity (${sums.exemplar.lines.length} scenes with lines): ${methods.map((m) => `${m} ${mean(sums[m].lines).toFixed(3)}`).join(', ')}`,
  );
}

/** A fixture cropped to 1920x1280. */
async function photo1920(name: string): Promise<RgbImage> {
  const bytes = await sharp(await readFile(`${FIXTURES_DIR}/${name}`))
    .rotate()
    .resize(1920, 1280, { fit: 'cover' })
    .png()
    .toBuffer();
  return decodeImage(bytes);
}

/**
 * The issue's speed measures on the studio's own engine path: a pool of two workers (the room model's two halves run
 * at once), the photo as JPEG bytes, median of 5 after a warm-up (models load). The room model is timed on five
 * encodings of the photo the pool has not modelled (the server keeps the models of recent photos by their bytes,
 * so a new photo is what a user meets once per session); each removal reads its own photo's model. The HTTP route,
 * base64 and the ledger add ~0.1-0.2 s: `npm run bench:studio` times the operations through the API.
 */
async function speed(log: (line: string) => void): Promise<void> {
  log(`\n## Large removal speed, 1920x1280, on a pool of two workers (${new Date().toISOString()}, load ${load()})`);
  const image = await photo1920('furnished_roomgpt_original-pic.jpg');
  const photos = await Promise.all(Array.from({ length: 6 }, (_, k) => encodeImage(image, 'jpeg', 90 - k)));
  // A 15% piece standing on the floor (its box), and five ~3% pieces for empty-the-room.
  const big: Box = [560, 560, 560 + 780, 560 + 472];
  const five: Box[] = [
    [40, 600, 400, 900],
    [480, 560, 820, 860],
    [900, 620, 1240, 900],
    [1300, 580, 1640, 880],
    [700, 940, 1040, 1240],
  ];
  const share = (boxes: Box[]) => {
    const union = new Uint8Array(1920 * 1280);
    for (const box of boxes) for (let y = box[1]; y < box[3]; y++) union.fill(1, y * 1920 + box[0], y * 1920 + box[2]);
    return (union.reduce((a, b) => a + b, 0) / union.length) * 100;
  };
  // The work runs in the workers: the main thread's CPU time (medianTiming's cpuMs) says nothing of it.
  const runs = (t: Timing) => `median of 5 ${Math.round(t.ms)} ms [${t.runsMs.map((v) => Math.round(v)).join(', ')}]`;
  const pool = createVisionPool({ size: 2 });
  try {
    // The pool moves the buffers it is handed: each call gets its own copy.
    const bytes = (k: number) => new Uint8Array(photos[k]!);
    const rooms: RoomModel[] = [await roomModelOnPool(pool, bytes(0))];
    let next = 1;
    const modelled = await medianTiming(async () => rooms.push(await roomModelOnPool(pool, bytes(next++))));
    log(`room model of a new photo (once per session): ${runs(modelled)}, load ${load()}`);
    for (const [label, call, boxes] of [
      ['remove a 15% object (box), room-guided', (k: number) => pool.run('removeObject', bytes(k), big, rooms[k]), [big]],
      ['remove a 15% object (box), plain', (k: number) => pool.run('removeObject', bytes(k), big), [big]],
      ['empty the room, 5 objects (box), room-guided', (k: number) => pool.run('removeObjects', bytes(k), five, rooms[k]), five],
    ] as const) {
      let k = 0;
      const timing = await medianTiming(() => call(k++ % rooms.length), { warmUp: true });
      log(`${label} (boxes ${share([...boxes]).toFixed(1)}% of the photo): ${runs(timing)}, load ${load()}`);
    }
  } finally {
    await pool.close();
  }
}

/** The largest detected object of each room photo, removed with and without the room model, for the sheet. */
async function largestSheet(ctx: EvalSectionContext, log: (line: string) => void): Promise<void> {
  if (!ctx.sheet) return;
  const rooms = [
    'furnished_roomgpt_original-pic.jpg',
    'furnished_houses_101_bedroom.jpg',
    'furnished_houses_103_bedroom.jpg',
    'furnished_houses_118_bedroom.jpg',
    'furnished_houses_143_bedroom.jpg',
    'furnished_houses_120_kitchen.jpg',
    'furnished_maateusx_bagunca-antes_cluttered.jpg',
    'sparse_houses_235_bedroom.jpg',
    'sparse_houses_245_bedroom.jpg',
    'coco_val2017_000000000139.jpg',
    'coco_val2017_000000006818.jpg',
    'sunrgbd_implicit3d_demo1.jpg',
    // Listing bedrooms first looked at in session 15 (nothing was tuned on them before).
    'furnished_houses_104_bedroom.jpg',
    'furnished_houses_107_bedroom.jpg',
    'furnished_houses_113_bedroom.jpg',
    'furnished_houses_122_bedroom.jpg',
    'furnished_houses_130_bedroom.jpg',
    'furnished_houses_152_bedroom.jpg',
    'furnished_houses_163_bedroom.jpg',
    'furnished_houses_180_bedroom.jpg',
  ];
  ctx.sheet('<h2>Removal of the largest detected object: photo / room-guided / without the room model</h2>');
  for (const name of rooms) {
    const image = await fixtureAt960(name);
    const detections = await detectObjects(image);
    const area = (b: readonly number[]) => (b[2]! - b[0]!) * (b[3]! - b[1]!);
    const largest = [...detections].sort((a, b) => area(b.bbox) - area(a.bbox))[0];
    if (!largest) continue;
    const room = await roomModel(image, { detections });
    const guided = await removeObject(image, largest.bbox, { room });
    const plain = await removeObject(image, largest.bbox);
    const share = ((area(largest.bbox) / (image.width * image.height)) * 100).toFixed(1);
    log(`sheet: ${name}: ${largest.class_name} ${share}% removed`);
    const images = await Promise.all([image, guided, plain].map((i) => jpegDataUrl(i, 320)));
    ctx.sheet(
      `<div class="row">${images.map((u) => `<img src="${u}">`).join('')}<span>${name}: ${largest.class_name} (${share}% box)</span></div>`,
    );
  }
}

export async function run(ctx: EvalSectionContext = {}): Promise<void> {
  const log = ctx.log ?? ((line: string) => console.log(line));
  const args = ctx.args ?? [];
  if (!args.includes('--no-quality')) await quality(ctx, log);
  if (!args.includes('--no-speed')) await speed(log);
  await largestSheet(ctx, log);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run({ args: process.argv.slice(2) });
