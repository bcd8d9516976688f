export { planStaging } from './plan.ts';
export { guessRoomType } from './guess.ts';
export {
  ROOM_TYPES,
  type RoomType,
  type StageFurniture,
  type PlanOptions,
  type PlannedPiece,
  type StagingPlan,
  type SizeCm,
} from './types.ts';
export {
  autoStage,
  planWithMeshes,
  meshFurniture,
  drawingOrder,
  type AutoStageOptions,
  type AutoStageResult,
  type StageMeshes,
} from './stage.ts';
