import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import MarkEmailReadRoundedIcon from '@mui/icons-material/MarkEmailReadRounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { FormFeedback } from '../../../components/form-feedback.tsx';
import { USER_PROFILE_QUERY_KEY } from '../../../lib/account.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { useConfirmEmail } from '../api/confirm-email.ts';
import { useConfirmOnce } from '../hooks/use-confirm-once.ts';
import { confirmationErrorCode, confirmationErrorText } from '../utils/email-confirmation.ts';
import { AuthCard } from './auth-card.tsx';
import { ConfirmationChecking } from './confirmation-checking.tsx';

/** /app/auth/verify-email/:key: confirms through POST /api/auth/email/confirm/ and shows the result here. */
export function VerifyEmailPage() {
  const { key = '' } = useParams();
  const confirmation = useConfirmOnce(useConfirmEmail(), key);
  const { user } = useAuth();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (confirmation.isSuccess) void queryClient.invalidateQueries({ queryKey: USER_PROFILE_QUERY_KEY });
  }, [confirmation.isSuccess, queryClient]);

  if (confirmation.isPending || confirmation.isIdle) {
    return (
      <AuthCard title="Verifying your email">
        <ConfirmationChecking />
      </AuthCard>
    );
  }

  const next = user ? { to: '/app', label: 'Go to the studio' } : { to: '/app/login', label: 'Go to Login' };
  if (confirmation.isSuccess) {
    return (
      <AuthCard title="Email Confirmed!" icon={<MarkEmailReadRoundedIcon />}>
        <Typography role="status" sx={{ mb: 3 }}>
          Your email address is verified. Welcome to Stagecraft!
        </Typography>
        <Button component={RouterLink} to={next.to} variant="contained" size="large" fullWidth>
          {next.label}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Email confirmation failed" icon={<ErrorOutlineRoundedIcon />}>
      <FormFeedback severity="error">{confirmationErrorText(confirmationErrorCode(confirmation.error))}</FormFeedback>
      <Stack spacing={1.5}>
        <Button component={RouterLink} to="/app/auth/resend-confirmation" variant="contained" size="large" fullWidth>
          Resend Confirmation
        </Button>
        <Button component={RouterLink} to={next.to} variant="outlined" size="large" fullWidth>
          {next.label}
        </Button>
      </Stack>
    </AuthCard>
  );
}
