import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { INBOX_URL, linkFromMail } from './mail.ts';

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export const E2E_PASSWORD = 'Bright-Oak-Floor-81';

/**
 * A verified account made through the real API and the real e-mail: sign up, read the verification mail in
 * the SMTP sink, open its link. Returns what a test needs to log in through the UI.
 */
export async function createVerifiedUser(request: APIRequestContext, prefix = 'stager') {
  const email = uniqueEmail(prefix);
  const username = email.split('@')[0]?.replace(/[^\w.+-]/g, '') ?? 'stager';
  const registered = await request.post('/api/register/', {
    data: { username, email, password: E2E_PASSWORD, password2: E2E_PASSWORD, medium: 'Google search' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const link = await linkFromMail(email, /\/app\/auth\/confirm-email\//);
  const key = link.split('/').filter(Boolean).pop() ?? '';
  const confirmed = await request.get(`/api/auth/confirm-email/${key}/`);
  expect(confirmed.status()).toBe(200);
  return { email, username, password: E2E_PASSWORD };
}

/** Tells the loopback Google provider whom to sign in next. */
export async function setGoogleIdentity(identity: {
  email: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}) {
  const response = await fetch(`${INBOX_URL}/google-identity`, {
    method: 'POST',
    body: JSON.stringify({ email_verified: true, ...identity }),
  });
  expect(response.status).toBe(204);
}
