import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FormFeedback } from '../../../components/form-feedback.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { useLogin } from '../api/login.ts';
import { useLoginPageState } from '../hooks/use-login-page-state.ts';
import { useResendVerification } from '../hooks/use-resend-verification.ts';
import { useTimedMessage } from '../hooks/use-timed-message.ts';
import { loginFailure, type LoginFailure } from '../utils/login-error.ts';
import { AuthCard } from './auth-card.tsx';
import { GoogleSignInButton } from './google-sign-in-button.tsx';

/** Spec 000 section 9: a message handed over by another screen stays 6 seconds. */
const HANDOVER_MESSAGE_MS = 6000;

interface LoginFieldErrors {
  email?: string;
  password?: string;
}

function validate(email: string, password: string): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  if (!email.trim()) errors.email = 'Email is required';
  if (!password) errors.password = 'Password is required';
  return errors;
}

export function LoginPage() {
  const handover = useLoginPageState();
  const isErrorHandover = handover.severity === 'error';
  const timedNotice = useTimedMessage(isErrorHandover ? undefined : handover.message, HANDOVER_MESSAGE_MS);
  const [email, setEmail] = useState(handover.email ?? '');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<LoginFieldErrors>({});
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const loginMutation = useLogin();
  const resend = useResendVerification();
  const { signIn } = useAuth();
  const navigate = useNavigate();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = validate(email, password);
    setFieldErrors(errors);
    setFailure(null);
    if (errors.email || errors.password) return;
    loginMutation.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (answer) => {
          signIn(answer);
          void navigate('/app', { replace: true });
        },
        onError: (error) => setFailure(loginFailure(error)),
      },
    );
  };

  return (
    <AuthCard
      title="Log in to Stagecraft"
      subtitle="Welcome back. Pick up your staging where you left off."
      icon={<LockOutlinedIcon />}
      footer={
        <>
          New to Stagecraft?{' '}
          <Link component={RouterLink} to="/app/register" sx={{ fontWeight: 600 }}>
            Create an account
          </Link>
        </>
      }
    >
      {timedNotice && <FormFeedback severity="success">{timedNotice}</FormFeedback>}
      {isErrorHandover && handover.message && !failure && <FormFeedback severity="error">{handover.message}</FormFeedback>}
      {failure && (
        <FormFeedback severity={failure.kind === 'unverified' ? 'warning' : 'error'}>
          {failure.message}
          {failure.kind === 'unverified' && (
            <Box sx={{ mt: 1 }}>
              <Button size="small" variant="outlined" color="inherit" onClick={() => resend.send(email)} disabled={resend.isSending}>
                {resend.isSending ? 'Sending…' : 'Resend verification email'}
              </Button>
            </Box>
          )}
        </FormFeedback>
      )}
      {resend.feedback && <FormFeedback severity={resend.feedback.severity}>{resend.feedback.message}</FormFeedback>}

      <Box component="form" noValidate onSubmit={submit} aria-label="Log in">
        <Stack spacing={2.25}>
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={Boolean(fieldErrors.email)}
            helperText={fieldErrors.email}
            slotProps={{ formHelperText: { role: 'alert' } }}
            required
            fullWidth
            autoFocus={!handover.email}
          />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={Boolean(fieldErrors.password)}
            helperText={fieldErrors.password}
            slotProps={{ formHelperText: { role: 'alert' } }}
            required
            fullWidth
            autoFocus={Boolean(handover.email)}
          />
        </Stack>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1, mb: 2.5 }}>
          <Link component={RouterLink} to="/app/auth/password-reset" variant="body2">
            Forgot your password?
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={loginMutation.isPending}>
          {loginMutation.isPending ? 'Logging in…' : 'Log in'}
        </Button>
      </Box>
      <GoogleSignInButton />
    </AuthCard>
  );
}
