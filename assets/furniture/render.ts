/**
 * `npm run assets:render [-- --theme a,b] [--type sofa,rug] [--view front] [--force] [--size 448] [--samples 24] [--rebuild-only]`
 *
 * Renders the furniture library with Blender (assets/furniture/blender/), one Blender process per theme so
 * every finished theme lands on disk before the next starts, encodes each sprite and its shadow as WebP into
 * packages/furniture/sprites/<theme>/<type>(.front)(.shadow).webp, and rebuilds packages/furniture/manifest.json.
 * Every piece has a three-quarter view; the types in FRONT_VIEW_TYPES also have a front view, for a piece that
 * stands against the wall facing the camera.
 * Resumable: pieces whose WebP files exist are skipped unless --force. Blender is needed only here (see
 * README.md); the app and the tests read the committed WebP files and manifest.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { FurnitureSprite } from '@stagecraft/furniture';
import sharp from 'sharp';
import { attachMeshes } from './library.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
const BLENDER_DIR = join(HERE, 'blender');
const PACKAGE_DIR = resolve(HERE, '../../packages/furniture');
const SPRITES_DIR = join(PACKAGE_DIR, 'sprites');
const MANIFEST_PATH = join(PACKAGE_DIR, 'manifest.json');

type View = 'three-quarter' | 'front';

interface Job {
  id: string;
  type: string;
  theme: string;
  label: string;
  params: unknown;
  view: View;
}

/** Pieces that usually stand against a wall, facing the camera in a frontal (one-point) room photo. */
const FRONT_VIEW_TYPES = new Set(['sofa', 'bed', 'tv_stand', 'dresser', 'bookshelf', 'desk']);

/** What render_sprites.py writes beside each PNG: a manifest entry without its file paths, plus the time. */
type RenderMeta = Omit<FurnitureSprite, 'image' | 'shadow'> & { renderSeconds: number };
type ManifestEntry = FurnitureSprite;

const { values: args } = parseArgs({
  options: {
    theme: { type: 'string' },
    type: { type: 'string' },
    view: { type: 'string' },
    force: { type: 'boolean', default: false },
    size: { type: 'string', default: '448' },
    samples: { type: 'string', default: '16' },
    blender: { type: 'string', default: process.env.BLENDER ?? 'blender' },
    'rebuild-only': { type: 'boolean', default: false },
  },
});

function spritePaths(theme: string, type: string, view: View): { image: string; shadow: string; meta: string } {
  const stem = `sprites/${theme}/${type}${view === 'front' ? '.front' : ''}`;
  return { image: `${stem}.webp`, shadow: `${stem}.shadow.webp`, meta: `${stem}.json` };
}

function listJobs(): Job[] {
  const out = execFileSync('python3', [join(BLENDER_DIR, 'themes.py')], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const pieces = JSON.parse(out) as Omit<Job, 'view'>[];
  return pieces.flatMap((piece): Job[] => [
    { ...piece, view: 'three-quarter' },
    ...(FRONT_VIEW_TYPES.has(piece.type) ? [{ ...piece, view: 'front' as const }] : []),
  ]);
}

function selectJobs(all: Job[]): Job[] {
  const themes = args.theme?.split(',');
  const types = args.type?.split(',');
  const views = args.view?.split(',');
  return all.filter((job) => {
    if (themes && !themes.includes(job.theme)) return false;
    if (types && !types.includes(job.type)) return false;
    if (views && !views.includes(job.view)) return false;
    if (args.force) return true;
    const paths = spritePaths(job.theme, job.type, job.view);
    return !(existsSync(join(PACKAGE_DIR, paths.image)) && existsSync(join(PACKAGE_DIR, paths.meta)));
  });
}

/** Runs one Blender batch; calls onSprite(id) as soon as Blender reports a finished sprite. */
function runBlender(jobsFile: string, onSprite: (id: string) => void): Promise<void> {
  const scriptArgs = ['--jobs', jobsFile, '--size', args.size!, '--samples', args.samples!];
  const child = spawn(
    args.blender!,
    ['-b', '--factory-startup', '-P', join(BLENDER_DIR, 'render_sprites.py'), '--', ...scriptArgs],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let pending = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('STAGECRAFT')) continue;
      console.log(line);
      const done = /^STAGECRAFT sprite (\S+)/.exec(line);
      if (done) onSprite(done[1]!);
    }
  });
  return new Promise((resolvePromise, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`blender exited with ${code}`))));
  });
}

