/**
 * Pieces in 3D (`placePosedPiece`) beside today's sprites (`placeFurniture`): the issue's geometric measures on
 * synthetic rooms with known cameras (back edge against the floor-wall line, a 2 m sofa's width, a piece behind an
 * earlier one), the place time at 1920x1280 (median of 5, both paths in the same run), and a contact sheet of real
 * fixture rooms furnished both ways, for a person to judge. `run(ctx)` for `npm run eval:vision`; stand-alone:
 *   node --import tsx packages/vision/scripts/sections/place-3d.ts [--out dir] [--meshes dir] [--no-sheet | --sheet-only]
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import type { Box } from '../../src/mask.ts';
import { decodeImage, encodeImage, resizeImage, type RgbImage } from '../../src/image.ts';
import { defaultPose, floorPoint } from '../../src/place/default-pose.ts';
import { knownRoomModel } from '../../src/place/known-room.ts';
import { loadMesh, type PieceMesh } from '../../src/place/mesh.ts';
import { loadSprite, placeFurniture, placeFurnitureDetailed } from '../../src/place/index.ts';
import { placePosedPiece, type EarlierPiece } from '../../src/place/posed.ts';
import type { PiecePose } from '../../src/place/pose.ts';
import { boxSofa, texturedBox } from '../../src/place/test-meshes.ts';
import type { FurnitureSpriteInfo, PlaceableSprite, RoomGeometry } from '../../src/place/types.ts';
import { roomModel } from '../../src/room/index.ts';
import { detectObjects, type Detection } from '../../src/detect/detect.ts';
import type { RoomModel } from '../../src/room/types.ts';
import { FIXTURES_DIR } from '../../src/testing/fixtures.ts';
import { renderSyntheticRoom, type SyntheticRoomRender } from '../../src/testing/synthetic-rooms.ts';
import { describeTiming, loadAverage, medianTiming } from '../lib/timing.ts';
import type { EvalSectionContext } from '../lib/section.ts';

const FURNITURE_DIR = fileURLToPath(new URL('../../../furniture/', import.meta.url));
const SHEET_THEME = 'japandi';
const SHEET_TYPES = ['rug', 'sofa', 'coffee_table', 'armchair', 'floor_lamp'] as const;
const SHEET_ROOMS = [
  'empty_maateusx_enhance-before.jpg',
  'empty_maateusx_furnish-before.jpg',
  'empty_maateusx_video-reforma-poster_MAYBE-CGI.jpg',
  'furnished_houses_101_bedroom.jpg',
];

type Log = (line: string) => void;

/** World point -> photo pixel with the room model's camera. */
function project(room: RoomModel, p: readonly [number, number, number]): [number, number] {
  const r = room.camera.rotation;
  const c = [0, 1, 2].map((k) => r[k * 3]! * p[0] + r[k * 3 + 1]! * p[1] + r[k * 3 + 2]! * p[2]);
  const [cx, cy] = room.camera.principalPoint;
  return [cx + (room.camera.focalPx * c[0]!) / c[2]!, cy + (room.camera.focalPx * c[1]!) / c[2]!];
}

/** The sprite path's geometry from a known camera (its best case: no estimation error). */
function spriteGeometry(room: RoomModel): RoomGeometry {
  return {
    width: room.width,
    height: room.height,
    horizonY: room.camera.horizon.yCentre,
    vanishingX: room.camera.principalPoint[0],
    cameraHeightCm: room.camera.heightM * 100,
    focalPx: room.camera.focalPx,
    lightFromX: 0,
    horizonSource: 'lines',
    cameraSource: 'objects',
  };
}

async function manifest(): Promise<(FurnitureSpriteInfo & { theme?: string | null })[]> {
  const path = join(FURNITURE_DIR, 'manifest.json');
  if (!existsSync(path)) return [];
  const parsed = JSON.parse(await readFile(path, 'utf8')) as unknown;
  return Array.isArray(parsed) ? (parsed as (FurnitureSpriteInfo & { theme?: string | null })[]) : [];
}

