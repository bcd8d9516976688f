import type { UserProfile } from '@stagecraft/contracts';

/** Spec 000 section 6: Admin (superuser) first, then Staff, then User. */
export function accountTypeLabel(profile: Pick<UserProfile, 'is_staff' | 'is_superuser'>): 'Admin' | 'Staff' | 'User' {
  if (profile.is_superuser) return 'Admin';
  if (profile.is_staff) return 'Staff';
  return 'User';
}

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
const dateAndTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "March 4, 2026"; the raw value if the server ever sends something that is not a date. */
export function formatMemberSince(isoDate: string): string {
  const date = new Date(isoDate);
  return Number.isNaN(date.getTime()) ? isoDate : longDate.format(date);
}

export function formatLastLogin(isoDate: string | null): string {
  if (!isoDate) return 'Never';
  const date = new Date(isoDate);
  return Number.isNaN(date.getTime()) ? isoDate : dateAndTime.format(date);
}

/** The avatar letter: the username's first character, upper-cased. */
export function avatarInitial(username: string): string {
  return username.trim().charAt(0).toUpperCase() || '?';
}
