import { ADMIN_ROUTES, auditLogResponse, type AuditLogResponse } from '@stagecraft/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_KEY } from './search-users.ts';

/** GET /api/admin/audit-log/: what staff changed, newest first. */
export function getAuditLog({ signal }: { signal?: AbortSignal } = {}): Promise<AuditLogResponse> {
  return apiClient.get(ADMIN_ROUTES.auditLog, { schema: auditLogResponse, signal });
}

export function auditLogQueryOptions() {
  return queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'audit-log'], queryFn: ({ signal }) => getAuditLog({ signal }), retry: false });
}

export function useAuditLog() {
  return useQuery(auditLogQueryOptions());
}
