import { ApiError } from '../../../lib/api-client.ts';

/** Spec 000 section 8, word for word. */
export const REGISTER_MESSAGES = {
  failedPrefix: 'Registration failed: ',
  checkInformation: 'Please check your information and try again.',
  network: 'Network error occurred. Please try again.',
} as const;

/** The fields whose server messages the sign-up toast joins, in the spec's order. */
const REPORTED_FIELDS = ['password', 'email', 'username', 'non_field_errors'] as const;

/** The toast text for a failed sign-up call. */
export function registerFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return REGISTER_MESSAGES.checkInformation;
  if (error.isNetworkError) return REGISTER_MESSAGES.network;
  const joined = REPORTED_FIELDS.flatMap((field) => error.fieldErrors(field)).join(' ');
  if (joined) return REGISTER_MESSAGES.failedPrefix + joined;
  // Not a validation answer (e.g. 429 "Too many attempts..."): the server's reason beats a vague request.
  if (error.status !== 400 && error.body.detail) return REGISTER_MESSAGES.failedPrefix + error.body.detail;
  return REGISTER_MESSAGES.checkInformation;
}
