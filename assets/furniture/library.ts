/**
 * What the sprite and mesh drivers share: the library's pieces (from blender/themes.py), where their files go,
 * and recording each piece's mesh on its sprites in packages/furniture/manifest.json.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FurnitureMesh, FurnitureSprite } from '@stagecraft/furniture';

const HERE = dirname(fileURLToPath(import.meta.url));
export const BLENDER_DIR = join(HERE, 'blender');
export const PACKAGE_DIR = resolve(HERE, '../../packages/furniture');
export const MANIFEST_PATH = join(PACKAGE_DIR, 'manifest.json');

/** One piece of the library: a theme's furniture type and its generator parameters. */
export interface Piece {
  id: string;
  type: string;
  theme: string;
  label: string;
  params: unknown;
}

export function listPieces(): Piece[] {
  const out = execFileSync('python3', [join(BLENDER_DIR, 'themes.py')], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return JSON.parse(out) as Piece[];
}

/** Paths relative to the package root: the GLB, its metadata and the stem both share. */
export function meshPaths(theme: string, type: string): { stem: string; glb: string; meta: string } {
  const stem = `meshes/${theme}/${type}`;
  return { stem, glb: `${stem}.glb`, meta: `${stem}.json` };
}

/** What export_meshes.py writes beside each GLB. */
interface MeshMeta {
  sizeCm: FurnitureMesh['sizeCm'];
  triangles: number;
  textureSize: number;
}

/** The manifest's mesh record of a piece whose GLB and metadata are on disk. */
export function meshEntry(theme: string | null, type: string): FurnitureMesh | undefined {
  if (theme === null) return undefined;
  const paths = meshPaths(theme, type);
  if (!existsSync(join(PACKAGE_DIR, paths.glb)) || !existsSync(join(PACKAGE_DIR, paths.meta))) return undefined;
  const meta = JSON.parse(readFileSync(join(PACKAGE_DIR, paths.meta), 'utf8')) as MeshMeta;
  return { file: paths.glb, sizeCm: meta.sizeCm, triangles: meta.triangles, textureSize: meta.textureSize };
}

/**
 * Sets (or clears) `mesh` on every sprite of manifest.json from the files on disk, only for the given themes when
 * some are given (to land finished themes while others export); returns how many sprites have one.
 */
export function attachMeshes(themes?: readonly string[]): number {
  const entries = JSON.parse(readFileSync(MANIFEST_PATH, 'utf8')) as FurnitureSprite[];
  let count = 0;
  const next = entries.map((sprite) => {
    const { mesh: _old, ...rest } = sprite;
    const mesh = !themes || (sprite.theme && themes.includes(sprite.theme)) ? meshEntry(sprite.theme, sprite.type) : undefined;
    if (mesh) count += 1;
    return mesh ? { ...rest, mesh } : rest;
  });
  writeFileSync(MANIFEST_PATH, `${JSON.stringify(next, null, 2)}\n`);
  return count;
}
