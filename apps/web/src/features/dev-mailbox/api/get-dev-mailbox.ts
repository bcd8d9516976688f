import { API_ROUTES, devMailboxResponse, type DevMailboxResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function getDevMailbox({ signal }: { signal?: AbortSignal } = {}): Promise<DevMailboxResponse> {
  return apiClient.get(API_ROUTES.devMailbox, { schema: devMailboxResponse, signal });
}

export function devMailboxQueryOptions() {
  return queryOptions({
    queryKey: ['dev-mailbox'],
    queryFn: ({ signal }) => getDevMailbox({ signal }),
    staleTime: 0,
  });
}

export function useDevMailbox() {
  return useQuery(devMailboxQueryOptions());
}
