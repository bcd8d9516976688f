import PasswordRoundedIcon from '@mui/icons-material/PasswordRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { FormFeedback } from '../../../components/form-feedback.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { ApiError, apiErrorMessage } from '../../../lib/api-client.ts';
import { useConfirmPasswordReset } from '../api/confirm-password-reset.ts';
import { useDelayedNavigate } from '../hooks/use-delayed-navigate.ts';
import { AuthCard } from './auth-card.tsx';

/** Spec 000 section 9: back to login 2 seconds after a successful reset. */
const REDIRECT_TO_LOGIN_MS = 2000;
const PASSWORDS_DIFFER = 'Passwords do not match';

/** /app/auth/reset-password/:uid/:token, the link in the reset e-mail. */
export function ResetPasswordPage() {
  const { uid = '', token = '' } = useParams();
  const [password1, setPassword1] = useState('');
  const [password2, setPassword2] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const reset = useConfirmPasswordReset();
  const delayedNavigate = useDelayedNavigate();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password1 !== password2) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    reset.mutate(
      { uid, token, new_password1: password1, new_password2: password2 },
      {
        onSuccess: () =>
          delayedNavigate('/app/login', REDIRECT_TO_LOGIN_MS, { replace: true, state: { message: 'Your password has been reset. Log in with your new password.' } }),
      },
    );
  };

  const done = reset.isSuccess;
  // Only a dead link needs a new one; a refused password just needs another try.
  const linkBroken = reset.error instanceof ApiError && (reset.error.fieldErrors('token').length > 0 || reset.error.fieldErrors('uid').length > 0);
  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Use at least 8 characters; a short phrase is easier to remember and harder to guess."
      icon={<PasswordRoundedIcon />}
      footer={
        <Link component={RouterLink} to="/app/login" sx={{ fontWeight: 600 }}>
          Back to login
        </Link>
      }
    >
      {done && <FormFeedback severity="success">Your password has been reset. Taking you to the login page…</FormFeedback>}
      {reset.isError && (
        <FormFeedback severity="error">
          {apiErrorMessage(reset.error, 'Failed to reset password')}
          {linkBroken && (
            <>
              {' '}
              <Link component={RouterLink} to="/app/auth/password-reset" color="inherit" sx={{ fontWeight: 600 }}>
                Request a new link
              </Link>
            </>
          )}
        </FormFeedback>
      )}
      <Box component="form" noValidate onSubmit={submit} aria-label="Choose a new password">
        <Stack spacing={2.25}>
          <PasswordField
            label="New password"
            name="new_password1"
            autoComplete="new-password"
            value={password1}
            onChange={(event) => setPassword1(event.target.value)}
            required
            fullWidth
            autoFocus
            disabled={done}
          />
          <PasswordField
            label="Confirm new password"
            name="new_password2"
            autoComplete="new-password"
            value={password2}
            onChange={(event) => {
              setPassword2(event.target.value);
              setMismatch(false);
            }}
            error={mismatch}
            helperText={mismatch ? PASSWORDS_DIFFER : undefined}
            slotProps={{ formHelperText: { role: 'alert' } }}
            required
            fullWidth
            disabled={done}
          />
        </Stack>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={!password1 || !password2 || reset.isPending || done} sx={{ mt: 3 }}>
          {reset.isPending ? 'Saving…' : 'Set new password'}
        </Button>
      </Box>
    </AuthCard>
  );
}
