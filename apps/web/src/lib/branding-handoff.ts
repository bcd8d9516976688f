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

export function writeBrandingHandoff(handoff: BrandingHandoff): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(handoff));
  } catch {
    // Quota exceeded: the branding page opens without a picture and offers to choose one.
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
