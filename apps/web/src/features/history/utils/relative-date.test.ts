import { describe, expect, it } from 'vitest';
import { formatRelativeDate } from './relative-date.ts';

describe('formatRelativeDate', () => {
  // Local times: the rule counts calendar days where the viewer is.
  const now = new Date(2026, 10, 25, 0, 5); // Nov 25, 2026, 00:05

  it('says today for anything since midnight, and for a date slightly ahead of the clock', () => {
    expect(formatRelativeDate(new Date(2026, 10, 25, 0, 1), now)).toBe('Today');
    expect(formatRelativeDate(new Date(2026, 10, 25, 9, 0), now)).toBe('Today');
  });

  it('says yesterday for the previous calendar day, even a few minutes ago', () => {
    expect(formatRelativeDate(new Date(2026, 10, 24, 23, 59), now)).toBe('Yesterday');
    expect(formatRelativeDate(new Date(2026, 10, 24, 0, 0), now)).toBe('Yesterday');
  });

  it('counts days up to 7, then gives a short date', () => {
    expect(formatRelativeDate(new Date(2026, 10, 23, 12), now)).toBe('2 days ago');
    expect(formatRelativeDate(new Date(2026, 10, 18, 12), now)).toBe('7 days ago');
    expect(formatRelativeDate(new Date(2026, 10, 17, 12), now)).toBe('Nov 17, 2026');
    expect(formatRelativeDate(new Date(2025, 0, 3, 12), now)).toBe('Jan 3, 2025');
  });

  it('counts calendar days across a daylight-saving change', () => {
    const afterChange = new Date(2026, 2, 31, 12);
    expect(formatRelativeDate(new Date(2026, 2, 27, 12), afterChange)).toBe('4 days ago');
  });

  it('reads ISO strings as the server sends them, and gives nothing for an unreadable one', () => {
    const iso = new Date(2026, 10, 22, 15, 30).toISOString();
    expect(formatRelativeDate(iso, now)).toBe('3 days ago');
    expect(formatRelativeDate('not a date', now)).toBe('');
  });
});
