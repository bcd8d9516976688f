import LockResetRoundedIcon from '@mui/icons-material/LockResetRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { FormFeedback } from '../../../components/form-feedback.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { AuthCard } from './auth-card.tsx';

/** /app/auth/password-reset (and /forgot-password): idle, sending, then success or error (000 section 4). */
export function PasswordResetPage() {
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const resetRequest = useRequestPasswordReset();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim()) {
      setEmailError('Email is required');
      return;
    }
    setEmailError(null);
    resetRequest.mutate(email);
  };

  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the email address of your account and we will send you a link to choose a new password."
      icon={<LockResetRoundedIcon />}
      footer={
        <>
          Remembered it?{' '}
          <Link component={RouterLink} to="/app/login" sx={{ fontWeight: 600 }}>
            Back to login
          </Link>
        </>
      }
    >
      {resetRequest.isSuccess && (
        <FormFeedback severity="success">
          Check your inbox: if an account uses {resetRequest.variables.trim()}, a password reset link is on its way. It works for 1 hour.
        </FormFeedback>
      )}
      {resetRequest.isError && <FormFeedback severity="error">{apiErrorMessage(resetRequest.error, 'Failed to send reset email')}</FormFeedback>}
      <Box component="form" noValidate onSubmit={submit} aria-label="Reset your password">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailError !== null}
          helperText={emailError}
          required
          fullWidth
          autoFocus
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={!email.trim() || resetRequest.isPending} sx={{ mt: 3 }}>
          {resetRequest.isPending ? 'Sending…' : 'Send reset link'}
        </Button>
      </Box>
    </AuthCard>
  );
}
