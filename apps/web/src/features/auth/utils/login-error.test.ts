import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { loginFailure } from './login-error.ts';

describe('loginFailure', () => {
  it('asks an unverified user to verify, with the resend option', () => {
    const error = new ApiError(400, { detail: 'E-mail is not verified.', non_field_errors: ['E-mail is not verified.'] });
    expect(loginFailure(error)).toEqual({ kind: 'unverified', message: 'Please verify your email address before logging in.' });
  });

  it('recognises "verify your email" wording in any case, on 401 and 403 too', () => {
    expect(loginFailure(new ApiError(401, { detail: 'Please VERIFY YOUR EMAIL first' })).kind).toBe('unverified');
    expect(loginFailure(new ApiError(403, { non_field_errors: ['Email not verified'] })).kind).toBe('unverified');
  });

  it('shows the generic message for wrong credentials', () => {
    const error = new ApiError(400, { detail: 'Unable to log in with provided credentials.', non_field_errors: ['Unable to log in with provided credentials.'] });
    expect(loginFailure(error)).toEqual({ kind: 'credentials', message: 'Invalid email or password. Please try again.' });
  });

  it('passes other server messages on as given, such as the rate limit', () => {
    const error = new ApiError(429, { detail: 'Too many attempts. Please wait 9 minutes and try again.' });
    expect(loginFailure(error).message).toBe('Too many attempts. Please wait 9 minutes and try again.');
  });

  it('falls back to the first non-field error, then to "Login failed"', () => {
    expect(loginFailure(new ApiError(500, { non_field_errors: ['Database unavailable'] })).message).toBe('Database unavailable');
    expect(loginFailure(new ApiError(502, {})).message).toBe('Login failed');
    expect(loginFailure(new Error('boom')).message).toBe('Login failed');
  });

  it('says so when the network failed', () => {
    expect(loginFailure(new ApiError(0, { detail: 'whatever' })).message).toBe('Network error. Please try again.');
  });
});
