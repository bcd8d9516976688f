import { ADMIN_ROUTES, adminConsultationResponse, type AdminConsultationResponse } from '@stagecraft/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_KEY } from './search-users.ts';

/** POST /api/admin/consultations/{id}/handled/: once per request; audited. */
export function markConsultationHandled(consultationId: number): Promise<AdminConsultationResponse> {
  return apiClient.post(ADMIN_ROUTES.consultationHandled(consultationId), undefined, { schema: adminConsultationResponse });
}

export function useMarkConsultationHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConsultationHandled,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}
