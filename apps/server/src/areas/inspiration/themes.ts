import { ROOM_TYPE_NAMES, type RoomType, type ThemeKey } from '@stagecraft/contracts';
import { FURNITURE_PACKAGE_ROOT, findMesh, findSprite, frontView, THEMES, themeFurniture } from '@stagecraft/furniture';
import type { ColourGrade, RestyleStaging, StagedPiece } from '@stagecraft/vision';

/**
 * How each of the 16 themes restyles a room, for both providers: the local engine's wall paint and colour grade,
 * and the prompt a remote model (adirik/interior-design) is given. Paints rather than textures, and mostly light
 * ones: a whole room clad in concrete or plaster by a quick local pass reads as fake, and where the wall mask
 * strays onto a ceiling or a cupboard (it does, on busy photos) a light paint hides it far better than a dark one.
 */
interface ThemeLook {
  wall: string;
  grade: ColourGrade;
  /** What the remote model is asked to draw: materials, palette and furniture of the style. */
  prompt: string;
}

const LOOKS: Record<ThemeKey, ThemeLook> = {
  bohemian: {
    wall: 'terracotta_paint',
    grade: { warmth: 0.35, saturation: 0.05, contrast: 0.1 },
    prompt: 'bohemian style, rattan and cane furniture, patterned kilim rug, terracotta, rust and mustard textiles, macrame, many plants',
  },
  scandinavian: {
    wall: 'white_paint',
    grade: { warmth: -0.1, saturation: -0.15, contrast: -0.05, lift: 0.2 },
    prompt: 'scandinavian style, pale oak and ash furniture, soft grey and oatmeal fabrics, tapered legs, white walls, bright and airy',
  },
  minimalism: {
    wall: 'light_gray_paint',
    grade: { warmth: -0.2, saturation: -0.3, contrast: 0.1 },
    prompt: 'minimalist style, clean low lines, white stone and black palette, very few objects, no ornament, calm and uncluttered',
  },
  'mid-century-modern': {
    wall: 'sage_green_paint',
    grade: { warmth: 0.4, saturation: 0.1, contrast: 0.15 },
    prompt: 'mid-century modern style, walnut furniture with tapered legs, mustard and teal upholstery, sunburst mirror, globe lamps',
  },
  contemporary: {
    wall: 'greige_paint',
    grade: { warmth: 0, saturation: -0.1, contrast: 0.2 },
    prompt: 'contemporary style, sleek sofa, neutral greige palette, polished surfaces, metal accents, statement lighting',
  },
  traditional: {
    wall: 'warm_white_paint',
    grade: { warmth: 0.35, saturation: 0.05, contrast: 0.1 },
    prompt: 'traditional style, classic rolled-arm sofa, dark wood furniture, patterned rug, table lamps, framed art, symmetry',
  },
  rustic: {
    wall: 'warm_white_paint',
    grade: { warmth: 0.5, saturation: 0.05, contrast: 0.1 },
    prompt: 'rustic style, reclaimed wood, exposed beams, leather armchair, wool throws, stone and natural textures, warm light',
  },
  'art-deco': {
    wall: 'navy_blue_paint',
    grade: { warmth: 0.1, saturation: 0.15, contrast: 0.3 },
    prompt: 'art deco style, velvet curved sofa, brass and gold accents, geometric patterns, marble, jewel tones, glamorous',
  },
  industrial: {
    wall: 'light_gray_paint',
    grade: { warmth: -0.25, saturation: -0.25, contrast: 0.3 },
    prompt: 'industrial loft style, exposed brick and concrete, black metal, leather sofa, edison bulbs, reclaimed wood table',
  },
  'modern-farmhouse': {
    wall: 'white_paint',
    grade: { warmth: 0.15, saturation: -0.05, contrast: 0.05 },
    prompt: 'modern farmhouse style, white shiplap, black metal accents, light wood, linen slipcovered sofa, woven baskets',
  },
  'french-country': {
    wall: 'blush_pink_paint',
    grade: { warmth: 0.3, saturation: 0, contrast: 0, lift: 0.15 },
    prompt: 'french country style, carved wood furniture, toile and linen fabrics, soft blue and cream palette, antique accents',
  },
  coastal: {
    wall: 'white_paint',
    grade: { warmth: -0.35, saturation: 0.1, contrast: 0, lift: 0.15 },
    prompt: 'coastal style, white and sea blue palette, light wood, linen sofa, jute rug, rattan, breezy and bright',
  },
  japandi: {
    wall: 'greige_paint',
    grade: { warmth: 0.2, saturation: -0.25, contrast: -0.05 },
    prompt: 'japandi style, low natural wood furniture, paper lamps, linen, muted earthy palette, wabi-sabi ceramics, calm',
  },
  bauhaus: {
    wall: 'white_paint',
    grade: { warmth: -0.05, saturation: 0.2, contrast: 0.35 },
    prompt: 'bauhaus style, tubular steel furniture, primary colour accents, geometric forms, functional design, white walls',
  },
  'hollywood-glam': {
    wall: 'blush_pink_paint',
    grade: { warmth: 0.2, saturation: 0.2, contrast: 0.3 },
    prompt: 'hollywood glam style, velvet tufted sofa, mirrored furniture, gold accents, crystal chandelier, luxurious',
  },
  farmhouse: {
    wall: 'warm_white_paint',
    grade: { warmth: 0.3, saturation: -0.05, contrast: 0.05 },
    prompt: 'farmhouse style, distressed wood, vintage furniture, plaid and gingham textiles, barn door, cosy and homely',
  },
};

