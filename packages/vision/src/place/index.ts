export { placeFurniture, placeFurnitureDetailed, replaceObject } from './place.ts';
export { loadSprite, customSprite, resolveSprite, TYPICAL_SIZE_CM } from './sprite.ts';
export { estimateRoomGeometry, DEFAULT_CAMERA_HEIGHT_CM, DEFAULT_HORIZON_FRACTION } from './geometry.ts';
export type { PlaceableSprite, FurnitureSpriteInfo, PlaceRequest, Placement, RoomGeometry, SpriteSource } from './types.ts';
export { placePosedPiece, type PosedPieceRequest, type PosedPlacement, type EarlierPiece } from './posed.ts';
export { defaultPose, floorPoint, typicalFootprint, AGAINST_WALL, type Footprint } from './default-pose.ts';
export { loadMesh, buildMesh, type PieceMesh, type MeshMaterial, type MeshTexture } from './mesh.ts';
export { estimateRoomLight, type RoomLight } from './light.ts';
