const DAY_MS = 86_400_000;
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/**
 * History dates (001 section 9): "Today", "Yesterday", "N days ago" up to 7, then a short date ("Nov 18, 2026").
 * Days are calendar days in the viewer's time zone, so 23:59 yesterday is "Yesterday" at 00:01 today. A date
 * ahead of the clock (a server a little ahead) reads as today.
 */
export function formatRelativeDate(value: string | Date, now: Date = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  // Rounded: a day across a daylight-saving change is 23 or 25 hours long.
  const days = Math.round((startOfDay(now) - startOfDay(date)) / DAY_MS);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days <= 7) return `${days} days ago`;
  return shortDate.format(date);
}

const fullDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The exact moment, for a tooltip or a `<time>` title beside the relative date. */
export function formatFullDate(value: string | Date): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : fullDate.format(date);
}