/** PNG from Blender -> WebP beside the manifest: the sprite with a sharp alpha edge, the shadow as alpha only. */
async function encode(renderStem: string, job: Job): Promise<boolean> {
  const png = `${renderStem}.png`;
  if (!existsSync(png) || !existsSync(`${renderStem}.json`)) return false;
  const paths = spritePaths(job.theme, job.type, job.view);
  mkdirSync(join(SPRITES_DIR, job.theme), { recursive: true });
  await sharp(png).webp({ quality: 85, alphaQuality: 90, effort: 6 }).toFile(join(PACKAGE_DIR, paths.image));
  // The shadow's colour is black; only its alpha carries information, which compresses well at lower quality.
  const { data, info } = await sharp(`${renderStem}.shadow.png`).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i += 4) data[i] = data[i + 1] = data[i + 2] = 0;
  await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .webp({ quality: 60, alphaQuality: 70, effort: 6 })
    .toFile(join(PACKAGE_DIR, paths.shadow));
  const meta = JSON.parse(readFileSync(`${renderStem}.json`, 'utf8')) as RenderMeta;
  writeFileSync(join(PACKAGE_DIR, paths.meta), `${JSON.stringify(meta, null, 2)}\n`);
  return true;
}

/** manifest.json = every sprite whose image, shadow and render metadata are on disk, in theme then type order. */
function rebuildManifest(all: Job[]): ManifestEntry[] {
  const entries: ManifestEntry[] = [];
  for (const job of all) {
    const paths = spritePaths(job.theme, job.type, job.view);
    if (![paths.image, paths.shadow, paths.meta].every((path) => existsSync(join(PACKAGE_DIR, path)))) continue;
    const { renderSeconds: _renderSeconds, ...meta } = JSON.parse(
      readFileSync(join(PACKAGE_DIR, paths.meta), 'utf8'),
    ) as RenderMeta;
    entries.push({ ...meta, id: renderId(job), label: job.label, image: paths.image, shadow: paths.shadow });
  }
  writeFileSync(MANIFEST_PATH, `${JSON.stringify(entries, null, 2)}\n`);
  // Each piece's exported mesh (npm run assets:meshes), when it has one.
  attachMeshes();
  return entries;
}

function renderId(job: Job): string {
  return job.view === 'front' ? `${job.id}-front` : job.id;
}

async function main(): Promise<void> {
  const all = listJobs();
  if (!args['rebuild-only']) {
    const todo = selectJobs(all);
    const themes = [...new Set(todo.map((job) => job.theme))];
    console.log(`${todo.length} pieces to render in ${themes.length} themes (size ${args.size}, ${args.samples} samples)`);
    for (const theme of themes) {
      const work = mkdtempSync(join(tmpdir(), 'stagecraft-furniture-'));
      // Blender reports each finished sprite by its render id, which tells the two views of a piece apart.
      const batch = todo
        .filter((job) => job.theme === theme)
        .map((job) => ({ ...job, out: join(work, theme, `${job.type}.${job.view}`) }));
      const jobsFile = join(work, 'jobs.json');
      writeFileSync(jobsFile, JSON.stringify(batch.map((job) => ({ ...job, id: renderId(job) }))));
      const started = Date.now();
      // Encode each sprite as soon as it is rendered, so an interrupted run keeps every finished piece.
      const encoding: Promise<boolean>[] = [];
      await runBlender(jobsFile, (id) => {
        const job = batch.find((candidate) => renderId(candidate) === id);
        if (job)
          encoding.push(
            encode(job.out, job).then((ok) => {
              rebuildManifest(all);
              return ok;
            }),
          );
      });
      const done = (await Promise.all(encoding)).filter(Boolean).length;
      rmSync(work, { recursive: true, force: true });
      const entries = rebuildManifest(all);
      console.log(
        `${theme}: ${done}/${batch.length} rendered in ${((Date.now() - started) / 1000).toFixed(0)} s; manifest has ${entries.length}`,
      );
    }
  }
  const entries = rebuildManifest(all);
  console.log(`manifest.json: ${entries.length} sprites`);
}

await main();
