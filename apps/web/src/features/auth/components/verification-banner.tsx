import MarkEmailUnreadRoundedIcon from '@mui/icons-material/MarkEmailUnreadRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import toast from 'react-hot-toast';
import { useLocation } from 'react-router';
import { useResendVerificationEmail, useUserProfile } from '../../../lib/account.ts';
import { RESEND_MESSAGES } from '../hooks/use-resend-verification.ts';
import { showsVerificationBanner } from '../utils/verification-banner-visibility.ts';

/** Asks a logged-in user whose e-mail is not verified yet to verify it, with a one-click resend. */
export function VerificationBanner() {
  const { pathname } = useLocation();
  const { data: profile } = useUserProfile();
  const resend = useResendVerificationEmail();

  if (!profile || profile.is_verified || !showsVerificationBanner(pathname)) return null;

  return (
    <Alert
      severity="warning"
      icon={<MarkEmailUnreadRoundedIcon fontSize="inherit" />}
      sx={{ borderRadius: 0, borderBottom: 1, borderColor: 'rgba(180, 83, 9, 0.25)', alignItems: 'center' }}
      action={
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: () => toast.success(RESEND_MESSAGES.sent),
              onError: () => toast.error(RESEND_MESSAGES.failed),
            })
          }
        >
          {resend.isPending ? 'Sending…' : 'Resend'}
        </Button>
      }
    >
      Please verify your email address ({profile.email}). Check your inbox for the confirmation link.
    </Alert>
  );
}
