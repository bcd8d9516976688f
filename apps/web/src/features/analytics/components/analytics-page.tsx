import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { PageLoading } from '../../../components/page-loading.tsx';
import { ApiError, apiErrorMessage } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { usePermissions } from '../../../lib/permissions.ts';
import { useCompanyStats } from '../api/get-company-stats.ts';
import { usePersonalAnalytics } from '../api/get-personal-analytics.ts';
import { hasCompanyData } from '../utils/analytics-figures.ts';
import { AccessDenied, NOT_STAFF_MESSAGE, STAFF_REQUIRED_MESSAGE } from '../../../components/access-denied.tsx';
import { CompanyAnalytics } from './company-analytics.tsx';
import { PersonalAnalytics } from './personal-analytics.tsx';

type AnalyticsTab = 'personal' | 'company';

const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/** /app/admin/analytics (001 section 2): staff only, two tabs. */
export function AnalyticsPage() {
  useDocumentTitle('Conversion analytics');
  const permissions = usePermissions();
  const isStaff = permissions.data?.is_staff === true;
  const [tab, setTab] = useState<AnalyticsTab>('personal');
  const personal = usePersonalAnalytics({ enabled: isStaff && tab === 'personal' });
  const company = useCompanyStats({ enabled: isStaff && tab === 'company' });
  const tabsId = useId();

  if (permissions.isPending) return <PageLoading />;
  if (permissions.isError) {
    return (
      <Alert severity="error" action={<Button color="inherit" onClick={() => void permissions.refetch()}>Try again</Button>}>
        {apiErrorMessage(permissions.error, 'Could not check your permissions.')}
      </Alert>
    );
  }
  if (!isStaff) return <AccessDenied message={NOT_STAFF_MESSAGE} />;
  // The server checks staff on every call: one that lost staff since the permission check is told so.
  if (isForbidden(personal.error) || isForbidden(company.error)) return <AccessDenied message={STAFF_REQUIRED_MESSAGE} />;

  const tabId = (name: AnalyticsTab) => `${tabsId}-${name}-tab`;
  const panelId = (name: AnalyticsTab) => `${tabsId}-${name}-panel`;
  const query = tab === 'personal' ? personal : company;
  let body;
  if (query.isPending) body = <PageLoading />;
  else if (tab === 'company' && (company.isError || (company.data && !hasCompanyData(company.data.stats)))) {
    body = <NoAnalyticsData onRetry={() => void company.refetch()} error={company.isError ? apiErrorMessage(company.error, '') : ''} />;
  } else if (query.isError) {
    body = (
      <Alert severity="error" action={<Button color="inherit" onClick={() => void query.refetch()}>Retry Loading</Button>}>
        {apiErrorMessage(query.error, 'Failed to load analytics')}
      </Alert>
    );
  } else if (tab === 'personal' && personal.data) body = <PersonalAnalytics analytics={personal.data.analytics} />;
  else if (tab === 'company' && company.data) body = <CompanyAnalytics stats={company.data.stats} />;

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.875rem' }, mb: 2 }}>
        Conversion Analytics
      </Typography>
      <Tabs value={tab} onChange={(_event, next: AnalyticsTab) => setTab(next)} aria-label="Analytics views" sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="personal" label="My Personal Analytics" id={tabId('personal')} aria-controls={panelId('personal')} />
        <Tab value="company" label="Company-Wide Analytics" id={tabId('company')} aria-controls={panelId('company')} />
      </Tabs>
      <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        {body}
      </Box>
    </Box>
  );
}

function NoAnalyticsData({ onRetry, error }: { onRetry: () => void; error: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderRadius: 2 }}>
      <Typography variant="h2" sx={{ fontSize: '1.4rem', mb: 1 }}>
        No Analytics Data
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {error || 'No conversion events have been recorded yet.'}
      </Typography>
      <Button variant="outlined" onClick={onRetry}>
        Retry Loading
      </Button>
    </Paper>
  );
}