/**
 * Where the local restyle stages an empty room, back to front: a plant and a lamp either side, a rug in the
 * middle, the sofa on its far edge and the coffee table in front. A theme without one of the types skips it.
 */
const EMPTY_ROOM_LAYOUT: readonly { type: string; x: number; depth: number; sizeScale?: number }[] = [
  { type: 'plant', x: 0.1, depth: 0.3 },
  { type: 'floor_lamp', x: 0.9, depth: 0.3 },
  { type: 'rug', x: 0.5, depth: 0.47, sizeScale: 0.9 },
  { type: 'sofa', x: 0.5, depth: 0.36 },
  { type: 'coffee_table', x: 0.5, depth: 0.5, sizeScale: 0.85 },
];

export const NEGATIVE_PROMPT =
  'lowres, watermark, banner, logo, text, deformed, blurry, out of focus, surreal, ugly, extra windows, distorted walls';

export function themeLook(theme: ThemeKey) {
  return LOOKS[theme];
}

/** The prompt for a remote model: the room type, the theme's name and its materials, and a photographic finish. */
export function themePrompt(theme: ThemeKey, roomType: RoomType | null = null): string {
  const room = roomType ? ROOM_TYPE_NAMES[roomType] : 'room';
  return `A ${THEMES[theme].name} ${room}, ${LOOKS[theme].prompt}, interior design magazine photo, photorealistic, natural light`;
}

/**
 * The room type the objects of a photo suggest (detector class names), or null when they say nothing clear:
 * a toilet makes a bathroom, a bed a bedroom, an oven, fridge or sink (without a toilet) a kitchen, a sofa or
 * television a living room, a table with chairs a dining room, a laptop at a table a home office.
 */
export function guessRoomType(classes: readonly string[]): RoomType | null {
  const has = (name: string) => classes.includes(name);
  if (has('toilet')) return 'bathroom';
  if (has('bed')) return 'bedroom';
  if (has('oven') || has('refrigerator') || has('microwave') || has('sink')) return 'kitchen';
  if (has('sofa') || has('television')) return 'living-room';
  if (has('table') && has('laptop')) return 'home-office';
  if (has('table') && classes.filter((name) => name === 'chair').length >= 2) return 'dining-room';
  return null;
}

/** The theme's pieces for an empty room, as sources the engine decodes in its worker. */
export function themeStaging(theme: ThemeKey): StagedPiece[] {
  const pieces: StagedPiece[] = [];
  for (const spot of EMPTY_ROOM_LAYOUT) {
    const sprite = findSprite({ type: spot.type, theme });
    if (!sprite) continue;
    pieces.push({
      sprite: { library: sprite, front: frontView(sprite) ?? null, dir: FURNITURE_PACKAGE_ROOT },
      x: spot.x,
      depth: spot.depth,
      sizeScale: spot.sizeScale,
    });
  }
  return pieces;
}

/** The staging planner's room types (stage/types.ts) for ours; kitchens and bathrooms are left to its guess. */
const STAGE_ROOM: Record<RoomType, RestyleStaging['roomType']> = {
  'living-room': 'living',
  bedroom: 'bedroom',
  'dining-room': 'dining',
  'home-office': 'office',
  kitchen: null,
  bathroom: null,
};

/**
 * One-click staging of an empty room in the theme: its pieces that have a mesh (packages/furniture/meshes),
 * posed by the engine's planner. A theme without meshes stages with `themeStaging`'s sprites instead.
 */
export function themeMeshStaging(theme: ThemeKey, roomType: RoomType | null): RestyleStaging {
  const meshes: Record<string, string> = {};
  for (const type of themeFurniture(theme)) {
    const mesh = findMesh({ type, theme });
    if (mesh) meshes[type] = mesh.path;
  }
  return { theme, roomType: roomType ? STAGE_ROOM[roomType] : null, meshes };
}
