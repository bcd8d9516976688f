import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useConfirmEmailLink } from '../api/confirm-email-link.ts';
import { confirmationErrorCode, emailConfirmedPath } from '../utils/email-confirmation.ts';
import { AuthCard } from './auth-card.tsx';

/** /app/auth/confirm-email/:key, the link in the verification e-mail: confirm, then show the result screen. */
export function ConfirmEmailPage() {
  const { key = '' } = useParams();
  const confirmation = useConfirmEmailLink(key);
  const navigate = useNavigate();

  useEffect(() => {
    if (confirmation.isSuccess) void navigate(emailConfirmedPath({ status: 'success' }), { replace: true });
    else if (confirmation.isError) void navigate(emailConfirmedPath({ status: 'error', code: confirmationErrorCode(confirmation.error) }), { replace: true });
  }, [confirmation.isSuccess, confirmation.isError, confirmation.error, navigate]);

  return (
    <AuthCard title="Confirming your email">
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={28} aria-hidden />
        <Typography color="text.secondary">Checking your confirmation link…</Typography>
      </Box>
    </AuthCard>
  );
}
