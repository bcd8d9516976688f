import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import MarkEmailReadRoundedIcon from '@mui/icons-material/MarkEmailReadRounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { FormFeedback } from '../../../components/form-feedback.tsx';
import { USER_PROFILE_QUERY_KEY } from '../../../lib/account.ts';
import { useDelayedNavigate } from '../hooks/use-delayed-navigate.ts';
import { confirmationErrorText } from '../utils/email-confirmation.ts';
import { AuthCard } from './auth-card.tsx';

/** DECISIONS.md: the screen promises a redirect in 3 seconds and keeps that promise. */
const REDIRECT_TO_LOGIN_MS = 3000;

/** /app/auth/email-confirmed?status=success|error&message=code: the result of an e-mail confirmation. */
export function EmailConfirmedPage() {
  const [params] = useSearchParams();
  const succeeded = params.get('status') === 'success';
  const delayedNavigate = useDelayedNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!succeeded) return;
    // A logged-in tab must drop its "not verified" badge and banner.
    void queryClient.invalidateQueries({ queryKey: USER_PROFILE_QUERY_KEY });
    delayedNavigate('/app/login', REDIRECT_TO_LOGIN_MS);
  }, [succeeded, delayedNavigate, queryClient]);

  if (succeeded) {
    return (
      <AuthCard title="Email Confirmed!" icon={<MarkEmailReadRoundedIcon />}>
        <Typography sx={{ mb: 1 }}>
          {params.get('already') === 'true'
            ? 'Your email address was already confirmed. You can log in and start staging.'
            : 'Your email address is verified. You can now log in and start staging.'}
        </Typography>
        <Typography role="status" color="text.secondary" sx={{ mb: 3 }}>
          You will be redirected to the login page in 3 seconds.
        </Typography>
        <Button component={RouterLink} to="/app/login" variant="contained" size="large" fullWidth>
          Go to Login
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Email confirmation failed" icon={<ErrorOutlineRoundedIcon />}>
      <FormFeedback severity="error">{confirmationErrorText(params.get('message'))}</FormFeedback>
      <Stack spacing={1.5}>
        <Button component={RouterLink} to="/app/auth/resend-confirmation" variant="contained" size="large" fullWidth sx={{ lineHeight: 1.35 }}>
          Resend Confirmation Email
        </Button>
        <Button component={RouterLink} to="/app/login" variant="outlined" size="large" fullWidth>
          Go to Login
        </Button>
      </Stack>
    </AuthCard>
  );
}
