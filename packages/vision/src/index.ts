export { VisionError, isVisionError, DAMAGED_IMAGE_REASON, type VisionErrorCode } from './errors.ts';
export { exportJpeg, type ExportOptions } from './compose/watermark.ts';
export { annotateDetections } from './compose/annotate.ts';
export {
  decodeImage,
  encodeImage,
  resizeImage,
  MAX_INPUT_PIXELS,
  type ImageInput,
  type RgbImage,
  type DecodedImage,
  type EncodeFormat,
} from './image.ts';
export {
  decodeMask,
  encodeMask,
  boxMask,
  growMask,
  shrinkMask,
  invertMask,
  maskBBox,
  maskArea,
  assertNonEmpty,
  type Box,
  type Mask,
  type MaskInput,
} from './mask.ts';
export { detectObjects, type Detection } from './detect/detect.ts';
export { ROOM_CLASSES, PRODUCT_CLASS } from './detect/classes.ts';
export {
  inpaint,
  eraseArea,
  removeObject,
  removeObjects,
  removalMask,
  type InpaintOptions,
  type FillMethod,
  type RemovalTarget,
} from './inpaint/index.ts';
export { createVisionPool, type VisionPool, type RunOptions, type JobPriority } from './pool/pool.ts';
export type { TaskName, VisionTasks } from './pool/tasks.ts';
export { roomModelOnPool, roomModelWithWallsOnPool } from './pool/room-model.ts';
export { detectObjectsOnPool } from './pool/detect.ts';
export { cutout, type Cutout, type CutoutModel } from './cutout/cutout.ts';
export { cutoutMark, plainBackground } from './cutout/mark.ts';
export { markObject, objectMask } from './cutout/mark-object.ts';
export {
  enhance,
  planEnhance,
  upscale,
  ENHANCE_LONG_SIDE,
  type EnhanceLevel,
  type EnhanceModel,
  type EnhanceOptions,
  type EnhancePlan,
} from './enhance/index.ts';
export {
  placeFurniture,
  replaceObject,
  loadSprite,
  customSprite,
  resolveSprite,
  type SpriteSource,
  type PlaceableSprite,
  type PlaceRequest,
  type FurnitureSpriteInfo,
} from './place/index.ts';
export { type PiecePose, type PlacedPiece, POSE_YAW_STEP_DEG, poseToWorld } from './place/pose.ts';
export { keepInsideWalls, type Footprint } from './place/default-pose.ts';
export {
  placePosedPiece,
  defaultPose,
  loadMesh,
  type PosedPieceRequest,
  type PosedPlacement,
  type EarlierPiece,
  type PieceMesh,
} from './place/index.ts';
export {
  wallMask,
  changeWallMaterial,
  segmentWalls,
  WALL_MATERIALS,
  isWallMaterialKey,
  type WallMaterial,
  type WallMaterialKey,
  type WallOptions,
  type WallSegmentation,
} from './walls/index.ts';
export {
  brandImage,
  type BrandRequest,
  type BrandMark,
  type BrandQr,
  type BrandCorner,
  type DisclosureLabel,
} from './brand/brand.ts';
export {
  roomModel,
  decodeRoomLabels,
  upsampleRoomLabels,
  DEFAULT_CAMERA_HEIGHT_M,
  ROOM_LABEL,
  ROOM_LABEL_NAMES,
  type RoomModelOptions,
  type RoomModel,
  type RoomLabelName,
  type RoomCameraModel,
  type RoomVanishingPoint,
  type RoomSurface,
  type RoomWall,
  type RoomOpening,
  type RoomPlane,
} from './room/index.ts';
export {
  restyleRoom,
  gradeImage,
  type RestyleRequest,
  type RestyleResult,
  type RestyleStaging,
  type ColourGrade,
  type StagedPiece,
} from './restyle/restyle.ts';
export {
  planStaging,
  guessRoomType,
  autoStage,
  planWithMeshes,
  meshFurniture,
  type AutoStageOptions,
  type AutoStageResult,
  type StageMeshes,
  ROOM_TYPES,
  type RoomType,
  type StageFurniture,
  type PlanOptions,
  type PlannedPiece,
  type StagingPlan,
} from './stage/index.ts';
export { checkStructure, type StructureCheck, type StructureCheckOptions } from './restyle/structure.ts';
