/**
 * Issue 15 ("Vision IV"): the 8 empty rooms of the autoStage sheet (packages/vision/scripts/sections/stage.ts,
 * `STAGE_ROOMS`), each staged through the real HTTP API as a user's studio does: a design session on the photo
 * (1920 px long side, JPEG), its room model, the free plan of "Stage this room", then the plan's pieces placed one
 * by one as themed placements (each click the piece's floor position seen through the room model's camera, with
 * the plan's yaw, on the previous result), and beside it one-click staging of the original. Writes a PNG contact
 * sheet (rows: rooms; columns: original, one click, piece by piece) and each image, and prints a markdown table.
 *
 *   node --import tsx bench/staging-through-api.ts [--out dir] [--rooms 1,4] [--plan-scale]
 *
 * Each piece is placed at size_scale 1, the studio's default (`--plan-scale`: at the plan's scale, which one-click
 * staging draws; the plan shrinks pieces in a small room).
 * Like bench/studio.ts: the real app on an embedded PGlite database, driven through app.inject.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  STUDIO_ROUTES,
  type ResultImageResponse,
  type StageRoomPlanResponse,
  type StageRoomResponse,
  type StagingRoomType,
  type ThemeKey,
} from '@stagecraft/contracts';
import type { RoomModel } from '@stagecraft/vision';
import sharp from 'sharp';
import { embeddedApp } from './embedded-app.ts';
import { projectFloor, roomFrame } from '../packages/vision/src/stage/room-frame.ts';
import { renderSyntheticRoom } from '../packages/vision/src/testing/synthetic-rooms.ts';
import { STAGE_ROOMS } from '../packages/vision/scripts/sections/stage.ts';
import { dataUrl, studioUser, type StudioTestUser } from '../apps/server/test/studio.ts';

const { values } = parseArgs({
  options: { out: { type: 'string' }, rooms: { type: 'string' }, 'plan-scale': { type: 'boolean', default: false } },
});
const outDir = values.out ?? mkdtempSync(path.join(os.tmpdir(), 'stagecraft-staging-api-'));
mkdirSync(outDir, { recursive: true });
const onlyRooms = values.rooms?.split(',').map(Number);

const LONG_SIDE = 1920;
const sizeScaleLabel = values['plan-scale'] ? "the plan's scale" : 'size_scale 1';
const CELL_WIDTH = 640;

type StageRoom = (typeof STAGE_ROOMS)[number];

interface PlacementCall {
  furnitureType: string;
  status: number | 'outside';
  ms: number;
  credits: number;
  detail: string;
  /** Metres between the plan's floor position and the pose the server drew (null: nothing drawn). */
  driftM: number | null;
  yawDriftDeg: number | null;
}

interface RoomResult {
  index: number;
  room: StageRoom;
  roomType: StagingRoomType | null;
  guessed: boolean;
  planned: number;
  planScale: string;
  placements: PlacementCall[];
  oneClick: { status: number; ms: number; credits: number; drawn: number; detail: string };
  roomModelMs: number;
  load: number;
  skipped: string;
}

const load1 = () => os.loadavg()[0] ?? 0;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : (sorted[Math.floor(sorted.length / 2)] ?? Number.NaN);
};
const detailOf = (body: string) => {
  try {
    return String((JSON.parse(body) as { detail?: unknown }).detail ?? body).slice(0, 160);
  } catch {
    return body.slice(0, 160);
  }
};
const yawDifference = (a: number, b: number) => {
  const d = Math.abs((((a - b) % 360) + 360) % 360);
  return Math.min(d, 360 - d);
};

