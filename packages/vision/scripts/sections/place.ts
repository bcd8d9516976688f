/**
 * Placement: timings on a 1920x1280 photo (place, median of 5; replace = remove + place) and a contact sheet of
 * every theme's set placed into three fixture rooms (the fixture cut-outs until rendered sprites exist), for a
 * person to judge. `run(ctx)` for `npm run eval:vision`; stand-alone:
 *   node --import tsx packages/vision/scripts/sections/place.ts [--out dir] [--no-sheet | --sheet-only]
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import type { Detection } from '../../src/detect/detect.ts';
import { objectMask } from '../../src/cutout/mark-object.ts';
import { decodeImage, encodeImage, resizeImage, type RgbImage } from '../../src/image.ts';
import { estimateRoomGeometry } from '../../src/place/geometry.ts';
import { customSprite, loadSprite, placeFurniture, placeFurnitureDetailed, replaceObject } from '../../src/place/index.ts';
import type { FurnitureSpriteInfo, PlaceableSprite } from '../../src/place/types.ts';
import { FIXTURES_DIR } from '../../src/testing/fixtures.ts';
import type { EvalSectionContext } from '../lib/section.ts';

/** The eval's section context (scripts/lib/section.ts), plus a switch to skip the timings when iterating on the sheet. */
export interface PlaceEvalContext extends EvalSectionContext {
  sheetOnly?: boolean;
}

const FURNITURE_DIR = fileURLToPath(new URL('../../../furniture/', import.meta.url));

/**
 * Each sheet room's staging frame: where the main piece stands (fractions of width and height), how far toward the
 * camera the arrangement reaches (a fraction of the height) and how wide it spreads (a fraction of the width).
 */
const SHEET_ROOMS: { file: string; back: [number, number]; front: number; span: number }[] = [
  { file: 'empty_maateusx_enhance-before.jpg', back: [0.5, 0.66], front: 0.86, span: 0.75 },
  { file: 'empty_maateusx_furnish-before.jpg', back: [0.42, 0.63], front: 0.85, span: 0.55 },
  { file: 'empty_maateusx_video-reforma-poster_MAYBE-CGI.jpg', back: [0.4, 0.65], front: 0.86, span: 0.4 },
];

/**
 * Where each type goes in a living-room style arrangement: dx across the span (-0.5..0.5), dy from the back line
 * (0) to the front (1). Types not listed take the free slots in order.
 */
const ARRANGEMENT: Record<string, [number, number]> = {
  sofa: [0, 0],
  rug: [0, 0.45],
  coffee_table: [0, 0.45],
  armchair: [-0.36, 0.55],
  ottoman: [0.3, 0.62],
  side_table: [0.33, 0.03],
  floor_lamp: [-0.36, 0.02],
  plant: [0.45, 0.0],
  bed: [0.28, -0.14],
  nightstand: [0.52, -0.14],
  dining_table: [0.3, -0.14],
  dining_chair: [0.12, -0.06],
  desk: [0.3, -0.14],
  tv_stand: [-0.46, 0.3],
  dresser: [0.42, -0.06],
  bookshelf: [-0.46, -0.06],
};
const FREE_SLOTS: [number, number][] = [
  [0.2, 0.8],
  [-0.2, 0.85],
  [0.45, 0.4],
  [-0.45, 0.4],
];

interface SheetSet {
  name: string;
  sprites: PlaceableSprite[];
}

const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Wall-clock times, and the CPU time of this process (a fairer figure on a loaded machine; sharp's threads count). */
async function timeIt(runs: number, fn: () => Promise<unknown>): Promise<number[] & { cpu: number[] }> {
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    await fn();
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
    times.push(performance.now() - started);
  }
  return Object.assign(times, { cpu });
}

function describe(times: number[] & { cpu: number[] }): string {
  return `median ${median(times).toFixed(0)} ms [${times.map((t) => t.toFixed(0)).join(', ')}], CPU median ${median(times.cpu).toFixed(0)} ms`;
}

