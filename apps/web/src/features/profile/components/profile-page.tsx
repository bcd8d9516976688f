import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, useState } from 'react';
import { PageLoading } from '../../../components/page-loading.tsx';
import { useUserProfile } from '../../../lib/account.ts';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { ProfileHeader } from './profile-header.tsx';
import { ProfileInfoTab } from './profile-info-tab.tsx';
import { SecurityTab } from './security-tab.tsx';

type ProfileTab = 'info' | 'security';

/** /app/profile: who you are, your e-mail verification, and your password (000 section 2). */
export function ProfilePage() {
  useDocumentTitle('Your profile');
  const profileQuery = useUserProfile();
  const [tab, setTab] = useState<ProfileTab>('info');
  const tabsId = useId();

  if (profileQuery.isPending) return <PageLoading />;
  if (profileQuery.isError) {
    return (
      <Alert
        severity="error"
        role="alert"
        action={
          <Button color="inherit" size="small" onClick={() => void profileQuery.refetch()}>
            Try again
          </Button>
        }
      >
        {apiErrorMessage(profileQuery.error, 'Failed to load your profile')}
      </Alert>
    );
  }

  const profile = profileQuery.data;
  const tabId = (name: ProfileTab) => `${tabsId}-${name}-tab`;
  const panelId = (name: ProfileTab) => `${tabsId}-${name}-panel`;
  return (
    <Box sx={{ maxWidth: 1040, mx: 'auto' }}>
      <ProfileHeader profile={profile} />
      <Tabs
        value={tab}
        onChange={(_event, next: ProfileTab) => setTab(next)}
        aria-label="Profile sections"
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="info" label="Profile Info" id={tabId('info')} aria-controls={panelId('info')} />
        <Tab value="security" label="Security" id={tabId('security')} aria-controls={panelId('security')} />
      </Tabs>
      <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        {tab === 'info' ? <ProfileInfoTab profile={profile} /> : <SecurityTab profile={profile} />}
      </Box>
    </Box>
  );
}
