import ForwardToInboxRoundedIcon from '@mui/icons-material/ForwardToInboxRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { FormFeedback } from '../../../components/form-feedback.tsx';
import { useResendVerification } from '../hooks/use-resend-verification.ts';
import { AuthCard } from './auth-card.tsx';

/** /app/auth/resend-confirmation: a fresh verification e-mail for an address that cannot log in yet. */
export function ResendConfirmationPage() {
  const [email, setEmail] = useState('');
  const resend = useResendVerification();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    resend.send(email);
  };

  return (
    <AuthCard
      title="Resend confirmation email"
      subtitle="Enter the email address you signed up with and we will send you a new confirmation link."
      icon={<ForwardToInboxRoundedIcon />}
      footer={
        <Link component={RouterLink} to="/app/login" sx={{ fontWeight: 600 }}>
          Back to login
        </Link>
      }
    >
      {resend.feedback && <FormFeedback severity={resend.feedback.severity}>{resend.feedback.message}</FormFeedback>}
      <Box component="form" noValidate onSubmit={submit} aria-label="Resend confirmation email">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
          fullWidth
          autoFocus
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={resend.isSending} sx={{ mt: 3 }}>
          {resend.isSending ? 'Sending…' : 'Send confirmation email'}
        </Button>
      </Box>
    </AuthCard>
  );
}
