import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useConfirmEmailLink } from '../api/confirm-email-link.ts';
import { useConfirmOnce } from '../hooks/use-confirm-once.ts';
import { confirmationErrorCode, emailConfirmedPath } from '../utils/email-confirmation.ts';
import { AuthCard } from './auth-card.tsx';
import { ConfirmationChecking } from './confirmation-checking.tsx';

/** /app/auth/confirm-email/:key, the link in the verification e-mail: confirm, then show the result screen. */
export function ConfirmEmailPage() {
  const { key = '' } = useParams();
  const confirmation = useConfirmOnce(useConfirmEmailLink(), key);
  const navigate = useNavigate();

  useEffect(() => {
    if (confirmation.isSuccess) {
      const already = confirmation.data.already_confirmed;
      void navigate(emailConfirmedPath({ status: 'success', already }), { replace: true });
    }
    else if (confirmation.isError) void navigate(emailConfirmedPath({ status: 'error', code: confirmationErrorCode(confirmation.error) }), { replace: true });
  }, [confirmation.isSuccess, confirmation.isError, confirmation.data, confirmation.error, navigate]);

  return (
    <AuthCard title="Confirming your email">
      <ConfirmationChecking />
    </AuthCard>
  );
}
