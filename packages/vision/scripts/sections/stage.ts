/**
 * One-click staging: 8 empty rooms (the 3 empty fixture photos, the 4 rendered guide rooms and a ray-cast room),
 * each staged by `autoStage` in a theme of its own beside its plan drawn as wireframe boxes over the photo; the
 * plans of ray-cast rooms with their exact models and of a box room with a door and a window; and the time of
 * autoStage of 6 pieces at 1920x1280 (median of 5, with the load). The bedroom is staged in japandi (nightstands),
 * the dining room in scandinavian (dining chairs), the office in industrial (a desk): a theme without the room
 * type's main piece stages little. A theme whose meshes are not exported yet borrows another theme's (logged).
 * `run(ctx)` for `npm run eval:vision`; stand-alone:
 *   node --import tsx packages/vision/scripts/sections/stage.ts [--out dir] [--synthetic-only | --timing-only]
 *     [--no-timing] [--cache-models]
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { decodeImage, encodeImage, resizeImage, type RgbImage } from '../../src/image.ts';
import { decodeRoomLabels, roomModel } from '../../src/room/index.ts';
import type { RoomModel } from '../../src/room/types.ts';
import { corners, footprint } from '../../src/stage/footprint.ts';
import {
  autoStage,
  meshFurniture,
  planStaging,
  planWithMeshes,
  ROOM_TYPES,
  type RoomType,
  type StageFurniture,
  type StagingPlan,
} from '../../src/stage/index.ts';
import { medianTiming } from '../lib/timing.ts';
import { project, roomFrame } from '../../src/stage/room-frame.ts';
import { boxRoomModel, onePointRoom, syntheticRoomModel } from '../../src/testing/box-room-model.ts';
import { FIXTURES_DIR } from '../../src/testing/fixtures.ts';
import { renderSyntheticRoom } from '../../src/testing/synthetic-rooms.ts';
import type { EvalSectionContext } from '../lib/section.ts';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const FURNITURE_DIR = join(REPO, 'packages', 'furniture');
const GUIDES = join(REPO, 'apps', 'web', 'public', 'images', 'guides');

/** The sheet's rooms: each with the room type a stager would pick (null: guessed) and a theme of its own. */
export const STAGE_ROOMS: { name: string; path: string | { synthetic: number }; roomType: RoomType | null; theme: string }[] = [
  {
    name: 'maateusx enhance-before',
    path: join(FIXTURES_DIR, 'empty_maateusx_enhance-before.jpg'),
    roomType: 'living',
    theme: 'minimalism',
  },
  {
    name: 'maateusx furnish-before',
    path: join(FIXTURES_DIR, 'empty_maateusx_furnish-before.jpg'),
    roomType: 'living',
    theme: 'mid-century-modern',
  },
  {
    name: 'maateusx reforma poster',
    path: join(FIXTURES_DIR, 'empty_maateusx_video-reforma-poster_MAYBE-CGI.jpg'),
    roomType: null,
    theme: 'coastal',
  },
  { name: 'guide living (render)', path: join(GUIDES, 'living-before.webp'), roomType: 'living', theme: 'bohemian' },
  { name: 'guide bedroom (render)', path: join(GUIDES, 'bedroom-before.webp'), roomType: 'bedroom', theme: 'japandi' },
  { name: 'guide dining (render)', path: join(GUIDES, 'dining-before.webp'), roomType: 'dining', theme: 'scandinavian' },
  { name: 'guide office (render)', path: join(GUIDES, 'office-before.webp'), roomType: 'office', theme: 'industrial' },
  // The fixtures hold 3 empty photos and the guides 4 empty renders; the eighth is a ray-cast room (no boxes in it).
  { name: 'synthetic 11 (ray-cast)', path: { synthetic: 11 }, roomType: 'living', theme: 'contemporary' },
];

interface ManifestEntry {
  type: string;
  theme: string | null;
  view: string;
  sizeCm: { width: number; depth: number; height: number };
}

/** The theme's pieces with their real sizes, from the library's manifest (read as plain JSON: eval only). */
export async function themeFurniture(theme: string): Promise<StageFurniture[]> {
  const manifest = JSON.parse(await readFile(join(FURNITURE_DIR, 'manifest.json'), 'utf8')) as ManifestEntry[];
  return manifest.filter((e) => e.theme === theme && e.view === 'three-quarter').map((e) => ({ type: e.type, sizeCm: e.sizeCm }));
}

/** Themes whose meshes stand in, in this order, for a piece whose own theme has no mesh exported yet. */
const BORROW_FROM = ['japandi', 'contemporary', 'scandinavian', 'minimalism', 'modern-farmhouse', 'mid-century-modern'];

