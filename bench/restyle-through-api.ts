/**
 * Issue 16 ("Room inspiration"): the local restyle of four fixture rooms in four themes, through the real HTTP API
 * as the inspiration page calls it (POST /api/transform-room-bis/user=<id> with the photo, then the job until it
 * ends). Writes a PNG contact sheet (rows: rooms; columns: the photo, its restyle) and each result, and prints a
 * markdown table: provider, status, time, what was staged, the structure warning.
 *
 *   node --import tsx bench/restyle-through-api.ts [--out dir] [--long-side 1280]
 *
 * Like bench/studio.ts: the real app on an embedded PGlite database, driven through app.inject.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { INSPIRATION_ROUTES, type Prediction, type RestyleJob, type ThemeKey } from '@stagecraft/contracts';
import { readFixture } from '@stagecraft/vision/testing';
import sharp from 'sharp';
import { embeddedApp } from './embedded-app.ts';
import { transform } from '../apps/server/test/inspiration.ts';
import { studioUser } from '../apps/server/test/studio.ts';

const { values } = parseArgs({ options: { out: { type: 'string' }, 'long-side': { type: 'string', default: '1280' } } });
const outDir = values.out ?? mkdtempSync(path.join(os.tmpdir(), 'stagecraft-restyle-api-'));
mkdirSync(outDir, { recursive: true });
const longSide = Number(values['long-side']);

/** Two empty rooms (staged in 3D when the theme has meshes) and two furnished ones (walls and grade only). */
const ROOMS: { fixture: string; theme: ThemeKey }[] = [
  { fixture: 'empty_maateusx_furnish-before.jpg', theme: 'scandinavian' },
  { fixture: 'empty_maateusx_enhance-before.jpg', theme: 'industrial' },
  { fixture: 'furnished_houses_101_bedroom.jpg', theme: 'bohemian' },
  { fixture: 'coco_val2017_000000000139.jpg', theme: 'art-deco' },
];
const CELL_WIDTH = 640;
const JOB_DEADLINE_MS = 10 * 60_000;

interface Row {
  fixture: string;
  theme: ThemeKey;
  status: string;
  ms: number;
  provider: string;
  warning: string | null;
  detail: string;
  original: Buffer;
  result: Buffer | null;
}

const app = await embeddedApp('restyle-api');
const rows: Row[] = [];
try {
  const ctx = app.ctx;
  const user = await studioUser(ctx, { credits: ROOMS.length, plan: 'pro' });
  for (const { fixture, theme } of ROOMS) {
    const original = await sharp(await readFixture(fixture))
      .rotate()
      .resize(longSide, longSide, { fit: 'inside' })
      .jpeg({ quality: 90 })
      .toBuffer();
    const started = performance.now();
    const response = await transform(ctx, user, { theme, control_image: { data: original, type: 'image/jpeg', name: fixture } });
    let prediction: Prediction | null = null;
    let status = String(response.statusCode);
    let detail = '';
    if (response.statusCode === 200) prediction = response.json<Prediction>();
    else if (response.statusCode === 202) {
      // A slow restyle answers 202 with its job: follow it as the page does.
      const jobId = response.json<RestyleJob>().job_id;
      const deadline = Date.now() + JOB_DEADLINE_MS;
      for (;;) {
        const job = (await user.get(INSPIRATION_ROUTES.job(jobId))).json<RestyleJob>();
        if (!['queued', 'running'].includes(job.status) || Date.now() > deadline) {
          status = job.status;
          prediction = job.result ?? null;
          detail = job.error ?? '';
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    } else detail = response.body.slice(0, 200);
    const ms = performance.now() - started;
    const result = prediction ? (await ctx.app.inject({ method: 'GET', url: prediction.image_url })).rawPayload : null;
    const name = `${path.basename(fixture, path.extname(fixture))}-${theme}`;
    if (result) await writeFile(path.join(outDir, `${name}.jpg`), result);
    rows.push({
      fixture,
      theme,
      status: prediction ? 'succeeded' : status,
      ms,
      provider: prediction?.provider ?? '-',
      warning: prediction?.warning ?? null,
      detail: detail || (prediction ? '' : 'no result'),
      original,
      result,
    });
    console.log(`${fixture} in ${theme}: ${rows.at(-1)!.status} in ${(ms / 1000).toFixed(1)} s (load ${os.loadavg()[0]!.toFixed(1)})`);
  }
} finally {
  await app.close();
}

// The contact sheet: one row per room, the photo beside its restyle.
const cells = await Promise.all(
  rows.flatMap((row) =>
    [row.original, row.result].map(async (image) =>
      image
        ? sharp(image).resize(CELL_WIDTH, Math.round((CELL_WIDTH * 2) / 3), { fit: 'cover' }).png().toBuffer()
        : sharp({ create: { width: CELL_WIDTH, height: Math.round((CELL_WIDTH * 2) / 3), channels: 3, background: '#888' } })
            .png()
            .toBuffer(),
    ),
  ),
);
const cellHeight = Math.round((CELL_WIDTH * 2) / 3);
const sheetPath = path.join(outDir, 'restyle-sheet.png');
await sharp({ create: { width: CELL_WIDTH * 2 + 10, height: rows.length * (cellHeight + 10), channels: 3, background: '#fff' } })
  .composite(cells.map((input, i) => ({ input, left: (i % 2) * (CELL_WIDTH + 10), top: Math.floor(i / 2) * (cellHeight + 10) })))
  .png()
  .toFile(sheetPath);

console.log(`\n| room | theme | status | provider | time | structure warning |`);
console.log(`| --- | --- | --- | --- | --- | --- |`);
for (const row of rows)
  console.log(
    `| ${row.fixture} | ${row.theme} | ${row.status}${row.detail ? ` (${row.detail})` : ''} | ${row.provider} | ${(row.ms / 1000).toFixed(1)} s | ${row.warning ?? 'none'} |`,
  );
console.log(`\nsheet: ${sheetPath}`);
