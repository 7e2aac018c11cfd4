import { describe, expect, test } from 'vitest';
import { ApiError, NETWORK_ERROR, NETWORK_ERROR_MESSAGE } from './api-error.ts';
import { apiErrorMessage, needsAccountRecovery } from './api-error-messages.ts';

describe('apiErrorMessage: the auth error kinds of docs/product-overview.md §8 in plain words', () => {
  test.each([
    ['INVALID_CREDENTIALS', 'Wrong e-mail or password.'],
    ['RATE_LIMITED', 'Too many attempts. Wait a minute, then try again.'],
    [NETWORK_ERROR, NETWORK_ERROR_MESSAGE],
  ])('%s', (code, message) => {
    expect(apiErrorMessage(new ApiError(code, 'server words'))).toBe(message);
  });
  test('disabled and locked accounts keep the server explanation and point to recovery', () => {
    const locked = new ApiError('ACCOUNT_LOCKED', 'Locked after too many failed sign-ins.');
    expect(apiErrorMessage(locked)).toBe('Locked after too many failed sign-ins.');
    expect(needsAccountRecovery(locked)).toBe(true);
    expect(needsAccountRecovery(new ApiError('ACCOUNT_DISABLED', 'x'))).toBe(true);
    expect(needsAccountRecovery(new ApiError('INVALID_CREDENTIALS', 'x'))).toBe(false);
  });
  test('anything else shows the server message; non-API errors a generic one', () => {
    expect(apiErrorMessage(new ApiError('CONFLICT', 'Already accepted'))).toBe('Already accepted');
    expect(apiErrorMessage(new Error('boom'))).toMatch(/Something went wrong/);
  });
});
