import { BRANDING_ROUTES, templateResponse, type UpdateTemplateRequest } from '@stagecraft/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** PUT /api/branding/templates/{template_id}/. */
export function updateTemplate({ templateId, body }: { templateId: string; body: UpdateTemplateRequest }) {
  return apiClient
    .put(BRANDING_ROUTES.template(templateId), body, { schema: templateResponse })
    .then((answer) => answer.template);
}

export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTemplate, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['branding'] }) });
}
