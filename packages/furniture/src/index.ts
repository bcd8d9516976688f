export {
  DRAWING_FURNITURE_TYPES,
  FURNITURE_PACKAGE_ROOT,
  FURNITURE_TYPE_LABELS,
  FURNITURE_TYPES,
  findSprite,
  frontView,
  furnitureManifest,
  spriteFile,
  themeFurniture,
  type FurnitureSprite,
  type FurnitureType,
} from './manifest.ts';
export {
  MANUAL_OBJECT_TYPES,
  THEMES,
  WALL_MATERIALS,
  WALL_MATERIAL_KEYS,
  isThemeKey,
  themeMaterials,
  type ManualObjectCategory,
  type WallMaterialKey,
} from './catalogue.ts';
