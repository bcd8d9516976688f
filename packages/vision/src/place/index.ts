export { placeFurniture, placeFurnitureDetailed, replaceObject } from './place.ts';
export { loadSprite, customSprite, resolveSprite, TYPICAL_SIZE_CM } from './sprite.ts';
export { estimateRoomGeometry, DEFAULT_CAMERA_HEIGHT_CM, DEFAULT_HORIZON_FRACTION } from './geometry.ts';
export type { PlaceableSprite, FurnitureSpriteInfo, PlaceRequest, Placement, RoomGeometry, SpriteSource } from './types.ts';