/**
 * The theme's meshes by type (the types its library has), as the server would find them with `findMesh`; a piece
 * whose mesh is not exported yet is borrowed from another theme (named in `borrowed`) so that the sheet shows the
 * arrangement.
 */
export async function themeMeshes(theme: string): Promise<{ meshes: Record<string, string>; borrowed: string[] }> {
  const meshes: Record<string, string> = {};
  const borrowed: string[] = [];
  for (const { type } of await themeFurniture(theme)) {
    const own = join(FURNITURE_DIR, 'meshes', theme, `${type}.glb`);
    if (existsSync(own)) {
      meshes[type] = own;
      continue;
    }
    const other = BORROW_FROM.map((t) => join(FURNITURE_DIR, 'meshes', t, `${type}.glb`)).find((path) => existsSync(path));
    if (other) {
      meshes[type] = other;
      borrowed.push(type);
    }
  }
  return { meshes, borrowed };
}

const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

const COLOURS: Record<string, string> = {
  sofa: '#ff5a5a',
  bed: '#ff5a5a',
  dining_table: '#ff5a5a',
  desk: '#ff5a5a',
  rug: '#ffd23c',
  coffee_table: '#3cc8ff',
  armchair: '#64ff64',
  dining_chair: '#64ff64',
  office_chair: '#64ff64',
};

