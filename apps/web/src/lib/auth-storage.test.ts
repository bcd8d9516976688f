// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { clearStoredSession, decodeAccessToken, readAccessToken, readStoredTokenPairs, storeTokens } from './auth-storage.ts';

function jwtWithPayload(payload: object): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

afterEach(() => localStorage.clear());

describe('stored session', () => {
  it('tries the authToken entry before authTokens', () => {
    localStorage.setItem('authTokens', JSON.stringify({ access: 'password-access', refresh: 'password-refresh' }));
    localStorage.setItem('authToken', JSON.stringify({ access: 'google-access', refresh: 'google-refresh' }));
    expect(readStoredTokenPairs().map((pair) => pair.refresh)).toEqual(['google-refresh', 'password-refresh']);
    expect(readAccessToken()).toBe('google-access');
  });

  it('ignores an entry that is not a token pair', () => {
    localStorage.setItem('authToken', 'not json');
    localStorage.setItem('authTokens', JSON.stringify({ access: 'a' }));
    expect(readStoredTokenPairs()).toEqual([]);
    expect(readAccessToken()).toBeNull();
  });

  it('writes a renewed pair to both entries, since the old refresh token stops working', () => {
    storeTokens({ access: 'new-access', refresh: 'new-refresh' });
    expect(JSON.parse(localStorage.getItem('authToken') ?? '')).toEqual({ access: 'new-access', refresh: 'new-refresh' });
    expect(JSON.parse(localStorage.getItem('authTokens') ?? '')).toEqual({ access: 'new-access', refresh: 'new-refresh' });
    expect(readStoredTokenPairs()).toHaveLength(1);
  });

  it('forgets the tokens and the user on logout', () => {
    storeTokens({ access: 'a', refresh: 'r' });
    localStorage.setItem('user', JSON.stringify({ username: 'claire' }));
    clearStoredSession();
    expect([localStorage.getItem('authToken'), localStorage.getItem('authTokens'), localStorage.getItem('user')]).toEqual([null, null, null]);
  });
});

describe('decodeAccessToken', () => {
  it('reads user_id from the access token payload', () => {
    expect(decodeAccessToken(jwtWithPayload({ user_id: 42, exp: 1_900_000_000 }))?.user_id).toBe(42);
  });

  it('returns null for a token without a user', () => {
    expect(decodeAccessToken(jwtWithPayload({ sub: 'someone' }))).toBeNull();
    expect(decodeAccessToken('garbage')).toBeNull();
  });
});
