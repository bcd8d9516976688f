import { ApiError } from '../../../lib/api-client.ts';

/** The `message` codes of /app/auth/email-confirmed?status=error&message=... (000 section 2). */
export const CONFIRMATION_ERROR_CODES = ['invalid_link', 'expired_link', 'unknown_error', 'network_error'] as const;
export type ConfirmationErrorCode = (typeof CONFIRMATION_ERROR_CODES)[number];

/** 000 section 4: 404 is an invalid (or used) link, 410 an expired one, anything else unknown. */
export function confirmationErrorCode(error: unknown): ConfirmationErrorCode {
  if (!(error instanceof ApiError)) return 'unknown_error';
  if (error.isNetworkError) return 'network_error';
  if (error.status === 404) return 'invalid_link';
  if (error.status === 410) return 'expired_link';
  return 'unknown_error';
}

const CONFIRMATION_ERROR_TEXTS: Record<ConfirmationErrorCode, string> = {
  invalid_link: 'This confirmation link is invalid. Please request a new confirmation email.',
  expired_link: 'This confirmation link has expired. Please request a new confirmation email.',
  unknown_error: 'There was an error confirming your email. Please try again.',
  // The spec names the code but not its text.
  network_error: 'We could not reach the server to confirm your email. Check your connection and try again.',
};

/** Reads an untrusted query parameter: an unknown code is shown as the generic error. */
export function confirmationErrorText(code: string | null): string {
  const known = CONFIRMATION_ERROR_CODES.find((candidate) => candidate === code);
  return CONFIRMATION_ERROR_TEXTS[known ?? 'unknown_error'];
}

/** `already=true` (ours): the link had been used before and the address is verified. */
export function emailConfirmedPath(
  result: { status: 'success'; already?: boolean } | { status: 'error'; code: ConfirmationErrorCode },
): string {
  const search = new URLSearchParams({ status: result.status });
  if (result.status === 'error') search.set('message', result.code);
  else if (result.already) search.set('already', 'true');
  return `/app/auth/email-confirmed?${search.toString()}`;
}
