import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { registerFailureMessage } from './register-error.ts';

describe('registerFailureMessage', () => {
  it('joins password, email, username and non-field messages in that order', () => {
    const error = new ApiError(400, {
      detail: 'ignored',
      username: ['A user with that username already exists.'],
      email: ['A user is already registered with this e-mail address.'],
      password: ['This password is too common.'],
      non_field_errors: ["The two password fields didn't match."],
    });
    expect(registerFailureMessage(error)).toBe(
      'Registration failed: This password is too common. A user is already registered with this e-mail address. A user with that username already exists. The two password fields didn\'t match.',
    );
  });

  it('asks to check the information when a 400 names none of those fields', () => {
    expect(registerFailureMessage(new ApiError(400, { detail: 'x', medium: ['"TV" is not a valid choice.'] }))).toBe('Please check your information and try again.');
    expect(registerFailureMessage(new Error('boom'))).toBe('Please check your information and try again.');
  });

  it('gives the reason of a refusal that is not about the fields, such as the rate limit', () => {
    expect(registerFailureMessage(new ApiError(429, { detail: 'Too many attempts. Please wait 3 minutes and try again.' }))).toBe(
      'Registration failed: Too many attempts. Please wait 3 minutes and try again.',
    );
  });

  it('reports a network failure in the sign-up wording', () => {
    expect(registerFailureMessage(new ApiError(0, { detail: 'Network error. Please try again.' }))).toBe('Network error occurred. Please try again.');
  });
});
