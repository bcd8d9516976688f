import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { CountTable } from '../../../components/count-table.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { useUserDetail } from '../api/get-user-detail.ts';
import { auditRows } from './audit-log-list.tsx';
import { paymentColumns, paymentRows } from './payments-list.tsx';
import { UserActions } from './user-actions.tsx';

const PLAN_NAMES = { free: 'Starter', paid: 'Pay As You Go', pro: 'Pro' } as const;

export function UserDetail({ userId, viewerIsAdmin }: { userId: number; viewerIsAdmin: boolean }) {
  const query = useUserDetail(userId);
  if (query.isPending) return <PageLoading />;
  if (query.isError) return <Alert severity="error">{apiErrorMessage(query.error, 'Failed to load the user')}</Alert>;
  const { user, ledger, payments, events, audit, sessions_count: sessionsCount } = query.data;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper variant="outlined" component="section" aria-label="Account" sx={{ p: 2.5, borderRadius: 2 }}>
        <Typography variant="h2" sx={{ fontSize: '1.3rem', fontWeight: 700 }}>
          {user.email}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {user.username} · joined {new Date(user.date_joined).toLocaleDateString()} · last login{' '}
          {user.last_login ? new Date(user.last_login).toLocaleString() : 'never'}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
          <Chip label={`Plan: ${PLAN_NAMES[user.plan]}`} />
          <Chip label={`Credits: ${user.credits}`} color="primary" aria-label={`User credits: ${user.credits}`} />
          <Chip label={`Design sessions: ${sessionsCount}`} />
          <Chip label={user.is_verified ? 'Verified' : 'Unverified'} color={user.is_verified ? 'success' : 'warning'} />
          {!user.is_active && <Chip label="Deactivated" color="error" />}
          {user.is_superuser ? <Chip label="Admin" color="info" /> : user.is_staff ? <Chip label="Staff" color="info" /> : null}
        </Box>
        <UserActions user={user} viewerIsAdmin={viewerIsAdmin} />
      </Paper>
      <CountTable
        title="Credit ledger"
        columns={['When', 'Change', 'Reason', 'Balance']}
        empty="No credit changes."
        rows={ledger.map((entry) => [
          new Date(entry.created_at).toLocaleString(),
          entry.delta > 0 ? `+${entry.delta}` : String(entry.delta),
          entry.note ? `${entry.reason}: ${entry.note}` : entry.reason,
          entry.balance_after,
        ])}
      />
      <CountTable title="Payments" columns={paymentColumns({ withUser: false })} empty="No payments." rows={paymentRows(payments, { withUser: false })} />
      <CountTable
        title="Recent events"
        columns={['When', 'Event', 'Source']}
        empty="No events."
        rows={events.map((event) => [new Date(event.created_at).toLocaleString(), event.event_type, event.source ?? '—'])}
      />
      <CountTable title="Changes by staff" columns={['When', 'Who', 'What', 'Details']} empty="No changes by staff." rows={auditRows(audit, { withTarget: false })} />
    </Box>
  );
}
