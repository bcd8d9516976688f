import { useState } from 'react';
import { useResendVerificationPublic } from '../api/resend-verification-public.ts';

/** Spec 000 section 8, word for word. */
export const RESEND_MESSAGES = {
  emailMissing: 'Please enter your email address first.',
  sent: 'Verification email sent! Check your inbox and spam folder.',
  failed: 'Failed to send verification email',
} as const;

export interface ResendFeedback {
  severity: 'success' | 'error';
  message: string;
}

/** Public resend of the verification e-mail with the spec's three outcomes, for the login and resend screens. */
export function useResendVerification() {
  const mutation = useResendVerificationPublic();
  const [feedback, setFeedback] = useState<ResendFeedback | null>(null);

  const send = (email: string) => {
    if (!email.trim()) {
      setFeedback({ severity: 'error', message: RESEND_MESSAGES.emailMissing });
      return;
    }
    setFeedback(null);
    mutation.mutate(email, {
      onSuccess: () => setFeedback({ severity: 'success', message: RESEND_MESSAGES.sent }),
      onError: () => setFeedback({ severity: 'error', message: RESEND_MESSAGES.failed }),
    });
  };

  return { send, feedback, isSending: mutation.isPending };
}
