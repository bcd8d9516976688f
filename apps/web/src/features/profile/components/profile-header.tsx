import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import VerifiedRoundedIcon from '@mui/icons-material/VerifiedRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { UserProfile } from '@stagecraft/contracts';
import toast from 'react-hot-toast';
import { useResendVerificationEmail } from '../../../lib/account.ts';
import { avatarInitial } from '../utils/account-details.ts';

/** Spec 000 section 8: the profile's own resend texts. */
const CONFIRMATION_SENT = 'Confirmation email sent! Check your inbox.';
const CONFIRMATION_FAILED = 'Failed to send confirmation email';

export function ProfileHeader({ profile }: { profile: UserProfile }) {
  const resend = useResendVerificationEmail();

  return (
    <Paper variant="outlined" sx={{ borderRadius: 2, overflow: 'hidden', mb: 3 }}>
      <Box aria-hidden sx={{ height: { xs: 56, sm: 72 }, background: 'linear-gradient(120deg, #4338ca 0%, #6366f1 45%, #0f766e 100%)' }} />
      <Box sx={{ px: { xs: 2.5, sm: 4 }, pb: 3, display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: { xs: 'flex-start', sm: 'flex-end' }, gap: { xs: 1.5, sm: 3 } }}>
        <Avatar
          sx={{ width: 88, height: 88, mt: { xs: -5, sm: -5.5 }, bgcolor: 'primary.main', fontSize: 36, fontWeight: 800, border: '4px solid #fff', boxShadow: '0 4px 14px rgba(15, 23, 42, 0.15)' }}
        >
          {avatarInitial(profile.username)}
        </Avatar>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.875rem' }, overflowWrap: 'anywhere' }}>
            {profile.username}
          </Typography>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {profile.email}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          {profile.is_verified ? (
            <Chip color="success" icon={<VerifiedRoundedIcon />} label="Verified" />
          ) : (
            <>
              <Chip color="warning" variant="outlined" icon={<ErrorOutlineRoundedIcon />} label="Not verified" />
              <Button
                size="small"
                variant="contained"
                color="warning"
                disabled={resend.isPending}
                onClick={() =>
                  resend.mutate(undefined, {
                    onSuccess: () => toast.success(CONFIRMATION_SENT),
                    onError: () => toast.error(CONFIRMATION_FAILED),
                  })
                }
              >
                {resend.isPending ? 'Sending…' : 'Resend confirmation email'}
              </Button>
            </>
          )}
        </Box>
      </Box>
    </Paper>
  );
}