/** The rendered library's manifest when the assets pipeline has produced one (read as plain JSON: eval only). */
async function renderedSprites(): Promise<(FurnitureSpriteInfo & { theme: string | null })[]> {
  for (const path of [join(FURNITURE_DIR, 'manifest.json'), join(FURNITURE_DIR, 'sprites', 'manifest.json')]) {
    if (!existsSync(path)) continue;
    const parsed = JSON.parse(await readFile(path, 'utf8')) as unknown;
    const list = Array.isArray(parsed) ? parsed : (parsed as { sprites?: unknown }).sprites;
    if (Array.isArray(list)) return list as (FurnitureSpriteInfo & { theme: string | null })[];
  }
  return [];
}

async function fixtureCutouts(): Promise<PlaceableSprite[]> {
  const cutouts: [string, string][] = [
    ['furni_couch.png', 'armchair'],
    ['furni_sofa.png', 'armchair'],
    ['furni_product-1.png', 'dining_chair'],
    ['furni_product-2.png', 'armchair'],
    ['furni_product-3.png', 'dining_chair'],
  ];
  return Promise.all(
    cutouts.map(async ([file, type]) => customSprite(await readFile(join(FIXTURES_DIR, 'furniture', file)), { type })),
  );
}

async function sheetSets(): Promise<SheetSet[]> {
  const manifest = await renderedSprites();
  if (manifest.length === 0) return [{ name: 'fixture cut-outs (no rendered sprites yet)', sprites: await fixtureCutouts() }];
  const byTheme = new Map<string, PlaceableSprite[]>();
  const available = manifest.filter((info) => existsSync(join(FURNITURE_DIR, info.image))); // some may still render
  for (const info of available) {
    // A front view goes with its piece (placement picks the view), never on its own.
    if (info.view === 'front') continue;
    const frontInfo = available.find((other) => other.view === 'front' && other.id === `${info.id}-front`);
    const piece = await loadSprite(info, FURNITURE_DIR);
    const sprite = frontInfo ? { ...piece, front: await loadSprite(frontInfo, FURNITURE_DIR) } : piece;
    const theme = info.theme ?? 'neutral';
    byTheme.set(theme, [...(byTheme.get(theme) ?? []), sprite]);
  }
  if (byTheme.size === 0) return [{ name: 'fixture cut-outs (no rendered sprites yet)', sprites: await fixtureCutouts() }];
  return [...byTheme.entries()].map(([name, sprites]) => ({ name, sprites }));
}

/** A set staged in a room: rugs first (flat, under everything), then far to near so nearer pieces overlap. */
async function stageRoom(photo: RgbImage, room: (typeof SHEET_ROOMS)[number], sprites: PlaceableSprite[]): Promise<RgbImage> {
  const geometry = await estimateRoomGeometry(photo);
  const taken = new Set<string>();
  let free = 0;
  const placed = sprites.map((sprite) => {
    const wanted = ARRANGEMENT[sprite.type];
    // A rug lies under the coffee table: it shares that slot.
    const isRug = sprite.type === 'rug';
    const slot = wanted && (isRug || !taken.has(wanted.join())) ? wanted : (FREE_SLOTS[free++ % FREE_SLOTS.length] ?? [0, 0.5]);
    if (!isRug) taken.add(slot.join());
    const x = (room.back[0] + slot[0] * room.span) * photo.width;
    const y = (room.back[1] + slot[1] * (room.front - room.back[1])) * photo.height;
    return { sprite, x, y, order: sprite.type === 'rug' ? -1 : y };
  });
  placed.sort((a, b) => a.order - b.order);
  let staged = photo;
  for (const { sprite, x, y } of placed) staged = await placeFurniture(staged, { x, y, sprite, sizeScale: 1, geometry });
  return staged;
}

