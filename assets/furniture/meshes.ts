/**
 * `npm run assets:meshes [-- --theme a,b] [--type sofa,rug] [--force] [--size 512] [--big 768] [--ao-samples 16] [--attach-only] [--keep-manifest]`
 *
 * Exports every piece of the furniture library as a glTF binary with baked textures (Blender,
 * assets/furniture/blender/export_meshes.py) into packages/furniture/meshes/<theme>/<type>.glb, beside a
 * <type>.json of its size, triangle count and timings, then records each mesh on the piece's sprites in
 * packages/furniture/manifest.json. One Blender process per theme; resumable: pieces whose .glb and .json exist
 * are skipped unless --force. --keep-manifest leaves manifest.json alone (a long background export while finished
 * themes are landed with `--attach-only --theme ...`). See README.md for the mesh contract.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BLENDER_DIR, PACKAGE_DIR, attachMeshes, listPieces, meshPaths, type Piece } from './library.ts';

const { values: args } = parseArgs({
  options: {
    theme: { type: 'string' },
    type: { type: 'string' },
    force: { type: 'boolean', default: false },
    size: { type: 'string', default: '512' },
    big: { type: 'string', default: '768' },
    'ao-samples': { type: 'string', default: '16' },
    blender: { type: 'string', default: process.env.BLENDER ?? 'blender' },
    'attach-only': { type: 'boolean', default: false },
    'keep-manifest': { type: 'boolean', default: false },
  },
});

function selectPieces(all: Piece[]): Piece[] {
  const themes = args.theme?.split(',');
  const types = args.type?.split(',');
  return all.filter((piece) => {
    if (themes && !themes.includes(piece.theme)) return false;
    if (types && !types.includes(piece.type)) return false;
    if (args.force) return true;
    const paths = meshPaths(piece.theme, piece.type);
    return !(existsSync(join(PACKAGE_DIR, paths.glb)) && existsSync(join(PACKAGE_DIR, paths.meta)));
  });
}

/** Runs one Blender batch; calls onLine for each STAGECRAFT report line. */
function runBlender(jobsFile: string, onLine: (line: string) => void): Promise<void> {
  const scriptArgs = ['--jobs', jobsFile, '--size', args.size!, '--big', args.big!, '--ao-samples', args['ao-samples']!];
  const child = spawn(
    args.blender!,
    ['-b', '--factory-startup', '-P', join(BLENDER_DIR, 'export_meshes.py'), '--', ...scriptArgs],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let pending = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.startsWith('STAGECRAFT')) onLine(line);
  });
  return new Promise((resolvePromise, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`blender exited with ${code}`))));
  });
}

async function main(): Promise<void> {
  const all = listPieces();
  if (!args['attach-only']) {
    const todo = selectPieces(all);
    const themes = [...new Set(todo.map((piece) => piece.theme))];
    console.log(`${todo.length} meshes to export in ${themes.length} themes`);
    for (const theme of themes) {
      const work = mkdtempSync(join(tmpdir(), 'stagecraft-meshes-'));
      const batch = todo
        .filter((piece) => piece.theme === theme)
        .map((piece) => ({ ...piece, out: join(PACKAGE_DIR, meshPaths(piece.theme, piece.type).stem) }));
      const started = Date.now();
      const finished = new Set<string>();
      const failed = new Set<string>();
      // A Blender crash (an Embree assertion aborts the process) loses only the piece it was on: the rest of
      // the theme goes to a new Blender process.
      for (;;) {
        const rest = batch.filter((piece) => !finished.has(piece.id) && !failed.has(piece.id));
        if (rest.length === 0) break;
        const jobsFile = join(work, 'jobs.json');
        writeFileSync(jobsFile, JSON.stringify(rest));
        let current: string | undefined;
        const ok = await runBlender(jobsFile, (line) => {
          console.log(line);
          const [, kind, id] = /^STAGECRAFT (\S+) ([^\s:]+)/.exec(line) ?? [];
          if (!id) return;
          if (kind === 'start') current = id;
          if (kind === 'failed') failed.add(id);
          if (kind === 'mesh') {
            finished.add(id);
            if (!args['keep-manifest']) attachMeshes();
          }
        }).then(
          () => true,
          (error: unknown) => {
            console.error(`${String(error)} during ${current ?? 'startup'}`);
            return false;
          },
        );
        if (ok) break;
        if (!current || finished.has(current)) break;
        failed.add(current);
      }
      rmSync(work, { recursive: true, force: true });
      const attached = args['keep-manifest'] ? 0 : attachMeshes();
      console.log(
        `${theme}: ${finished.size}/${batch.length} exported${failed.size ? ` (failed: ${[...failed].join(', ')})` : ''} in ${((Date.now() - started) / 1000).toFixed(0)} s; ${attached} sprites have a mesh`,
      );
    }
  }
  if (args['attach-only']) {
    console.log(`manifest.json: ${attachMeshes(args.theme?.split(','))} sprites have a mesh`);
  } else if (!args['keep-manifest']) {
    console.log(`manifest.json: ${attachMeshes()} sprites have a mesh`);
  }
}

await main();
