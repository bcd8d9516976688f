import { BILLING_ROUTES, subscribeResponse } from '@stagecraft/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiClient } from '../../../lib/api-client.ts';
import { readAccessToken } from '../../../lib/auth-storage.ts';
import type { SessionUser } from '../../../lib/auth.tsx';
import { readReferral } from '../../../lib/referral.ts';

/** 000 section 8, subscribe: the texts shown when a checkout cannot start. */
export const SUBSCRIBE_MESSAGES = {
  missingUser: 'User information is missing. Please log in again.',
  missingTokens: 'Authentication tokens are missing or invalid. Please log in again.',
  failed: 'Subscription failed! Please check your details and try again.',
  unavailable: 'An error occurred. Please try again later.',
} as const;

/** A refusal the page can show as it is, raised before any request is made. */
export class SubscribeRefused extends Error {
  override readonly name = 'SubscribeRefused';
}

export function subscribeErrorMessage(error: unknown): string {
  if (error instanceof SubscribeRefused) return error.message;
  if (error instanceof ApiError) {
    if (error.status === 401) return SUBSCRIBE_MESSAGES.missingTokens;
    if (error.status >= 400 && error.status < 500) return SUBSCRIBE_MESSAGES.failed;
  }
  return SUBSCRIBE_MESSAGES.unavailable;
}

/** Starts a checkout for one catalogue item; the answer is where the browser must go (Stripe or our test page). */
export async function subscribe({ user, priceId }: { user: SessionUser | null; priceId: string }): Promise<{ url: string }> {
  if (!user || !user.email || !user.username) throw new SubscribeRefused(SUBSCRIBE_MESSAGES.missingUser);
  if (!readAccessToken()) throw new SubscribeRefused(SUBSCRIBE_MESSAGES.missingTokens);
  return apiClient.post(
    BILLING_ROUTES.subscribe({ pk: user.userId, email: user.email, username: user.username }, priceId),
    { referral_id: readReferral() },
    { schema: subscribeResponse },
  );
}

export function useSubscribe() {
  return useMutation({
    mutationFn: subscribe,
    // The page is about to be left: the mutation stays pending-looking by design (buttons stay disabled).
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
