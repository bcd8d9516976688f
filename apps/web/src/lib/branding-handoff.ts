/**
 * The studio opens the branding page in a new tab with the image the user is working on: the studio writes it
 * here just before opening the tab, the branding page reads it. localStorage, because a new tab shares it (and a
 * large data URL that does not fit is simply not handed over).
 */
const KEY = 'stagecraft.branding.handoff';

export interface BrandingHandoff {
  /** The current result: a data URL or the URL of one of the user's stored images. */
  image: string;
  /** The unstaged photo, for the share page's before/after. */
  original: string | null;
}

/**
 * Hands the image over; what does not fit (an 8K result as a data URL is tens of MB, the quota about 5 MB) is
 * left out rather than leaving the previous hand-over in place, which would brand an older picture: first the
 * original goes, then the whole hand-over, and the branding page opens without a picture and offers to choose one.
 * Stored results travel as short signed URLs and always fit.
 */
export function writeBrandingHandoff(handoff: BrandingHandoff): void {
  for (const attempt of [handoff, { image: handoff.image, original: null }]) {
    try {
      localStorage.setItem(KEY, JSON.stringify(attempt));
      return;
    } catch {
      // Quota exceeded: try with less.
    }
  }
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Storage unavailable altogether: there is nothing stale to remove either.
  }
}

export function readBrandingHandoff(): BrandingHandoff | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (value && typeof value === 'object' && 'image' in value && typeof value.image === 'string') {
      const original = 'original' in value && typeof value.original === 'string' ? value.original : null;
      return { image: value.image, original };
    }
  } catch {
    // A value that is not ours: ignore it.
  }
  return null;
}
