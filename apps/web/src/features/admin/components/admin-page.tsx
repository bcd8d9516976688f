import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { AccessDenied, STAFF_REQUIRED_MESSAGE } from '../../../components/access-denied.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { usePermissions } from '../../../lib/permissions.ts';
import { AuditLogList } from './audit-log-list.tsx';
import { ConsultationsList } from './consultations-list.tsx';
import { PaymentsList } from './payments-list.tsx';
import { UsersPanel } from './users-panel.tsx';

type ConsoleTab = 'users' | 'payments' | 'audit' | 'consultations';

/** /app/admin: the staff console (our addition). The server checks staff on every call; this only hides the screen. */
export function AdminPage() {
  useDocumentTitle('Admin console');
  const permissions = usePermissions();
  const [tab, setTab] = useState<ConsoleTab>('users');
  const tabsId = useId();

  if (permissions.isPending) return <PageLoading />;
  if (permissions.isError) return <Alert severity="error">{apiErrorMessage(permissions.error, 'Could not check your permissions.')}</Alert>;
  if (!permissions.data.is_staff) return <AccessDenied message={STAFF_REQUIRED_MESSAGE} />;

  const tabId = (name: ConsoleTab) => `${tabsId}-${name}-tab`;
  const panelId = (name: ConsoleTab) => `${tabsId}-${name}-panel`;
  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.875rem' }, flex: 1 }}>
          Admin Console
        </Typography>
        <Button component={RouterLink} to="/app/admin/analytics" variant="outlined">
          Conversion analytics
        </Button>
      </Box>
      <Tabs value={tab} onChange={(_event, next: ConsoleTab) => setTab(next)} aria-label="Console sections" variant="scrollable" sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="users" label="Users" id={tabId('users')} aria-controls={panelId('users')} />
        <Tab value="payments" label="Payments" id={tabId('payments')} aria-controls={panelId('payments')} />
        <Tab value="audit" label="Audit log" id={tabId('audit')} aria-controls={panelId('audit')} />
        <Tab value="consultations" label="Consultations" id={tabId('consultations')} aria-controls={panelId('consultations')} />
      </Tabs>
      <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        {tab === 'users' && <UsersPanel viewerIsAdmin={permissions.data.is_superuser} />}
        {tab === 'payments' && <PaymentsList />}
        {tab === 'audit' && <AuditLogList />}
        {tab === 'consultations' && <ConsultationsList />}
      </Box>
    </Box>
  );
}
