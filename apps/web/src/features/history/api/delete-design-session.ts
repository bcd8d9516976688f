import { HISTORY_ROUTES, successResponse } from '@stagecraft/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { DESIGN_HISTORY_QUERY_KEY } from './get-design-history.ts';

/** DELETE /api/design-history/{sessionId}/delete/: the session, its steps and its images, for good. */
export function deleteDesignSession(sessionId: string): Promise<{ success: true }> {
  return apiClient.delete(HISTORY_ROUTES.deleteSession(sessionId), { schema: successResponse });
}

export function useDeleteDesignSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDesignSession,
    onSuccess: (_answer, sessionId) => {
      // The detail is gone for good: drop it rather than refetch it into a 404.
      queryClient.removeQueries({ queryKey: [...DESIGN_HISTORY_QUERY_KEY, 'session', sessionId] });
      return queryClient.invalidateQueries({ queryKey: [...DESIGN_HISTORY_QUERY_KEY, 'list'] });
    },
  });
}
