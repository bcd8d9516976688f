import { describe, expect, it } from 'vitest';
import { accountTypeLabel, avatarInitial, formatLastLogin, formatMemberSince } from './account-details.ts';

describe('accountTypeLabel', () => {
  it('says Admin for a superuser first, then Staff, then User', () => {
    expect(accountTypeLabel({ is_superuser: true, is_staff: true })).toBe('Admin');
    expect(accountTypeLabel({ is_superuser: true, is_staff: false })).toBe('Admin');
    expect(accountTypeLabel({ is_superuser: false, is_staff: true })).toBe('Staff');
    expect(accountTypeLabel({ is_superuser: false, is_staff: false })).toBe('User');
  });
});

describe('account dates and initial', () => {
  it('formats member since and last login, and says Never before the first login', () => {
    expect(formatMemberSince('2026-03-04T10:00:00.000Z')).toBe('March 4, 2026');
    expect(formatLastLogin(null)).toBe('Never');
    expect(formatLastLogin('not a date')).toBe('not a date');
  });

  it('takes the upper-cased first letter of the username', () => {
    expect(avatarInitial('claire')).toBe('C');
    expect(avatarInitial('')).toBe('?');
  });
});
