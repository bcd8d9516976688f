import { BRANDING_ROUTES, successMessage } from '@stagecraft/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** DELETE /api/branding/assets/{asset_id}/: templates that used it keep working without it. */
export function deleteAsset(assetId: string) {
  return apiClient.delete(BRANDING_ROUTES.asset(assetId), { schema: successMessage });
}

export function useDeleteAsset() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAsset, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['branding'] }) });
}
