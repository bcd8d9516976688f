import { BRANDING_ROUTES, successMessage } from '@stagecraft/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function deleteTemplate(templateId: string) {
  return apiClient.delete(BRANDING_ROUTES.template(templateId), { schema: successMessage });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTemplate, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['branding'] }) });
}
