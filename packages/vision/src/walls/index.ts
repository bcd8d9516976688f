export { wallMask, segmentWalls, type WallOptions, type WallSegmentation } from './wall-mask.ts';
export { changeWallMaterial, applyWallMaterial, wallMaterialMask, type ChangeWallOptions } from './change-material.ts';
export { roomWallMask, type RoomWallOptions } from './room-walls.ts';
export { WALL_MATERIALS, isWallMaterialKey, type WallMaterial, type WallMaterialKey } from './materials.ts';
