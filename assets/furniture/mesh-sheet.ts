/**
 * Review sheet of exported meshes: `node --import tsx assets/furniture/mesh-sheet.ts /tmp/meshes.png japandi[,coastal] [sofa,bed]`
 *
 * Each GLB is imported back into Blender (blender/mesh_sheet.py) and rendered at low samples from the sprites'
 * front-left three-quarter camera under flat light, so the baked textures and AO show and a piece facing the
 * wrong way is obvious (its back would face the camera). Tiles of 360 px, six to a row.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { BLENDER_DIR, PACKAGE_DIR, listPieces, meshPaths } from './library.ts';

const [out, themeArg, typeArg] = process.argv.slice(2);
if (!out || !themeArg) throw new Error('usage: mesh-sheet.ts out.png theme[,theme] [type,type]');
const themes = themeArg.split(',');
const types = typeArg?.split(',');
const glbs = listPieces()
  .filter((piece) => themes.includes(piece.theme) && (!types || types.includes(piece.type)))
  .map((piece) => join(PACKAGE_DIR, meshPaths(piece.theme, piece.type).glb))
  .filter((path) => existsSync(path));
if (glbs.length === 0) throw new Error('no meshes for these themes');
const work = mkdtempSync(join(tmpdir(), 'stagecraft-mesh-sheet-'));
execFileSync(
  process.env.BLENDER ?? 'blender',
  ['-b', '--factory-startup', '-P', join(BLENDER_DIR, 'mesh_sheet.py'), '--', work, ...glbs],
  {
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
const tile = 360;
const columns = Math.min(6, glbs.length);
const rows = Math.ceil(glbs.length / columns);
const tiles = glbs.map((glb, i) => {
  const parts = glb.split('/');
  const stem = `${parts.at(-2)}-${parts.at(-1)!.replace(/\.glb$/, '')}`;
  return { input: join(work, `${stem}.png`), left: (i % columns) * tile, top: Math.floor(i / columns) * tile };
});
await sharp({ create: { width: columns * tile, height: rows * tile, channels: 3, background: '#ffffff' } })
  .composite(tiles.filter((t) => existsSync(t.input)))
  .png()
  .toFile(out);
rmSync(work, { recursive: true, force: true });
console.log(`${out}: ${tiles.length} meshes`);