/** The library's sprite of a type in a theme, with its front view attached when there is one. */
async function librarySprite(theme: string, type: string): Promise<PlaceableSprite | null> {
  const entries = (await manifest()).filter(
    (e) => e.theme === theme && e.type === type && existsSync(join(FURNITURE_DIR, e.image)),
  );
  const main = entries.find((e) => e.view === 'three-quarter') ?? entries[0];
  if (!main) return null;
  const sprite = await loadSprite(main, FURNITURE_DIR);
  const front = entries.find((e) => e.view === 'front');
  return front ? { ...sprite, front: await loadSprite(front, FURNITURE_DIR) } : sprite;
}

/** Changed pixels (any channel differs by more than `threshold`). */
function changedMask(a: RgbImage, b: RgbImage, threshold = 12): Uint8Array {
  const out = new Uint8Array(a.width * a.height);
  for (let i = 0; i < out.length; i++) {
    const d = Math.max(
      Math.abs(a.data[i * 3]! - b.data[i * 3]!),
      Math.abs(a.data[i * 3 + 1]! - b.data[i * 3 + 1]!),
      Math.abs(a.data[i * 3 + 2]! - b.data[i * 3 + 2]!),
    );
    if (d > threshold) out[i] = 1;
  }
  return out;
}

function lineAngle(points: [number, number][]): number {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p[0], 0) / n;
  const my = points.reduce((s, p) => s + p[1], 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of points) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) * (x - mx);
  }
  return (Math.atan2(sxy, sxx) * 180) / Math.PI;
}

/** Angle of the top outline of the changed pixels in a box (middle 70% of its columns). */
function topEdgeAngle(mask: Uint8Array, W: number, box: Box): number {
  const [x1, y1, x2, y2] = box;
  const points: [number, number][] = [];
  for (let x = Math.round(x1 + (x2 - x1) * 0.15); x < x1 + (x2 - x1) * 0.85; x++) {
    for (let y = y1; y < y2; y++) {
      if (mask[y * W + x]) {
        points.push([x, y]);
        break;
      }
    }
  }
  return points.length > 2 ? lineAngle(points) : NaN;
}

/** Synthetic rooms whose camera faces the far wall within 8 degrees (one-point rooms), at 960x640. */
function onePointRooms(count: number): SyntheticRoomRender[] {
  const rooms: SyntheticRoomRender[] = [];
  for (let seed = 1; rooms.length < count && seed < 200; seed++) {
    const probe = renderSyntheticRoom(seed, { width: 48, height: 32, supersample: 1 });
    if (Math.abs(probe.camera.yaw) > (8 * Math.PI) / 180 || probe.room.front < 3.2) continue;
    rooms.push(renderSyntheticRoom(seed, { width: 960, height: 640, supersample: 1 }));
  }
  return rooms;
}

const fmt = (values: number[], digits = 2): string => {
  const finite = values.filter(Number.isFinite);
  const sorted = [...finite].sort((a, b) => a - b);
  return finite.length
    ? `median ${sorted[sorted.length >> 1]!.toFixed(digits)}, max ${sorted[sorted.length - 1]!.toFixed(digits)} (n ${finite.length})`
    : 'n/a';
};

