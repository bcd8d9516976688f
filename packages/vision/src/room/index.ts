export { DEFAULT_CAMERA_HEIGHT_M, type RoomModelOptions } from './room-model.ts';
export {
  roomModel,
  roomCenterNetHalf,
  roomNanoDetHalf,
  roomModelFromHalves,
  roomModelWithWallsFromHalves,
  type CenterNetHalf,
  type NanoDetHalf,
} from './steps.ts';
export { decodeRoomLabels, roomLabelMask, upsampleRoomLabels } from './labels.ts';
export {
  ROOM_LABEL,
  ROOM_LABEL_NAMES,
  type RoomModel,
  type RoomLabelName,
  type RoomCameraModel,
  type RoomVanishingPoint,
  type RoomSurface,
  type RoomWall,
  type RoomOpening,
  type RoomPlane,
  type Point2,
  type Point3,
} from './types.ts';
