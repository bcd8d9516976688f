import {
  STUDIO_ROUTES,
  stageRoomPlanResponse,
  stageRoomResponse,
  type StageRoomPlanResponse,
  type StageRoomResponse,
  type StagingRoomType,
  type ThemeKey,
} from '@stagecraft/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** What staging the room would add and cost (free), shown before the user confirms. */
export function planStaging(body: {
  session_id: string;
  theme_key: ThemeKey;
  room_type?: StagingRoomType;
}): Promise<StageRoomPlanResponse> {
  return apiClient.post(STUDIO_ROUTES.stageRoomPlan, { ...body }, { schema: stageRoomPlanResponse });
}

/** The room staged: 2 credits per piece added (themed placements). */
export function stageRoom(body: {
  image_data: string;
  session_id: string;
  theme_key: ThemeKey;
  room_type?: StagingRoomType;
  progress_id?: string;
}): Promise<StageRoomResponse> {
  return apiClient.post(STUDIO_ROUTES.stageRoom, { ...body }, { schema: stageRoomResponse });
}