/** The issue's three measures, for the 3D path and for today's sprites placed at the same spots. */
async function syntheticMeasures(log: Log, sofaMesh: PieceMesh, sofaSprite: PlaceableSprite | null): Promise<void> {
  const rooms = onePointRooms(6);
  const angle3d: number[] = [];
  const angleSprite: number[] = [];
  const width3d: number[] = [];
  const widthSprite: number[] = [];
  const leak3d: number[] = [];
  const leakSprite: number[] = [];
  const sofaWidth = sofaMesh.max[0] - sofaMesh.min[0];
  const sofaDepth = sofaMesh.max[2] - sofaMesh.min[2];
  const behindMesh = texturedBox(1.2, 1.9, 0.4, [200, 170, 60]);
  // No theme of the sheet's has a bookshelf sprite: a traditional one stands behind.
  const behindSprite = sofaSprite ? await librarySprite('traditional', 'bookshelf') : null;
  for (const render of rooms) {
    const room = knownRoomModel(render);
    const h = render.camera.heightM;
    const far = render.room.front;
    const foot = [project(room, [-1, -h, far]), project(room, [1, -h, far])];
    const wallAngle = lineAngle(foot);
    const click = project(room, [0, -h, far - 0.6]);
    // Against the far wall, by the click.
    const pose = defaultPose(
      room,
      { x: click[0], y: click[1] },
      'sofa',
      1,
      [],
      [sofaMesh.min[0], sofaMesh.min[2], sofaMesh.max[0], sofaMesh.max[2]],
    );
    const posed = await placePosedPiece(render.image, { room, mesh: sofaMesh, furnitureType: 'sofa', pose });
    const mask = changedMask(render.image, posed.image);
    angle3d.push(Math.abs(topEdgeAngle(mask, room.width, posed.pieceBox) - wallAngle));
    // True width: the footprint's front edge (nearest, widest) projected.
    const frontZ = pose.position[1] - sofaDepth / 2;
    const trueWidth = Math.abs(project(room, [sofaWidth / 2, -h, frontZ])[0] - project(room, [-sofaWidth / 2, -h, frontZ])[0]);
    width3d.push((100 * Math.abs(posed.pieceBox[2] - posed.pieceBox[0] - trueWidth)) / trueWidth);
    // Behind it, an earlier piece in front: how much of the earlier piece's pixels the later one paints over.
    const behind: PiecePose = { position: [pose.position[0] + 0.4, pose.position[1] - 0.0], yawDeg: 180, scale: 1 };
    const inFront: PiecePose = { position: [pose.position[0], pose.position[1] - 1.4], yawDeg: 180, scale: 1 };
    const first = await placePosedPiece(render.image, { room, mesh: sofaMesh, furnitureType: 'sofa', pose: inFront });
    const second = await placePosedPiece(first.image, {
      room,
      mesh: behindMesh,
      furnitureType: 'bookshelf',
      pose: behind,
      placed: [{ mesh: sofaMesh, pose: inFront, furnitureType: 'sofa' }],
    });
    leak3d.push(overPainted(render.image, first.image, second.image, first.pieceBox));
    if (!sofaSprite) continue;
    // Today's sprite path at the same floor point (its contact is the footprint centre), with the true camera.
    const geometry = spriteGeometry(room);
    const at = project(room, [pose.position[0], -h, pose.position[1]]);
    const sprite = await placeFurnitureDetailed(render.image, {
      x: at[0],
      y: at[1],
      sprite: sofaSprite,
      sizeScale: sofaWidth / (sofaSprite.sizeCm.width / 100),
      geometry,
    });
    const spriteMask = changedMask(render.image, sprite.image);
    angleSprite.push(Math.abs(topEdgeAngle(spriteMask, room.width, sprite.placement.pieceBox) - wallAngle));
    const pb = sprite.placement.pieceBox;
    widthSprite.push((100 * Math.abs(pb[2] - pb[0] - trueWidth)) / trueWidth);
    if (behindSprite) {
      const f = project(room, [inFront.position[0], -h, inFront.position[1]]);
      const b = project(room, [behind.position[0], -h, behind.position[1]]);
      const s1 = await placeFurnitureDetailed(render.image, { x: f[0], y: f[1], sprite: sofaSprite, sizeScale: 1, geometry });
      const s2 = await placeFurniture(s1.image, { x: b[0], y: b[1], sprite: behindSprite, sizeScale: 1, geometry });
      leakSprite.push(overPainted(render.image, s1.image, s2, s1.placement.pieceBox));
    }
  }
  log(`synthetic one-point rooms (${rooms.length}, 960x640, true camera given to both paths):`);
  log(`  back edge vs floor-wall line, degrees: 3D ${fmt(angle3d)}; sprite ${fmt(angleSprite)} (target <= 3)`);
  log(`  2 m sofa width error, %: 3D ${fmt(width3d, 1)}; sprite ${fmt(widthSprite, 1)} (target <= 10)`);
  log(
    `  piece behind an earlier one, share of the earlier piece's pixels painted over, %: 3D ${fmt(leak3d, 1)}; sprite ${fmt(leakSprite, 1)} (target 0)`,
  );
}

