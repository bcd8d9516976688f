import MailOutlineRoundedIcon from '@mui/icons-material/MailOutlineRounded';
import PersonAddAltRoundedIcon from '@mui/icons-material/PersonAddAltRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { HOW_FOUND_OPTIONS } from '@stagecraft/contracts';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link as RouterLink } from 'react-router';
import { FormFeedback } from '../../../components/form-feedback.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useRegister } from '../api/register.ts';
import { resendVerificationPublic } from '../api/resend-verification-public.ts';
import { useDelayedNavigate } from '../hooks/use-delayed-navigate.ts';
import { RESEND_MESSAGES } from '../hooks/use-resend-verification.ts';
import { passwordChecks } from '../utils/password-checks.ts';
import { registerFailureMessage } from '../utils/register-error.ts';
import { AuthCard } from './auth-card.tsx';
import { PasswordChecklist } from './password-checklist.tsx';

/** Spec 000 sections 4, 8 and 9: texts and timings of the sign-up flow. */
const SIGNUP_SUCCESS_MESSAGE = 'Account created successfully! Please check your email to verify your account before logging in.';
const SIGNUP_SUCCESS_TOAST_MS = 8000;
const REDIRECT_TO_LOGIN_MS = 2000;
const LOGIN_PAGE_MESSAGE = 'Account created! Please verify your email then log in.';
const PASSWORDS_DIFFER = 'Passwords do not match!';
const HOW_FOUND_MISSING = 'Please select how you found us!';

type RegisterField = 'username' | 'email' | 'password' | 'password2' | 'medium';
type FieldErrors = Partial<Record<RegisterField, string>>;

/** The server's per-field messages, shown beside the fields as well as in the spec's joined toast. */
function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const first = (field: string) => error.fieldErrors(field).join(' ') || undefined;
  return { username: first('username'), email: first('email'), password: first('password'), medium: first('medium') };
}

export function RegisterPage() {
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [medium, setMedium] = useState('');
  const [mediumTouched, setMediumTouched] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const registerMutation = useRegister();
  const delayedNavigate = useDelayedNavigate();
  const checklistId = useId();

  const checks = passwordChecks(password, password2);
  const passwordsPass = checks.every((check) => check.passed);
  const canSubmit = passwordsPass && medium !== '' && !registerMutation.isPending && !registerMutation.isSuccess;
  // Say why the button is disabled as soon as the choice is the only thing missing.
  const showMediumHint = medium === '' && (mediumTouched || passwordsPass);
  const showMismatch = password2.length > 0 && password !== password2;

  const onRegistered = async (address: string) => {
    toast.success(SIGNUP_SUCCESS_MESSAGE, { duration: SIGNUP_SUCCESS_TOAST_MS });
    // Sign-up already sent the e-mail; the server answers this second request without sending it twice.
    try {
      await resendVerificationPublic(address);
      toast(RESEND_MESSAGES.sent, { icon: <MailOutlineRoundedIcon sx={{ color: 'info.main' }} /> });
    } catch {
      toast.error(RESEND_MESSAGES.failed);
    }
    delayedNavigate('/app/login', REDIRECT_TO_LOGIN_MS, { state: { message: LOGIN_PAGE_MESSAGE, email: address } });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (!username.trim()) errors.username = 'Username is required';
    if (!email.trim()) errors.email = 'Email is required';
    if (password !== password2) errors.password2 = PASSWORDS_DIFFER;
    if (!medium) errors.medium = HOW_FOUND_MISSING;
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0 || !passwordsPass) return;
    const address = email.trim();
    registerMutation.mutate(
      { username: username.trim(), email: address, password, password2, medium },
      {
        onSuccess: () => void onRegistered(address),
        onError: (error) => {
          setFieldErrors(serverFieldErrors(error));
          toast.error(registerFailureMessage(error));
        },
      },
    );
  };

  const submitLabel = registerMutation.isSuccess ? 'Account created' : registerMutation.isPending ? 'Creating your account…' : 'Create account';

  return (
    <AuthCard
      title="Create your account"
      subtitle="Start with 3 free credits. No credit card required."
      icon={<PersonAddAltRoundedIcon />}
      footer={
        <>
          Already have an account?{' '}
          <Link component={RouterLink} to="/app/login" sx={{ fontWeight: 600 }}>
            Log in
          </Link>
        </>
      }
    >
      <Alert severity="info" icon={<MailOutlineRoundedIcon fontSize="inherit" />} sx={{ mb: 3 }}>
        You must verify your email address before you can log in. We will send you a confirmation link.
      </Alert>
      {registerMutation.isError && <FormFeedback severity="error">{registerFailureMessage(registerMutation.error)}</FormFeedback>}
      <Box component="form" noValidate onSubmit={submit} aria-label="Create your account">
        <Stack spacing={2.25}>
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            error={Boolean(fieldErrors.username)}
            helperText={fieldErrors.username}
            required
            fullWidth
            autoFocus
          />
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={Boolean(fieldErrors.email)}
            helperText={fieldErrors.email}
            required
            fullWidth
          />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={Boolean(fieldErrors.password)}
            helperText={fieldErrors.password}
            required
            fullWidth
            slotProps={{ htmlInput: { 'aria-describedby': checklistId } }}
          />
          <PasswordField
            label="Confirm password"
            name="password2"
            autoComplete="new-password"
            value={password2}
            onChange={(event) => setPassword2(event.target.value)}
            error={showMismatch || Boolean(fieldErrors.password2)}
            helperText={showMismatch ? PASSWORDS_DIFFER : fieldErrors.password2}
            required
            fullWidth
          />
          <PasswordChecklist id={checklistId} checks={checks} />
          <TextField
            select
            label="How did you find us?"
            name="medium"
            value={medium}
            onChange={(event) => setMedium(event.target.value)}
            onBlur={() => setMediumTouched(true)}
            error={showMediumHint || Boolean(fieldErrors.medium)}
            helperText={showMediumHint ? HOW_FOUND_MISSING : fieldErrors.medium}
            required
            fullWidth
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="" disabled>
              Choose one
            </option>
            {HOW_FOUND_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </TextField>
        </Stack>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={!canSubmit} sx={{ mt: 3 }}>
          {submitLabel}
        </Button>
      </Box>
    </AuthCard>
  );
}
