import { BRANDING_ROUTES, type QuickCreateTemplateRequest, templateResponse } from '@stagecraft/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /api/branding/templates/quick-create/ (make_default sent false, as the spec's client does). */
export function createTemplate(body: QuickCreateTemplateRequest) {
  return apiClient
    .post(BRANDING_ROUTES.quickCreate, { ...body, make_default: false }, { schema: templateResponse })
    .then((answer) => answer.template);
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTemplate, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['branding'] }) });
}