/** Percent of the earlier piece's pixels (changed by it, inside its box) that the later placement changed again. */
function overPainted(photo: RgbImage, first: RgbImage, second: RgbImage, box: Box): number {
  const earlier = changedMask(photo, first, 24);
  const later = changedMask(first, second, 12);
  let total = 0;
  let painted = 0;
  for (let y = box[1]; y < box[3]; y++) {
    for (let x = box[0]; x < box[2]; x++) {
      const i = y * photo.width + x;
      if (!earlier[i]) continue;
      total++;
      if (later[i]) painted++;
    }
  }
  return total ? (100 * painted) / total : NaN;
}

/** Place time at 1920x1280: the 3D path (mesh loaded, room model given) beside today's sprite path (geometry given). */
export async function placeTimings(
  log: Log,
  sofaMesh: PieceMesh,
  sofaSprite: PlaceableSprite | null,
  label: string,
): Promise<void> {
  const source = await decodeImage(await readFile(join(FIXTURES_DIR, 'empty_maateusx_furnish-before.jpg')));
  const photo = await resizeImage(source, 1920, 1280);
  const room = await roomModel(photo);
  const click = { x: 960, y: 1000 };
  const request = { room, mesh: sofaMesh, furnitureType: 'sofa', click };
  const once = await placePosedPiece(photo, request);
  const posed = await medianTiming(() => placePosedPiece(photo, request), { runs: 5 });
  const box = once.pieceBox;
  log(
    `place-3d 1920x1280 (${label}, ${box[2] - box[0]}x${box[3] - box[1]} px, room model given): ${describeTiming(posed, true)} [${posed.runsMs.map((t) => t.toFixed(0)).join(', ')}] (target <= 500 ms)`,
  );
  if (sofaSprite) {
    const geometry = spriteGeometry(room);
    const sprite = await medianTiming(
      () => placeFurniture(photo, { x: click.x, y: click.y, sprite: sofaSprite, sizeScale: 1, geometry }),
      { runs: 5, warmUp: true },
    );
    log(
      `place (today's sprite, ${sofaSprite.id}) 1920x1280, geometry given: ${describeTiming(sprite, true)} [${sprite.runsMs.map((t) => t.toFixed(0)).join(', ')}]`,
    );
  }
}

/** The library's meshes of a theme, else the ones built in code. */
async function sheetMeshes(dir: string): Promise<Map<string, PieceMesh>> {
  const meshes = new Map<string, PieceMesh>();
  for (const type of SHEET_TYPES) {
    const path = join(dir, `${type}.glb`);
    if (existsSync(path)) meshes.set(type, await loadMesh(path));
  }
  if (meshes.size === 0) {
    meshes.set('rug', texturedBox(2.3, 0.01, 1.6, [180, 160, 130]));
    meshes.set('sofa', boxSofa(2.1, 0.95, 0.85, [170, 165, 150]));
    meshes.set('coffee_table', texturedBox(1.1, 0.42, 0.6, [150, 110, 70]));
    meshes.set('armchair', texturedBox(0.8, 0.8, 0.8, [120, 130, 110]));
  }
  return meshes;
}

interface Staged {
  image: RgbImage;
  poses: { type: string; pose: PiecePose }[];
}

/**
 * A living-room set against the far wall: the sofa by a click 85% of the way to the wall facing the camera, the rug
 * and coffee table before it, an armchair to one side turned to the table, a lamp beside the sofa. Each piece by
 * its own click and `defaultPose`, as the studio would.
 */
