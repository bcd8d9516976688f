import { BRANDING_ROUTES, shareExportResponse, successMessage } from '@stagecraft/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function shareExport(exportId: string) {
  return apiClient.post(BRANDING_ROUTES.exportShare(exportId), undefined, { schema: shareExportResponse });
}

export function revokeShare(exportId: string) {
  return apiClient.delete(BRANDING_ROUTES.exportShare(exportId), { schema: successMessage });
}

export function useShareExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shareExport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['branding', 'exports'] }),
  });
}

export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeShare,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['branding', 'exports'] }),
  });
}
