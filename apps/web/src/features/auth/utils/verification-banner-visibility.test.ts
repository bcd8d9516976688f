import { describe, expect, it } from 'vitest';
import { showsVerificationBanner } from './verification-banner-visibility.ts';

describe('showsVerificationBanner', () => {
  it('stays off the landing, login, register and /app/auth pages', () => {
    for (const path of ['/', '/app/login', '/app/register', '/login', '/register', '/app/login/', '/app/auth/change-password', '/app/auth/email-confirmed']) {
      expect(showsVerificationBanner(path), path).toBe(false);
    }
  });

  it('shows in the studio and on the profile', () => {
    for (const path of ['/app', '/app/profile', '/app/pricing', '/app/history/4']) {
      expect(showsVerificationBanner(path), path).toBe(true);
    }
  });
});