async function writeSheet(outDir: string, log: (line: string) => void): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const sets = await sheetSets();
  const rooms = await Promise.all(
    SHEET_ROOMS.map(async (r) => ({ ...r, photo: await decodeImage(await readFile(join(FIXTURES_DIR, r.file))) })),
  );
  const rows: string[] = [];
  for (const set of sets) {
    const cells: string[] = [];
    for (const [index, room] of rooms.entries()) {
      const staged = await stageRoom(room.photo, room, set.sprites);
      const name = `place-${set.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${index + 1}.jpg`;
      const jpeg = await sharp(await encodeImage(staged))
        .resize({ width: 1200, withoutEnlargement: true })
        .jpeg({ quality: 85 })
        .toBuffer();
      await writeFile(join(outDir, name), jpeg);
      cells.push(`<td><a href="${name}"><img src="${name}" width="400"></a></td>`);
    }
    rows.push(
      `<tr><th>${set.name}<br><small>${set.sprites.map((s) => (s.id === 'custom' ? s.type : s.id)).join(', ')}</small></th>${cells.join('')}</tr>`,
    );
  }
  // Occlusion: pieces placed behind and beside the annotated furniture of a furnished COCO room.
  const furnished = await decodeImage(await readFile(join(FIXTURES_DIR, 'coco_val2017_000000004495.jpg')));
  const boxes = JSON.parse(await readFile(join(FIXTURES_DIR, 'ann', 'coco_val2017_000000004495.boxes.json'), 'utf8')) as {
    class_name: string;
    bbox: [number, number, number, number];
  }[];
  const detections: Detection[] = boxes.map((b, i) => ({
    id: String(i),
    class_name: b.class_name === 'couch' ? 'sofa' : b.class_name,
    bbox: b.bbox,
    confidence: 0.9,
  }));
  const all = sets.flatMap((set) => set.sprites);
  const pick = (type: string) => all.find((sprite) => sprite.type === type) ?? all[0]!;
  // One geometry for the photo: estimated again on the staged result, a placed lamp's legs would vote too.
  const furnishedGeometry = await estimateRoomGeometry(furnished, detections);
  let staged = furnished;
  for (const [type, x, y] of [
    ['floor_lamp', 300, 250],
    ['plant', 440, 235],
    ['side_table', 170, 300],
  ] as const) {
    staged = await placeFurniture(staged, { x, y, sprite: pick(type), sizeScale: 1, detections, geometry: furnishedGeometry });
  }
  await writeFile(join(outDir, 'place-occlusion.jpg'), await encodeImage(staged, 'jpeg', 90));
  rows.push(
    `<tr><th>occlusion<br><small>floor lamp and plant behind the annotated sofa, side table beside the armchair</small></th><td colspan="3"><img src="place-occlusion.jpg" width="500"></td></tr>`,
  );
  const html = `<!doctype html><meta charset="utf-8"><title>Placement contact sheet</title>
<style>body{font-family:sans-serif}th{text-align:left;vertical-align:top;width:180px}img{display:block}</style>
<h1>Placement: every set in three fixture rooms</h1><p>${new Date().toISOString()}. Judge: scale, contact with the floor, shadows, light and colour, facing.</p>
<table>${rows.join('\n')}</table>`;
  await writeFile(join(outDir, 'place.html'), html);
  log(`contact sheet: ${join(outDir, 'place.html')} (${sets.length} sets x ${rooms.length} rooms)`);
}

export async function run(ctx: PlaceEvalContext = {}): Promise<void> {
  const log = ctx.log ?? ((line: string) => console.log(line));
  log(`\n## Placement (${new Date().toISOString()}, load ${load()})`);
  const sheetOnly = ctx.sheetOnly || ctx.args?.includes('--place-sheet-only');
  if (!sheetOnly) await placementTimings(log, ctx.outDir);
  if (ctx.outDir) {
    await writeSheet(ctx.outDir, log);
    const folder = basename(ctx.outDir);
    const thumbs = (await readdir(ctx.outDir))
      .filter((f) => f.endsWith('.jpg'))
      .sort()
      .map((f) => `<a href="${folder}/${f}"><img src="${folder}/${f}" height="160" title="${f}"></a>`);
    ctx.sheet?.(
      `<h2>Placement</h2><p><a href="${folder}/place.html">every set in three rooms, full size</a></p><div class="grid">${thumbs.join('')}</div>`,
    );
  }
}

