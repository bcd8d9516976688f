import CheckCircleOutlineRoundedIcon from '@mui/icons-material/CheckCircleOutlineRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import type { UserProfile } from '@stagecraft/contracts';
import { accountTypeLabel, formatLastLogin } from '../utils/account-details.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { DetailRow, ProfileSection } from './profile-section.tsx';

const SECURITY_TIPS = [
  'Use a password you do not use on any other site.',
  'A short phrase of unrelated words is strong and easy to remember.',
  'Changing your password logs out every other device.',
  'We never ask for your password by e-mail.',
];

export function SecurityTab({ profile }: { profile: UserProfile }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, gap: 3, alignItems: 'start' }}>
      <ProfileSection title="Change password" description="Other devices are logged out when your password changes; this one stays logged in.">
        <ChangePasswordForm />
      </ProfileSection>
      <Stack spacing={3}>
        <ProfileSection title="Account security">
          <Box component="dl" sx={{ m: 0 }}>
            <DetailRow label="Email status">
              <Chip
                component="span"
                size="small"
                color={profile.is_verified ? 'success' : 'warning'}
                label={profile.is_verified ? 'Verified' : 'Not verified'}
                sx={{ mt: 0.5 }}
              />
            </DetailRow>
            <DetailRow label="Account type">{accountTypeLabel(profile)}</DetailRow>
            <DetailRow label="Last login">
              {profile.last_login ? <time dateTime={profile.last_login}>{formatLastLogin(profile.last_login)}</time> : formatLastLogin(null)}
            </DetailRow>
          </Box>
        </ProfileSection>
        <ProfileSection title="Security tips">
          <List dense disablePadding>
            {SECURITY_TIPS.map((tip) => (
              <ListItem key={tip} disableGutters sx={{ alignItems: 'flex-start' }}>
                <ListItemIcon sx={{ minWidth: 32, mt: 0.5, color: 'success.main' }}>
                  <CheckCircleOutlineRoundedIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={tip} />
              </ListItem>
            ))}
          </List>
        </ProfileSection>
      </Stack>
    </Box>
  );
}
