import { BRANDING_ROUTES, successMessage } from '@stagecraft/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function setDefaultTemplate(templateId: string) {
  return apiClient.post(BRANDING_ROUTES.setDefault(templateId), undefined, { schema: successMessage });
}

export function useSetDefaultTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['branding'] }),
  });
}
