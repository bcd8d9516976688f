import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { confirmationErrorCode, confirmationErrorText, emailConfirmedPath } from './email-confirmation.ts';

describe('confirmationErrorCode', () => {
  it('maps 404 to invalid_link, 410 to expired_link, a network failure to network_error, the rest to unknown_error', () => {
    expect(confirmationErrorCode(new ApiError(404, {}))).toBe('invalid_link');
    expect(confirmationErrorCode(new ApiError(410, {}))).toBe('expired_link');
    expect(confirmationErrorCode(new ApiError(0, {}))).toBe('network_error');
    expect(confirmationErrorCode(new ApiError(500, {}))).toBe('unknown_error');
    expect(confirmationErrorCode(new ApiError(400, {}))).toBe('unknown_error');
    expect(confirmationErrorCode(new TypeError('x'))).toBe('unknown_error');
  });
});

describe('confirmationErrorText', () => {
  it('gives the spec texts for each code', () => {
    expect(confirmationErrorText('invalid_link')).toBe('This confirmation link is invalid. Please request a new confirmation email.');
    expect(confirmationErrorText('expired_link')).toBe('This confirmation link has expired. Please request a new confirmation email.');
    expect(confirmationErrorText('unknown_error')).toBe('There was an error confirming your email. Please try again.');
    expect(confirmationErrorText('network_error')).toMatch(/connection/);
  });

  it('treats a missing or made-up code as the generic error', () => {
    expect(confirmationErrorText(null)).toBe('There was an error confirming your email. Please try again.');
    expect(confirmationErrorText('<script>')).toBe('There was an error confirming your email. Please try again.');
  });
});

describe('emailConfirmedPath', () => {
  it('builds the result screen address', () => {
    expect(emailConfirmedPath({ status: 'success' })).toBe('/app/auth/email-confirmed?status=success');
    expect(emailConfirmedPath({ status: 'error', code: 'expired_link' })).toBe('/app/auth/email-confirmed?status=error&message=expired_link');
  });
});
