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
  test("the server's message ends with the request's reference for support; a field's error and the fixed wordings do not", () => {
    const failed = new ApiError('INTERNAL', 'Something went wrong on our side. Try again in a moment.', { status: 500, requestId: 'lWbCXIkvP6qv' });
    expect(apiErrorMessage(failed)).toBe('Something went wrong on our side. Try again in a moment. (reference: lWbCXIkvP6qv)');
    expect(apiErrorMessage(new ApiError('CONFLICT', 'Already accepted', { requestId: 'r1' }))).toBe('Already accepted (reference: r1)');
    expect(apiErrorMessage(new ApiError('VALIDATION_FAILED', 'Enter an e-mail', { field: 'email', requestId: 'r2' }))).toBe('Enter an e-mail');
    expect(apiErrorMessage(new ApiError('INVALID_CREDENTIALS', 'x', { requestId: 'r3' }))).toBe('Wrong e-mail or password.');
  });
  test('anything else shows the server message; non-API errors a generic one', () => {
    expect(apiErrorMessage(new ApiError('CONFLICT', 'Already accepted'))).toBe('Already accepted');
    expect(apiErrorMessage(new Error('boom'))).toMatch(/Something went wrong/);
  });
});