/** The room as the user uploads it: 1920 px on the long side, JPEG (a ray-cast room rendered at that size). */
async function roomPhoto(room: StageRoom): Promise<Buffer> {
  if (typeof room.path !== 'string') {
    const { image } = renderSyntheticRoom(room.path.synthetic, { width: LONG_SIDE, height: Math.round((LONG_SIDE * 2) / 3) });
    return sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
  }
  return sharp(await readFile(room.path))
    .resize({ width: LONG_SIDE, height: LONG_SIDE, fit: 'inside' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const embedded = await embeddedApp('staging-api-data');
const { ctx } = embedded;

/** The bytes of a stored result, read back through its signed media URL as the browser does. */
async function mediaBytes(url: string): Promise<Buffer> {
  const response = await ctx.app.inject({ method: 'GET', url });
  if (response.statusCode !== 200) throw new Error(`media ${url}: ${response.statusCode}`);
  return response.rawPayload;
}

async function stageThroughApi(user: StudioTestUser, index: number, room: StageRoom): Promise<RoomResult> {
  const result: RoomResult = {
    index,
    room,
    roomType: room.roomType as StagingRoomType | null,
    guessed: room.roomType === null,
    planned: 0,
    planScale: '',
    placements: [],
    oneClick: { status: 0, ms: 0, credits: 0, drawn: 0, detail: '' },
    roomModelMs: 0,
    load: 0,
    skipped: '',
  };
  const theme = room.theme as ThemeKey;
  const photo = await roomPhoto(room);
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  const prefix = path.join(outDir, `room-${index}`);
  await writeFile(`${prefix}-original.jpg`, photo);
  const original = dataUrl(photo);

  await user.renewToken();
  const session = await user.post(STUDIO_ROUTES.sessions, { image_data: original });
  if (session.statusCode !== 201) throw new Error(`${room.name}: session ${session.statusCode} ${session.body}`);
  const sessionId = session.json<{ session: { session_id: string } }>().session.session_id;
  const modelStarted = performance.now();
  const modelResponse = await user.get(STUDIO_ROUTES.sessionRoomModel(sessionId));
  result.roomModelMs = performance.now() - modelStarted;
  if (modelResponse.statusCode !== 200) throw new Error(`${room.name}: room model ${modelResponse.statusCode}`);
  // The wire's room model is the engine's RoomModel as JSON (contracts: studioRoomModel).
  const roomModel = modelResponse.json<{ room_model: RoomModel }>().room_model;
  const frame = roomFrame(roomModel);
  const toPhoto = width / roomModel.width;

  const typeField = room.roomType ? { room_type: room.roomType } : {};
  const planResponse = await user.post(STUDIO_ROUTES.stageRoomPlan, { session_id: sessionId, theme_key: theme, ...typeField });
  if (planResponse.statusCode !== 200) {
    result.skipped = `plan ${planResponse.statusCode}: ${detailOf(planResponse.body)}`;
    return result;
  }
  const plan = planResponse.json<StageRoomPlanResponse>();
  result.roomType = plan.room_type;
  result.planned = plan.pieces.length;
  result.planScale = [...new Set(plan.pieces.map((piece) => piece.pose.scale))].join('/');

  // Piece by piece: each click where the plan puts the piece on the floor, on the previous result.
  let current = original;
  let credits = await user.credits();
  for (const [step, piece] of plan.pieces.entries()) {
    const at = projectFloor(frame, piece.pose.position);
    const x = at ? Math.round(at.x * toPhoto * 10) / 10 : -1;
    const y = at ? Math.round(at.y * toPhoto * 10) / 10 : -1;
    if (!at || x < 0 || y < 0 || x >= width || y >= height) {
      // The studio cannot click outside the photo: the piece is not placed.
      result.placements.push({
        furnitureType: piece.furniture_type,
        status: 'outside',
        ms: 0,
        credits: 0,
        detail: `floor point projects to (${x.toFixed(0)}, ${y.toFixed(0)}), outside the photo`,
        driftM: null,
        yawDriftDeg: null,
      });
      continue;
    }
    await user.renewToken();
    const started = performance.now();
    const response = await user.post(STUDIO_ROUTES.placeThemedFurniture, {
      image_data: current,
      session_id: sessionId,
      theme_key: theme,
      furniture_item: piece.furniture_type,
      x,
      y,
      image_width: width,
      image_height: height,
      size_scale: values['plan-scale'] ? piece.pose.scale : 1,
      yaw_degrees: piece.pose.yaw_degrees,
    });
    const ms = performance.now() - started;
    const call: PlacementCall = {
      furnitureType: piece.furniture_type,
      status: response.statusCode,
      ms,
      credits: 0,
      detail: '',
      driftM: null,
      yawDriftDeg: null,
    };
    if (response.statusCode === 200) {
      const body = response.json<ResultImageResponse>();
      call.credits = credits - body.credits_remaining;
      credits = body.credits_remaining;
      current = body.result_image;
      if (body.pose) {
        call.driftM = Math.hypot(body.pose.position[0] - piece.pose.position[0], body.pose.position[1] - piece.pose.position[1]);
        call.yawDriftDeg = yawDifference(body.pose.yaw_degrees, piece.pose.yaw_degrees);
      } else {
        call.detail = 'drawn as a sprite (no pose)';
      }
      await writeFile(`${prefix}-step-${step + 1}-${piece.furniture_type}.jpg`, await mediaBytes(current));
    } else {
      call.detail = detailOf(response.body);
      const now = await user.credits();
      call.credits = credits - now;
      credits = now;
    }
    result.placements.push(call);
  }
  await writeFile(`${prefix}-piece-by-piece.jpg`, current === original ? photo : await mediaBytes(current));

  // One click on the original, for the same room, theme and type.
  await user.renewToken();
  const stageStarted = performance.now();
  const staged = await user.post(STUDIO_ROUTES.stageRoom, {
    image_data: original,
    session_id: sessionId,
    theme_key: theme,
    ...typeField,
  });
  result.oneClick.ms = performance.now() - stageStarted;
  result.oneClick.status = staged.statusCode;
  if (staged.statusCode === 200) {
    const body = staged.json<StageRoomResponse>();
    result.oneClick.credits = credits - body.credits_remaining;
    result.oneClick.drawn = body.staged.length;
    await writeFile(`${prefix}-one-click.jpg`, await mediaBytes(body.result_image));
  } else {
    result.oneClick.detail = detailOf(staged.body);
    await writeFile(`${prefix}-one-click.jpg`, photo);
  }
  result.load = load1();
  return result;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Lines of caption text as an SVG band `width` x `height`. */
function captionBand(lines: string[], width: number, height: number, size = 15): Buffer {
  const text = lines
    .map(
      (line, i) =>
        `<text x="6" y="${18 + i * (size + 4)}" font-size="${size}" font-family="sans-serif" fill="#eee">${escapeXml(line)}</text>`,
    )
    .join('');
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${text}</svg>`);
}

const placedOf = (r: RoomResult) => r.placements.filter((call) => call.status === 200).length;
const failuresOf = (r: RoomResult) => r.placements.filter((call) => call.status !== 200);
const placementMsOf = (r: RoomResult) => median(r.placements.filter((call) => call.status === 200).map((call) => call.ms));
const maxDriftOf = (r: RoomResult) => Math.max(0, ...r.placements.flatMap((call) => (call.driftM === null ? [] : [call.driftM])));

/** Rows: rooms; columns: original, one click, piece by piece, each CELL_WIDTH wide, captions below. */
async function contactSheet(results: RoomResult[]): Promise<string> {
  const gap = 8;
  const captionHeight = 84;
  const sheetWidth = 3 * CELL_WIDTH + 4 * gap;
  const layers: sharp.OverlayOptions[] = [];
  let top = gap;
  for (const r of results) {
    const prefix = path.join(outDir, `room-${r.index}`);
    const files = [`${prefix}-original.jpg`, `${prefix}-one-click.jpg`, `${prefix}-piece-by-piece.jpg`];
    let rowHeight = 0;
    for (const [column, file] of files.entries()) {
      const cell = await sharp(file).resize({ width: CELL_WIDTH }).png().toBuffer({ resolveWithObject: true });
      rowHeight = Math.max(rowHeight, cell.info.height);
      layers.push({ input: cell.data, left: gap + column * (CELL_WIDTH + gap), top });
    }
    const failures = failuresOf(r)
      .map((call) => `${call.furnitureType} ${call.status}`)
      .join(', ');
    const type = `${r.roomType ?? '?'}${r.guessed ? ' (guessed)' : ''}`;
    const captions = [
      [
        `${r.index}. ${r.room.name}`,
        `${type} / ${r.room.theme}`,
        r.skipped || `plan: ${r.planned} pieces at scale ${r.planScale}`,
      ],
      [
        `one click: ${r.oneClick.status}${r.oneClick.status === 200 ? `, ${r.oneClick.drawn} drawn` : ` ${r.oneClick.detail}`}`,
        `${r.oneClick.ms.toFixed(0)} ms, ${r.oneClick.credits} credits`,
      ],
      [
        `piece by piece (${sizeScaleLabel}): ${placedOf(r)}/${r.planned} placed, median ${placementMsOf(r).toFixed(0)} ms each`,
        `order: ${r.placements.map((call) => call.furnitureType).join(', ')}`.slice(0, 80),
        failures ? `failed: ${failures}`.slice(0, 80) : `max drift from plan ${maxDriftOf(r).toFixed(2)} m`,
      ],
    ];
    for (const [column, lines] of captions.entries()) {
      layers.push({
        input: captionBand(lines, CELL_WIDTH, captionHeight),
        left: gap + column * (CELL_WIDTH + gap),
        top: top + rowHeight,
      });
    }
    top += rowHeight + captionHeight + gap;
  }
  const file = path.join(outDir, 'staging-through-api.png');
  await sharp({ create: { width: sheetWidth, height: top, channels: 3, background: '#222' } })
    .composite(layers)
    .png()
    .toFile(file);
  return file;
}

try {
  const user = await studioUser(ctx, { credits: 100_000, plan: 'pro' });
  const results: RoomResult[] = [];
  console.log(
    `# Staging through the API, pieces at ${sizeScaleLabel} (${new Date().toISOString()}, ${os.cpus().length} cores, load ${load1().toFixed(2)})`,
  );
  for (const [i, room] of STAGE_ROOMS.entries()) {
    if (onlyRooms && !onlyRooms.includes(i + 1)) continue;
    const r = await stageThroughApi(user, i + 1, room);
    const failures = failuresOf(r);
    console.log(
      `${r.index}. ${room.name}: room model ${r.roomModelMs.toFixed(0)} ms; ${r.skipped || `${placedOf(r)}/${r.planned} placed`}; ` +
        r.placements
          .map(
            (call) =>
              `${call.furnitureType} ${call.status} ${call.ms.toFixed(0)} ms ${call.credits} cr` +
              (call.driftM === null ? '' : ` drift ${call.driftM.toFixed(2)} m/${call.yawDriftDeg?.toFixed(0)} deg`),
          )
          .join('; ') +
        `; one click ${r.oneClick.status} ${r.oneClick.ms.toFixed(0)} ms ${r.oneClick.credits} cr` +
        (failures.length
          ? `; failures: ${failures.map((call) => `${call.furnitureType} ${call.status} ${call.detail}`).join(' | ')}`
          : ''),
    );
    results.push(r);
  }
  const sheet = await contactSheet(results);

  console.log(
    `\n| room | theme | type | pieces planned | pieces placed | failures | median ms per placement | max drift from plan (m) | stage-room ms | load |`,
  );
  console.log(`| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |`);
  for (const r of results) {
    const failures = failuresOf(r).map((call) => `${call.furnitureType} ${call.status}: ${call.detail}`);
    const oneClick = r.oneClick.status === 200 ? r.oneClick.ms.toFixed(0) : `${r.oneClick.status} ${r.oneClick.detail}`;
    console.log(
      `| ${r.room.name} | ${r.room.theme} | ${r.roomType ?? '?'}${r.guessed ? ' (guessed)' : ''} | ${r.planned} | ${placedOf(r)} | ` +
        `${r.skipped || failures.join('; ') || 'none'} | ${placementMsOf(r).toFixed(0)} | ${maxDriftOf(r).toFixed(2)} | ${oneClick} | ${r.load.toFixed(2)} |`,
    );
  }
  const allPlacements = results.flatMap((r) => r.placements);
  const placedMs = allPlacements.filter((call) => call.status === 200).map((call) => call.ms);
  const stageMs = results.filter((r) => r.oneClick.status === 200).map((r) => r.oneClick.ms);
  console.log(
    `\nAll rooms: ${placedMs.length}/${results.reduce((n, r) => n + r.planned, 0)} planned pieces placed, ` +
      `${allPlacements.length - placedMs.length} failed; median placement ${median(placedMs).toFixed(0)} ms, ` +
      `median stage-room ${median(stageMs).toFixed(0)} ms; load ${os
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
  );
  console.log(`Contact sheet: ${sheet} (each image beside it)`);
} finally {
  await embedded.close();
}
