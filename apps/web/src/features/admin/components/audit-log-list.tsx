import Alert from '@mui/material/Alert';
import type { AuditEntry } from '@stagecraft/contracts';
import { CountTable } from '../../../components/count-table.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { useAuditLog } from '../api/get-audit-log.ts';

const ACTION_LABELS: Record<string, string> = {
  credits_granted: 'Credits granted',
  credits_removed: 'Credits removed',
  plan_changed: 'Plan changed',
  user_deactivated: 'Deactivated',
  user_reactivated: 'Reactivated',
  verification_resent: 'Verification resent',
  staff_granted: 'Made staff',
  staff_revoked: 'Staff removed',
  consultation_handled: 'Consultation handled',
};

/** What the details of an entry say, in one line: "amount: 10 · reason: Apology". */
export function describeDetails(details: Record<string, unknown>): string {
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(' · ');
}

export function auditRows(entries: AuditEntry[], { withTarget }: { withTarget: boolean }) {
  return entries.map((entry) => [
    new Date(entry.created_at).toLocaleString(),
    entry.actor_username ?? '(deleted)',
    ...(withTarget ? [entry.target_email ?? '—'] : []),
    ACTION_LABELS[entry.action] ?? entry.action,
    describeDetails(entry.details) || '—',
  ]);
}

export function AuditLogList() {
  const query = useAuditLog();
  if (query.isPending) return <PageLoading />;
  if (query.isError) return <Alert severity="error">{apiErrorMessage(query.error, 'Failed to load the audit log')}</Alert>;
  return (
    <CountTable
      title="Audit log"
      columns={['When', 'Who', 'User', 'What', 'Details']}
      empty="No changes yet."
      rows={auditRows(query.data.entries, { withTarget: true })}
    />
  );
}
