const REFERRAL_KEY = 'stagecraft.referralId';

/**
 * The affiliate programme's links carry `?ref=<id>`; the id is remembered so that a purchase made days later,
 * after signing up, still credits the affiliate (sent as `referral_id` with the subscribe call).
 */
export function rememberReferral(search: string): void {
  const ref = new URLSearchParams(search).get('ref')?.trim();
  if (!ref) return;
  try {
    window.localStorage.setItem(REFERRAL_KEY, ref.slice(0, 200));
  } catch {
    // Storage disabled: the referral cannot outlive the page.
  }
}

export function readReferral(): string | null {
  try {
    return window.localStorage.getItem(REFERRAL_KEY);
  } catch {
    return null;
  }
}
