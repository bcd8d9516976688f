import { MANUAL_OBJECT_CATEGORIES, type ThemeKey } from '@stagecraft/contracts';
import {
  DRAWING_FURNITURE_TYPES,
  findMesh,
  FURNITURE_TYPE_LABELS,
  FURNITURE_TYPES,
  isThemeKey,
  MANUAL_OBJECT_TYPES,
  THEMES,
  themeFurniture,
  themeMaterials,
  WALL_MATERIAL_KEYS,
  WALL_MATERIALS,
} from '@stagecraft/furniture';
import { notFound } from '../../lib/http-errors.ts';

/** The pieces of a theme (or of no theme) that are drawn in 3D, with their real size (cm). */
function meshesOf(types: readonly string[], theme: ThemeKey | null) {
  return Object.fromEntries(
    types.flatMap((type) => {
      const mesh = findMesh({ type, theme });
      return mesh ? [[type, { ...mesh.sizeCm }]] : [];
    }),
  );
}

/**
 * The studio catalogue as the spec's calls serve it: what can be marked, placed and painted, and the themes.
 * The furniture library (@stagecraft/furniture) is the one source; types appear only once rendered. Built once:
 * the library does not change while the server runs.
 */
const FURNITURE_TYPES_RESPONSE = (() => {
  const manualObjectTypes = Object.entries(MANUAL_OBJECT_TYPES);
  return {
    success: true as const,
    manual_object_types: Object.fromEntries(manualObjectTypes.map(([key, { label }]) => [key, label])),
    furniture_types: [...FURNITURE_TYPES],
    material_types: [...WALL_MATERIAL_KEYS],
    manual_object_categories: Object.fromEntries(
      MANUAL_OBJECT_CATEGORIES.map((category) => [
        category,
        manualObjectTypes.filter(([, type]) => type.category === category).map(([key]) => key),
      ]),
    ),
    furniture_type_labels: Object.fromEntries(
      FURNITURE_TYPES.map((type) => [type, FURNITURE_TYPE_LABELS[type as keyof typeof FURNITURE_TYPE_LABELS] ?? type]),
    ),
    material_labels: { ...WALL_MATERIALS },
    furniture_meshes: meshesOf(FURNITURE_TYPES, null),
  };
})();

export const furnitureTypes = () => FURNITURE_TYPES_RESPONSE;

export const themes = () => ({ success: true as const, themes: THEMES });

function knownTheme(theme: string): ThemeKey {
  if (!isThemeKey(theme)) throw notFound('Theme not found.');
  return theme;
}

export const themeFurnitureList = (theme: string) => {
  const key = knownTheme(theme);
  const furniture = themeFurniture(key);
  return { success: true as const, theme, furniture, meshes: meshesOf(furniture, key) };
};

export const themeMaterialList = (theme: string) => ({
  success: true as const,
  theme,
  materials: themeMaterials(knownTheme(theme)),
});

export const drawingFurnitureTypes = () => ({ success: true as const, all_furniture_types: [...DRAWING_FURNITURE_TYPES] });

/** Words people type for the library's types (the replace prompt is free text). */
const FURNITURE_SYNONYMS: Record<string, string> = {
  couch: 'sofa',
  settee: 'sofa',
  loveseat: 'sofa',
  chair: 'armchair',
  lounge_chair: 'armchair',
  table: 'coffee_table',
  lamp: 'floor_lamp',
  standing_lamp: 'floor_lamp',
  carpet: 'rug',
  potted_plant: 'plant',
  houseplant: 'plant',
  night_stand: 'nightstand',
  bedside_table: 'nightstand',
  bookcase: 'bookshelf',
  shelf: 'bookshelf',
  tv_unit: 'tv_stand',
  media_console: 'tv_stand',
  chest_of_drawers: 'dresser',
  pouf: 'ottoman',
  footstool: 'ottoman',
};

const KNOWN_TYPES: ReadonlySet<string> = new Set(FURNITURE_TYPES);

/**
 * The library type a typed name means: a key ('coffee_table'), a label ('Coffee Table'), a common word
 * ('couch'); or the name as typed when none matches (the caller reports it as unknown).
 */
export function furnitureTypeFromName(name: string): string {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (KNOWN_TYPES.has(key)) return key;
  const singular = key.replace(/s$/, '');
  const synonym = FURNITURE_SYNONYMS[key] ?? FURNITURE_SYNONYMS[singular];
  if (synonym && KNOWN_TYPES.has(synonym)) return synonym;
  return KNOWN_TYPES.has(singular) ? singular : key;
}
