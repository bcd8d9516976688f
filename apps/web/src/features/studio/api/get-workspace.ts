import { STUDIO_ROUTES, studioWorkspaceResponse, type StudioWorkspaceResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /api/studio/workspace/: the user's most recent room with its editor state, preferences and rooms. */
export function getWorkspace({ signal }: { signal?: AbortSignal } = {}): Promise<StudioWorkspaceResponse> {
  return apiClient.get(STUDIO_ROUTES.workspace, { schema: studioWorkspaceResponse, signal });
}

export const WORKSPACE_QUERY_KEY = ['studio', 'workspace'] as const;

export function workspaceQueryOptions() {
  // Read afresh at every visit (the server's session is the truth), never refetched under the editor's feet.
  return queryOptions({
    queryKey: WORKSPACE_QUERY_KEY,
    queryFn: ({ signal }) => getWorkspace({ signal }),
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useWorkspace() {
  return useQuery(workspaceQueryOptions());
}
