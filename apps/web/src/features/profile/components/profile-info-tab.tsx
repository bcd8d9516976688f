import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { UserProfile } from '@stagecraft/contracts';
import { formatMemberSince } from '../utils/account-details.ts';
import { ProfileNamesForm } from './profile-names-form.tsx';
import { DetailRow, ProfileSection } from './profile-section.tsx';

export function ProfileInfoTab({ profile }: { profile: UserProfile }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, gap: 3, alignItems: 'start' }}>
      <ProfileSection title="Your name" description="Shown on your account; your username and e-mail stay as they are.">
        <ProfileNamesForm profile={profile} />
      </ProfileSection>
      <ProfileSection title="Account">
        <Box component="dl" sx={{ m: 0 }}>
          <DetailRow label="Username">{profile.username}</DetailRow>
          <DetailRow label="Email">{profile.email}</DetailRow>
          <DetailRow label="Member since">
            <time dateTime={profile.date_joined}>{formatMemberSince(profile.date_joined)}</time>
          </DetailRow>
          <DetailRow label="Account status">
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }} component="span">
              <Chip size="small" color={profile.is_active ? 'success' : 'default'} label={profile.is_active ? 'Active' : 'Inactive'} />
              {profile.is_staff && <Chip size="small" color="info" label="Staff" />}
              {profile.is_superuser && <Chip size="small" color="secondary" label="Admin" />}
            </Stack>
          </DetailRow>
        </Box>
      </ProfileSection>
    </Box>
  );
}
