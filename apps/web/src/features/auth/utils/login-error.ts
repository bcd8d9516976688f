import { ApiError } from '../../../lib/api-client.ts';

/** Spec 000 section 8, word for word. */
export const LOGIN_MESSAGES = {
  unverified: 'Please verify your email address before logging in.',
  invalidCredentials: 'Invalid email or password. Please try again.',
  network: 'Network error. Please try again.',
  fallback: 'Login failed',
} as const;

export interface LoginFailure {
  /** `unverified` offers the resend-verification action next to the message. */
  kind: 'unverified' | 'credentials' | 'other';
  message: string;
}

const CREDENTIAL_STATUSES = new Set([400, 401, 403]);
const UNVERIFIED_PATTERN = /verify your email|not verified/i;

/** Turns a failed login call into what the login form shows. */
export function loginFailure(error: unknown): LoginFailure {
  if (!(error instanceof ApiError)) return { kind: 'other', message: LOGIN_MESSAGES.fallback };
  if (error.isNetworkError) return { kind: 'other', message: LOGIN_MESSAGES.network };
  const serverMessage = error.body.detail ?? error.body.non_field_errors?.[0];
  if (CREDENTIAL_STATUSES.has(error.status)) {
    const everyMessage = [serverMessage, ...(error.body.non_field_errors ?? [])].filter(Boolean).join(' ');
    if (UNVERIFIED_PATTERN.test(everyMessage)) return { kind: 'unverified', message: LOGIN_MESSAGES.unverified };
    return { kind: 'credentials', message: LOGIN_MESSAGES.invalidCredentials };
  }
  // Rate limits, server trouble: the server's own words say what to do (e.g. how long to wait).
  return { kind: 'other', message: serverMessage ?? LOGIN_MESSAGES.fallback };
}
