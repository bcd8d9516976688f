export { wallMask, segmentWalls, type WallOptions, type WallSegmentation } from './wall-mask.ts';
export { changeWallMaterial } from './change-material.ts';
export { WALL_MATERIALS, isWallMaterialKey, type WallMaterial, type WallMaterialKey } from './materials.ts';