/** The plan over the photo: each piece's footprint filled on the floor and its box drawn as a wireframe. */
export async function planOverlay(image: RgbImage, room: RoomModel, plan: StagingPlan): Promise<Buffer> {
  const frame = roomFrame(room);
  const k = image.width / room.width;
  const shapes: string[] = [];
  for (const p of plan.pieces) {
    const f = footprint(p.pose.position[0], p.pose.position[1], p.pose.yawDeg, p.sizeCm, p.pose.scale, p.furnitureType === 'rug');
    const base = corners(f).map(([x, z]) => project(frame, [x, -frame.eyeM, z]));
    const top = corners(f).map(([x, z]) => project(frame, [x, -frame.eyeM + f.heightM, z]));
    if (base.some((q) => !q) || top.some((q) => !q)) continue;
    const pt = (q: { x: number; y: number } | null) => `${(q!.x * k).toFixed(1)},${(q!.y * k).toFixed(1)}`;
    const colour = COLOURS[p.furnitureType] ?? '#ffffff';
    shapes.push(
      `<polygon points="${base.map(pt).join(' ')}" fill="${colour}" fill-opacity="0.3" stroke="${colour}" stroke-width="2"/>`,
    );
    if (p.furnitureType !== 'rug') {
      shapes.push(`<polygon points="${top.map(pt).join(' ')}" fill="none" stroke="${colour}" stroke-width="2"/>`);
      for (let i = 0; i < 4; i++)
        shapes.push(`<polyline points="${pt(base[i]!)} ${pt(top[i]!)}" stroke="${colour}" stroke-width="2"/>`);
      // The front edge thicker: where the piece faces.
      shapes.push(`<polyline points="${pt(base[2]!)} ${pt(base[3]!)}" stroke="#000" stroke-width="5"/>`);
    }
    const c = project(frame, [p.pose.position[0], -frame.eyeM + f.heightM, p.pose.position[1]]);
    if (c)
      shapes.push(
        `<text x="${c.x * k}" y="${c.y * k - 4}" fill="${colour}" font-size="${Math.round(14 * Math.max(1, image.width / 1000))}" font-family="sans-serif">${p.furnitureType} ${p.pose.scale}</text>`,
      );
  }
  for (const o of room.openings) {
    shapes.push(
      `<polygon points="${o.polygon.map(([x, y]) => `${x * k},${y * k}`).join(' ')}" fill="none" stroke="${o.kind === 'door' ? '#ff00ff' : '#00ffff'}" stroke-width="3" stroke-dasharray="8 4"/>`,
    );
  }
  shapes.push(
    `<polygon points="${room.floor.polygon.map(([x, y]) => `${x * k},${y * k}`).join(' ')}" fill="none" stroke="#fff" stroke-width="1" stroke-dasharray="3 3"/>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${image.width}" height="${image.height}">${shapes.join('')}</svg>`;
  return sharp(await encodeImage(image))
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Pieces the contemporary theme lacks, at typical sizes, so that every arrangement can be drawn on the box room. */
const EXTRA: StageFurniture[] = [
  { type: 'nightstand', sizeCm: { width: 50, depth: 42, height: 56 } },
  { type: 'dresser', sizeCm: { width: 130, depth: 52, height: 82 } },
  { type: 'dining_chair', sizeCm: { width: 46, depth: 54, height: 86 } },
  { type: 'desk', sizeCm: { width: 130, depth: 62, height: 75 } },
  { type: 'bookshelf', sizeCm: { width: 100, depth: 34, height: 190 } },
];

/** A flat picture of a room model's labels (floor, walls, ceiling, openings), for drawing plans on box rooms. */
function labelPicture(room: RoomModel): RgbImage {
  const labels = decodeRoomLabels(room);
  const { width: lw, height: lh } = room.labels;
  const colours = [
    [150, 110, 80],
    [215, 210, 200],
    [240, 240, 236],
    [120, 170, 220],
    [90, 90, 90],
  ];
  const data = new Uint8Array(room.width * room.height * 3);
  for (let y = 0; y < room.height; y++) {
    for (let x = 0; x < room.width; x++) {
      const c = colours[labels[Math.floor((y * lh) / room.height) * lw + Math.floor((x * lw) / room.width)]!]!;
      data.set(c, (y * room.width + x) * 3);
    }
  }
  return { data, width: room.width, height: room.height };
}

async function photoAt(path: string, longSide: number): Promise<RgbImage> {
  const image = await decodeImage(await readFile(path));
  const s = longSide / Math.max(image.width, image.height);
  return resizeImage(image, Math.round(image.width * s), Math.round(image.height * s));
}

/** autoStage of a 6-piece living room on the guide's living room at 1920x1280, japandi meshes, median of 5. */
async function timeAutoStage(log: (line: string) => void): Promise<void> {
  const photo = await decodeImage(await readFile(join(GUIDES, 'living-before.webp')));
  const image = await resizeImage(photo, 1920, 1280);
  const room = await roomModel(await resizeImage(photo, 1280, 853));
  const { meshes } = await themeMeshes('japandi');
  const plan = planStaging(room, 'living', 'japandi', { furniture: await meshFurniture(meshes) });
  const t = await medianTiming(() => autoStage(image, room, 'living', 'japandi', { meshes, plan }), { runs: 5, warmUp: true });
  const planTime = await medianTiming(() => planWithMeshes(room, 'living', 'japandi', meshes), { runs: 5 });
  log(
    `autoStage, ${plan.pieces.length} pieces (${plan.pieces.map((p) => p.furnitureType).join(', ')}), 1920x1280, plan given: ` +
      `median ${t.ms.toFixed(0)} ms [${t.runsMs.map((v) => v.toFixed(0)).join(', ')}], CPU ${t.cpuMs.toFixed(0)} ms; ` +
      `the plan alone ${planTime.ms.toFixed(0)} ms; load ${load()}`,
  );
}

export async function run(ctx: EvalSectionContext & { plansOnly?: boolean }): Promise<unknown> {
  const log = ctx.log ?? ((line: string) => console.log(line));
  const args = ctx.args ?? [];
  log(`\n## Stage (${new Date().toISOString()}, load ${load()})`);
  const outDir = ctx.outDir;
  if (outDir) await mkdir(outDir, { recursive: true });
  const rows: string[] = [];
  const results: { name: string; roomType: RoomType; theme: string; pieces: number; scale: number; skipped: string[] }[] = [];
  for (const [i, r] of STAGE_ROOMS.entries()) {
    if (args.includes('--synthetic-only') || args.includes('--timing-only')) break;
    if (typeof r.path === 'string' && !existsSync(r.path)) {
      log(`${r.name}: missing (${r.path})`);
      continue;
    }
    const photo =
      typeof r.path === 'string'
        ? await photoAt(r.path, 1280)
        : renderSyntheticRoom(r.path.synthetic, { width: 1280, height: 853 }).image;
    const started = performance.now();
    const cached = args.includes('--cache-models') && outDir ? join(outDir, `model-${i + 1}.json`) : null;
    const room: RoomModel =
      cached && existsSync(cached) ? (JSON.parse(await readFile(cached, 'utf8')) as RoomModel) : await roomModel(photo);
    if (cached) await writeFile(cached, JSON.stringify(room));
    const modelMs = performance.now() - started;
    const { meshes, borrowed } = await themeMeshes(r.theme);
    const t0 = performance.now();
    const plan = await planWithMeshes(room, r.roomType, r.theme, meshes, undefined, photo);
    const planMs = performance.now() - t0;
    const t1 = performance.now();
    const staged = await autoStage(photo, room, plan.roomType, r.theme, { meshes, plan });
    const stageMs = performance.now() - t1;
    results.push({
      name: r.name,
      roomType: plan.roomType,
      theme: r.theme,
      pieces: staged.placed.length,
      scale: plan.scale,
      skipped: plan.skipped,
    });
    log(
      `${r.name.padEnd(30)} ${plan.roomType.padEnd(8)}${r.roomType ? '' : ' (guessed)'} ${r.theme.padEnd(20)} ${staged.placed.length} pieces at ${plan.scale}` +
        `${plan.skipped.length ? `, skipped ${plan.skipped.join(', ')}` : ''}${borrowed.length ? `, meshes borrowed: ${borrowed.join(', ')}` : ''}` +
        `; walls ${room.walls.length}, openings ${room.openings.map((o) => o.kind).join('/') || 'none'}; model ${modelMs.toFixed(0)} ms, plan ${planMs.toFixed(0)} ms, draw ${stageMs.toFixed(0)} ms`,
    );
    if (outDir) {
      const name = `stage-${i + 1}.jpg`;
      await writeFile(
        join(outDir, name),
        await sharp(await encodeImage(staged.image))
          .jpeg({ quality: 88 })
          .toBuffer(),
      );
      await writeFile(join(outDir, `stage-plan-${i + 1}.jpg`), await planOverlay(photo, room, plan));
      rows.push(
        `<figure><a href="${name}"><img src="${name}" width="480"></a><img src="stage-plan-${i + 1}.jpg" width="480"><figcaption>${r.name}: ${plan.roomType} / ${r.theme}, ${staged.placed.length} pieces at ${plan.scale}${borrowed.length ? ` (borrowed meshes: ${borrowed.join(', ')})` : ''}</figcaption></figure>`,
      );
    }
  }
  if (!args.includes('--no-timing') && !args.includes('--synthetic-only')) await timeAutoStage(log);
  if (outDir) {
    // Synthetic rooms with known cameras: the plan of each room type.
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const render = renderSyntheticRoom(seed, { width: 720, height: 480 });
      const room = syntheticRoomModel(render);
      const furniture = await themeFurniture('contemporary');
      for (const roomType of ['living', 'bedroom'] as const) {
        const plan = planStaging(room, roomType, 'contemporary', { furniture });
        const name = `stage-synthetic-${seed}-${roomType}.jpg`;
        await writeFile(join(outDir, name), await planOverlay(render.image, room, plan));
        rows.push(
          `<figure><img src="${name}" width="360"><figcaption>synthetic ${seed} ${roomType}: ${plan.pieces.length} pieces at ${plan.scale}</figcaption></figure>`,
        );
      }
    }
    // A one-point box room with a door on the back wall and a window on the left: every room type.
    const box = boxRoomModel(
      onePointRoom({
        openings: [
          { wall: 'front', kind: 'door', u0: -0.45, u1: 0.45, v0: 0, v1: 2.05 },
          { wall: 'left', kind: 'window', u0: 2.0, u1: 3.4, v0: 0.9, v1: 2.2 },
        ],
      }),
    );
    for (const roomType of ROOM_TYPES) {
      const plan = planStaging(box, roomType, 'test', {
        furniture: await themeFurniture('contemporary').then((f) => [...f, ...EXTRA]),
      });
      const name = `stage-box-${roomType}.jpg`;
      await writeFile(join(outDir, name), await planOverlay(labelPicture(box), box, plan));
      rows.push(
        `<figure><img src="${name}" width="360"><figcaption>box room ${roomType}: ${plan.pieces.length} pieces at ${plan.scale}</figcaption></figure>`,
      );
    }
    await writeFile(
      join(outDir, 'index.html'),
      `<!doctype html><meta charset="utf-8"><body style="background:#222;color:#ddd;font:13px sans-serif;display:flex;flex-wrap:wrap;gap:8px">${rows.join('')}</body>`,
    );
    // The sheet lies beside this folder: its images are read from it.
    const folder = basename(outDir);
    const html = rows.join('').replace(/(src|href)="stage-/g, `$1="${folder}/stage-`);
    ctx.sheet?.(
      `<h2>Stage: autoStage (left) and its plan (right), then plans of synthetic and box rooms</h2><div class="grid">${html}</div>`,
    );
  }
  return results;
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1] ?? '')).href) {
  const args = process.argv.slice(2);
  const outDir = args.includes('--out') ? args[args.indexOf('--out') + 1] : join(tmpdir(), 'stagecraft-stage-eval');
  await run({ outDir, args, plansOnly: args.includes('--plans-only') });
}
