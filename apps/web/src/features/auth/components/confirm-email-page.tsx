import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useConfirmEmailLink } from '../api/confirm-email-link.ts';
import { confirmationErrorCode, emailConfirmedPath } from '../utils/email-confirmation.ts';
import { AuthCard } from './auth-card.tsx';
import { ConfirmationChecking } from './confirmation-checking.tsx';

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
      <ConfirmationChecking />
    </AuthCard>
  );
}
