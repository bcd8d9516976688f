import { type ApplyBrandingRequest, applyBrandingResponse, BRANDED_EXPORT_QUALITY, BRANDING_ROUTES } from '@stagecraft/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /api/branding/apply/ (JPEG, quality 92): Pro only, others get 403. */
export function applyBranding(body: ApplyBrandingRequest) {
  return apiClient.post(
    BRANDING_ROUTES.apply,
    { export_format: 'JPEG', export_quality: BRANDED_EXPORT_QUALITY, ...body },
    { schema: applyBrandingResponse },
  );
}

export function useApplyBranding() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: applyBranding, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['branding'] }) });
}