async function stage3d(
  photo: RgbImage,
  room: RoomModel,
  meshes: Map<string, PieceMesh>,
  detections: readonly Detection[],
): Promise<Staged> {
  const r = room.camera.rotation;
  const forward = [r[6]!, r[8]!];
  const length = Math.hypot(forward[0]!, forward[1]!);
  const f: [number, number] = [forward[0]! / length, forward[1]! / length];
  const h = room.camera.heightM;
  // The far wall along the camera's heading.
  const wallAt = floorPoint(room, room.width / 2, room.camera.horizon.yCentre - 1);
  const reach = Math.hypot(wallAt[0], wallAt[1]);
  const sofaSpot: [number, number] = [f[0] * reach * 0.85, f[1] * reach * 0.85];
  const placed: EarlierPiece[] = [];
  const poses: { type: string; pose: PiecePose }[] = [];
  let image = photo;
  const clickOf = (p: [number, number]) => {
    const [x, y] = project(room, [p[0], -h, p[1]]);
    return { x, y };
  };
  const sofaMesh = meshes.get('sofa');
  const footprintOf = (m: PieceMesh): [number, number, number, number] => [m.min[0], m.min[2], m.max[0], m.max[2]];
  const sofaPose = sofaMesh ? defaultPose(room, clickOf(sofaSpot), 'sofa', 1, [], footprintOf(sofaMesh)) : null;
  const front: [number, number] = sofaPose
    ? [Math.sin((sofaPose.yawDeg * Math.PI) / 180), Math.cos((sofaPose.yawDeg * Math.PI) / 180)]
    : [-f[0], -f[1]];
  const side: [number, number] = [front[1], -front[0]];
  const base = sofaPose?.position ?? sofaSpot;
  const spots: Record<string, [number, number]> = {
    rug: [base[0] + front[0] * 1.2, base[1] + front[1] * 1.2],
    sofa: sofaSpot,
    coffee_table: [base[0] + front[0] * 1.25, base[1] + front[1] * 1.25],
    armchair: [base[0] + front[0] * 1.1 + side[0] * 1.6, base[1] + front[1] * 1.1 + side[1] * 1.6],
    floor_lamp: [base[0] - side[0] * 1.35, base[1] - side[1] * 1.35],
  };
  for (const type of SHEET_TYPES) {
    const mesh = meshes.get(type);
    if (!mesh) continue;
    const click = clickOf(spots[type]!);
    if (!(click.x >= 0 && click.x < room.width && click.y >= 0 && click.y < room.height)) continue;
    const pose = defaultPose(
      room,
      click,
      type,
      1,
      poses.map((p) => ({ furnitureType: p.type, pose: p.pose })),
      footprintOf(mesh),
    );
    try {
      const out = await placePosedPiece(image, { room, mesh, furnitureType: type, pose, placed, detections });
      image = out.image;
      placed.push({ mesh, pose, furnitureType: type });
      poses.push({ type, pose });
    } catch {
      // Out of the photo at that spot: left out.
    }
  }
  return { image, poses };
}

/** Today's sprites of the same theme at the same floor points (far to near), geometry from the same camera. */
async function stageSprites(
  photo: RgbImage,
  room: RoomModel,
  poses: { type: string; pose: PiecePose }[],
  detections: readonly Detection[],
): Promise<RgbImage> {
  const geometry = spriteGeometry(room);
  const order = [...poses].sort((a, b) =>
    a.type === 'rug' ? -1 : b.type === 'rug' ? 1 : b.pose.position[1] - a.pose.position[1],
  );
  let image = photo;
  for (const { type, pose } of order) {
    const sprite = await librarySprite(SHEET_THEME, type);
    if (!sprite) continue;
    const [x, y] = project(room, [pose.position[0], -room.camera.heightM, pose.position[1]]);
    image = await placeFurniture(image, { x, y, sprite, sizeScale: 1, geometry, detections });
  }
  return image;
}

