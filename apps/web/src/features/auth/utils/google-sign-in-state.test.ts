// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { consumeGoogleState, googleAuthorizationUrl } from './google-sign-in-state.ts';

afterEach(() => sessionStorage.clear());

describe('Google sign-in state', () => {
  it('adds a random state to the authorization URL and accepts it once on return', () => {
    const url = new URL(googleAuthorizationUrl('http://127.0.0.1:9/authorize?client_id=stagecraft&scope=openid'));
    const state = url.searchParams.get('state');
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(url.searchParams.get('client_id')).toBe('stagecraft');
    expect(consumeGoogleState(state)).toBe(true);
    expect(consumeGoogleState(state)).toBe(false);
  });

  it('refuses a callback whose state this tab did not send', () => {
    googleAuthorizationUrl('http://127.0.0.1:9/authorize');
    expect(consumeGoogleState('forged')).toBe(false);
    expect(consumeGoogleState(null)).toBe(false);
  });
});
