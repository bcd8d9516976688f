import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { THEME_KEYS, type ThemeKey } from '@stagecraft/contracts';
import { z } from 'zod';

/** The package root: sprite paths in manifest.json are relative to it. */
export const FURNITURE_PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MANIFEST_PATH = resolve(FURNITURE_PACKAGE_ROOT, 'manifest.json');

/** Every furniture type the pipeline can render, in catalogue order. */
export const FURNITURE_TYPE_LABELS = {
  sofa: 'Sofa',
  armchair: 'Armchair',
  coffee_table: 'Coffee Table',
  side_table: 'Side Table',
  rug: 'Rug',
  floor_lamp: 'Floor Lamp',
  plant: 'Plant',
  bed: 'Bed',
  nightstand: 'Nightstand',
  dining_table: 'Dining Table',
  dining_chair: 'Dining Chair',
  bookshelf: 'Bookshelf',
  tv_stand: 'TV Stand',
  desk: 'Desk',
  dresser: 'Dresser',
  ottoman: 'Ottoman',
} as const;
export type FurnitureType = keyof typeof FURNITURE_TYPE_LABELS;
const ALL_TYPES = Object.keys(FURNITURE_TYPE_LABELS) as FurnitureType[];

const sizeCmSchema = z.object({ width: z.number().positive(), depth: z.number().positive(), height: z.number().positive() });

const meshSchema = z.object({
  /** GLB path relative to the package root. */
  file: z.string().min(1),
  /** The mesh's bounds in cm: width along its X, depth along Z (front to back), height along Y. */
  sizeCm: sizeCmSchema,
  triangles: z.number().int().positive(),
  textureSize: z.number().int().positive(),
});

/**
 * A piece's mesh (`npm run assets:meshes`): glTF 2.0 binary, metres, Y up, the piece's front facing +Z, origin
 * at the centre of its footprint on the floor (lowest point at Y = 0); triangles with POSITION, NORMAL and
 * TEXCOORD_0; each primitive's baseColorTexture is the baked albedo times ambient occlusion (JPEG; PNG with
 * alpha, alphaMode BLEND, for see-through parts such as glass or open rattan).
 */
export type FurnitureMesh = z.infer<typeof meshSchema>;

const spriteSchema = z.object({
  id: z.string().min(1),
  type: z.enum(ALL_TYPES as [FurnitureType, ...FurnitureType[]]),
  theme: z.enum(THEME_KEYS).nullable(),
  label: z.string().min(1),
  view: z.enum(['three-quarter', 'front']),
  image: z.string().min(1),
  shadow: z.string().min(1),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  sizeCm: sizeCmSchema,
  contact: z.object({ x: z.number(), y: z.number() }),
  pxPerCm: z.number().positive(),
  cameraHeightCm: z.number().positive(),
  cameraPitchDeg: z.number(),
  /** Where the camera stood: degrees to the front-left of the piece's front axis (0 = straight in front). */
  cameraAzimuthDeg: z.number(),
  cameraDistanceCm: z.number().positive(),
  /** The same piece as a mesh, once exported (absent: draw the sprite). */
  mesh: meshSchema.optional(),
});

/**
 * One rendered piece: an RGBA sprite and its shadow, with what placement needs to stand it in a photo.
 * `theme` null = a neutral piece; `view` three-quarter = seen from front-left (placement mirrors it); `image`
 * and `shadow` are paths relative to the package root, same pixel size and frame (shadow alpha = strength);
 * `contact` is the sprite pixel of the footprint centre on the floor; `pxPerCm` the sprite pixels per cm
 * (horizontal, camera-facing) at the contact point's depth.
 */
export type FurnitureSprite = z.infer<typeof spriteSchema>;

let manifest: FurnitureSprite[] | undefined;

/** The rendered library (manifest.json, read and checked once). */
export function furnitureManifest(): FurnitureSprite[] {
  manifest ??= z.array(spriteSchema).parse(JSON.parse(readFileSync(MANIFEST_PATH, 'utf8')));
  return manifest;
}

/** Absolute path of a sprite's image or shadow WebP. */
export function spriteFile(sprite: FurnitureSprite, which: 'image' | 'shadow'): string {
  return resolve(FURNITURE_PACKAGE_ROOT, sprite[which]);
}

/**
 * Themes whose pieces stand in for a neutral one, in order, when no theme is asked and the library has no
 * theme-less sprite of the type: the quietest styles first.
 */
const NEUTRAL_FALLBACK: readonly ThemeKey[] = [
  'contemporary',
  'scandinavian',
  'minimalism',
  'modern-farmhouse',
  'mid-century-modern',
  'japandi',
  'coastal',
  'traditional',
  ...THEME_KEYS,
];

/**
 * The sprite of a type for a theme. With a theme: that theme's piece, or undefined when the theme has none
 * (themeFurniture lists what each theme covers). Without one: a neutral piece, else the quietest theme's.
 */
export function findSprite(opts: { type: string; theme?: ThemeKey | null }): FurnitureSprite | undefined {
  const ofType = furnitureManifest().filter((sprite) => sprite.type === opts.type && sprite.view === 'three-quarter');
  if (opts.theme) return ofType.find((sprite) => sprite.theme === opts.theme);
  const neutral = ofType.find((sprite) => sprite.theme === null);
  if (neutral) return neutral;
  for (const theme of NEUTRAL_FALLBACK) {
    const sprite = ofType.find((candidate) => candidate.theme === theme);
    if (sprite) return sprite;
  }
  return undefined;
}

/** The mesh of the piece findSprite picks, with its GLB as an absolute path. */
export interface FoundMesh extends FurnitureMesh {
  /** The piece's sprite id (its three-quarter view). */
  id: string;
  /** Absolute path of the GLB. */
  path: string;
}

/**
 * The mesh of a type for a theme: the same piece findSprite picks (so a mesh and a sprite fallback are the same
 * piece), or undefined when there is no such piece or it has no mesh yet (then draw the sprite).
 */
export function findMesh(opts: { type: string; theme?: ThemeKey | null }): FoundMesh | undefined {
  const sprite = findSprite(opts);
  if (!sprite?.mesh) return undefined;
  return { ...sprite.mesh, id: sprite.id, path: resolve(FURNITURE_PACKAGE_ROOT, sprite.mesh.file) };
}

/**
 * The front view of a piece, when the library has one (rendered for the types that stand against a wall facing
 * the camera: `<id>-front`, same piece, camera straight in front of it).
 */
export function frontView(sprite: FurnitureSprite): FurnitureSprite | undefined {
  return furnitureManifest().find(
    (candidate) => candidate.view === 'front' && candidate.id === `${sprite.id}-front` && candidate.type === sprite.type,
  );
}

/** Every type with at least one sprite, in catalogue order. */
export const FURNITURE_TYPES: string[] = ALL_TYPES.filter((type) => furnitureManifest().some((sprite) => sprite.type === type));

/** Types that can fill a drawn area: every floor-standing piece, which is all of them. */
export const DRAWING_FURNITURE_TYPES: string[] = [...FURNITURE_TYPES];

/** The furniture_item values the studio offers for a theme: the types rendered for it, in catalogue order. */
export function themeFurniture(theme: ThemeKey): string[] {
  const rendered = new Set(
    furnitureManifest()
      .filter((sprite) => sprite.theme === theme)
      .map((sprite) => sprite.type),
  );
  return ALL_TYPES.filter((type) => rendered.has(type));
}
