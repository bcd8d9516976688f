import { type ConsultationRequest, GUIDE_ROUTES, consultationResponse } from '@stagecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** DECISIONS.md: the consultation form really sends (stored, confirmed by e-mail, announced to staff). */
export function requestConsultation(request: ConsultationRequest) {
  return apiClient.post(GUIDE_ROUTES.consultation, { ...request }, { auth: false, schema: consultationResponse });
}

export function useRequestConsultation() {
  return useMutation({ mutationFn: requestConsultation, retry: false });
}