async function writeSheet(outDir: string, meshDir: string, log: Log): Promise<string> {
  await mkdir(outDir, { recursive: true });
  const meshes = await sheetMeshes(meshDir);
  log(`sheet meshes: ${[...meshes.keys()].join(', ')} (${existsSync(join(meshDir, 'sofa.glb')) ? meshDir : 'built in code'})`);
  const tiles: Buffer[] = [];
  const tileW = 560;
  // First a ray-cast room with its exact model (what the placement does when the room model is right), then the
  // fixtures with the estimated one.
  for (const file of ['synthetic-room-2', ...SHEET_ROOMS]) {
    const path = join(FIXTURES_DIR, file);
    const synthetic = file.startsWith('synthetic') ? renderSyntheticRoom(2, { width: 960, height: 640, supersample: 2 }) : null;
    if (!synthetic && !existsSync(path)) continue;
    const photo = synthetic ? synthetic.image : await decodeImage(await readFile(path));
    const detections = synthetic ? [] : await detectObjects(photo);
    const room = synthetic ? knownRoomModel(synthetic) : await roomModel(photo, { detections });
    const staged = await stage3d(photo, room, meshes, detections);
    const sprites = await stageSprites(photo, room, staged.poses, detections);
    log(
      `  ${file}: focal ${room.camera.focalPx.toFixed(0)} px, horizon ${room.camera.horizon.yCentre.toFixed(0)}, ${room.walls.length} walls, ${room.openings.length} openings; ${staged.poses.map((p) => `${p.type} yaw ${p.pose.yawDeg.toFixed(0)}`).join(', ')}`,
    );
    for (const [image, name] of [
      [staged.image, '3d'],
      [sprites, 'sprites'],
    ] as const) {
      const jpeg = await sharp(await encodeImage(image))
        .jpeg({ quality: 90 })
        .toBuffer();
      await writeFile(join(outDir, `${file.replace(/\.[a-z]+$/, '')}-${name}.jpg`), jpeg);
      tiles.push(
        await sharp(jpeg)
          .resize({ width: tileW, height: Math.round(tileW / 1.5), fit: 'contain', background: '#fff' })
          .png()
          .toBuffer(),
      );
    }
  }
  const rows = Math.ceil(tiles.length / 2);
  const sheetPath = join(outDir, 'place-3d-sheet.png');
  await sharp({ create: { width: tileW * 2, height: Math.round(tileW / 1.5) * rows, channels: 3, background: '#fff' } })
    .composite(tiles.map((input, i) => ({ input, left: (i % 2) * tileW, top: Math.floor(i / 2) * Math.round(tileW / 1.5) })))
    .png()
    .toFile(sheetPath);
  log(
    `contact sheet (left: 3D, right: today's sprites at the same floor points; first row a ray-cast room with its exact model): ${sheetPath}`,
  );
  return sheetPath;
}

export async function run(ctx: EvalSectionContext & { meshDir?: string; sheetOnly?: boolean } = {}): Promise<void> {
  const log = ctx.log ?? ((line: string) => console.log(line));
  log(`\n## Pieces in 3D (${new Date().toISOString()}, load ${loadAverage()})`);
  const meshDir = ctx.meshDir ?? join(FURNITURE_DIR, 'meshes', SHEET_THEME);
  const libraryMesh = existsSync(join(meshDir, 'sofa.glb')) ? await loadMesh(join(meshDir, 'sofa.glb')) : null;
  const sofaMesh = libraryMesh ?? boxSofa(2, 0.9, 0.85);
  const sofaSprite = await librarySprite(SHEET_THEME, 'sofa');
  if (!ctx.sheetOnly) await syntheticMeasures(log, boxSofa(2, 0.9, 0.85), sofaSprite);
  if (!ctx.sheetOnly)
    await placeTimings(
      log,
      sofaMesh,
      sofaSprite,
      libraryMesh ? `${SHEET_THEME} sofa GLB, ${sofaMesh.indices.length / 3} triangles` : 'box sofa built in code',
    );
  if (ctx.outDir) {
    const sheet = await writeSheet(ctx.outDir, meshDir, log);
    ctx.sheet?.(`<h2>Pieces in 3D</h2><p>left: 3D, right: today's sprites</p><img src="${sheet}" width="1120">`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const outDir = args.includes('--out') ? args[args.indexOf('--out') + 1] : 'place-3d-sheet';
  await run({
    outDir: args.includes('--no-sheet') || !outDir ? undefined : resolve(outDir),
    sheetOnly: args.includes('--sheet-only'),
    meshDir: args.includes('--meshes') ? resolve(args[args.indexOf('--meshes') + 1]!) : undefined,
  });
}