/**
 * Placement and replacement medians on a 1920x1280 photo (for `npm run bench` too): wall-clock and this process's
 * CPU time, since the machine is shared. Writes the replacement results into `outDir` when given.
 */
export async function placementTimings(log: (line: string) => void = console.log, outDir?: string): Promise<void> {
  const source = await decodeImage(await readFile(join(FIXTURES_DIR, 'empty_maateusx_furnish-before.jpg')));
  const photo = await resizeImage(source, 1920, 1280);
  const jpeg = new Uint8Array(await encodeImage(photo, 'jpeg', 92));
  const sets = await sheetSets();
  const all = sets.flatMap((set) => set.sprites);
  const sprite = all.find((s) => s.type === 'sofa') ?? all[0]!;
  const request = { x: 760, y: 1050, sprite, sizeScale: 1 };

  // First call on a photo: decode + line geometry (OpenCV warm-up excluded by one untimed call on another photo).
  await estimateRoomGeometry(source);
  const cold = await timeIt(1, () => placeFurniture(jpeg, request));
  const fromJpeg = await timeIt(5, () => placeFurniture(jpeg, request));
  const geometry = await estimateRoomGeometry(photo);
  const fromPixels = await timeIt(5, () => placeFurniture(photo, { ...request, geometry }));
  const { placement } = await placeFurnitureDetailed(photo, { ...request, geometry });
  log(
    `sprite ${sprite.id}/${sprite.type}, piece ${placement.pieceBox[2] - placement.pieceBox[0]}x${placement.pieceBox[3] - placement.pieceBox[1]} px`,
  );
  log(
    `place 1920x1280, JPEG in, first call on the photo (geometry estimated): ${cold[0]!.toFixed(0)} ms, CPU ${cold.cpu[0]!.toFixed(0)} ms`,
  );
  log(`place 1920x1280, JPEG in, geometry cached: ${describe(fromJpeg)}`);
  log(`place 1920x1280, pixels in, geometry given: ${describe(fromPixels)} (target < 500 ms)`);

  // Replace: a real chair in a COCO bedroom (about 7% of the photo), scaled to 1920x1280.
  const room = await decodeImage(await readFile(join(FIXTURES_DIR, 'coco_val2017_000000001993.jpg')));
  const big = await resizeImage(room, 1920, 1280);
  const k = [1920 / room.width, 1280 / room.height];
  const chair: Detection = {
    id: 'chair',
    class_name: 'chair',
    bbox: [Math.round(109 * k[0]!), Math.round(250 * k[1]!), Math.round(228 * k[0]!), Math.round(409 * k[1]!)],
    confidence: 0.9,
  };
  const replaced = await timeIt(3, () => replaceObject(big, chair, sprite));
  log(
    `replace 1920x1280 (remove a chair box ${chair.bbox[2] - chair.bbox[0]}x${chair.bbox[3] - chair.bbox[1]}, then place): ${describe(replaced)}`,
  );
  const maskTimes = await timeIt(1, () => objectMask(big, chair.bbox));
  const tight = await objectMask(big, chair.bbox);
  const replacedTight = await timeIt(3, () => replaceObject(big, chair, sprite, { mask: tight }));
  log(
    `objectMask for that chair (the server may pass it as the removal mask): ${maskTimes[0]!.toFixed(0)} ms, CPU ${maskTimes.cpu[0]!.toFixed(0)} ms`,
  );
  log(`replace with the tight mask: ${describe(replacedTight)}`);
  log(`load after: ${load()}`);
  if (outDir) {
    await mkdir(outDir, { recursive: true });
    await writeFile(join(outDir, 'replace-box.jpg'), await encodeImage(await replaceObject(big, chair, sprite), 'jpeg', 85));
    await writeFile(
      join(outDir, 'replace-mask.jpg'),
      await encodeImage(await replaceObject(big, chair, sprite, { mask: tight }), 'jpeg', 85),
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const outDir = args.includes('--out') ? args[args.indexOf('--out') + 1] : 'place-sheet';
  await run({
    outDir: args.includes('--no-sheet') || !outDir ? undefined : resolve(outDir),
    sheetOnly: args.includes('--sheet-only'),
  });
}
