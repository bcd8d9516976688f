/**
 * The OAuth `state` round trip: a random value kept in this tab's sessionStorage before leaving for the
 * provider, and checked when it sends the browser back, so a callback URL planted by someone else is refused.
 */
const STATE_KEY = 'googleSignInState';

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The provider's authorization URL with a fresh `state`, remembered for the callback. */
export function googleAuthorizationUrl(authorizationUrl: string): string {
  const state = randomState();
  sessionStorage.setItem(STATE_KEY, state);
  const url = new URL(authorizationUrl, window.location.origin);
  url.searchParams.set('state', state);
  return url.toString();
}

/** True when the returned state is the one this tab sent; the stored value is used up either way. */
export function consumeGoogleState(returned: string | null): boolean {
  const expected = sessionStorage.getItem(STATE_KEY);
  sessionStorage.removeItem(STATE_KEY);
  return expected !== null && returned !== null && expected === returned;
}
