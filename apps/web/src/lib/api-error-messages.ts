import { ApiError, NETWORK_ERROR, NETWORK_ERROR_MESSAGE } from './api-error.ts';

/**
 * The server's own message with the request's id after it, so support can find the request's log lines
 * (docs/decisions/0066). Not for a field's error: the form shows it under the field, for the person to fix.
 */
function withReference(error: ApiError, message: string): string {
  return error.requestId && !error.field ? `${message} (reference: ${error.requestId})` : message;
}

/**
 * What a person reads for an API failure. The auth library's error kinds (docs/product-overview.md §8: wrong password, too many requests, user disabled, network request failed) get fixed wording;
 * everything else shows the server's message, which is written for people.
 */
export function apiErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong. Try again in a moment.';
  switch (error.code) {
    case NETWORK_ERROR:
      return NETWORK_ERROR_MESSAGE;
    case 'INVALID_CREDENTIALS':
      return 'Wrong e-mail or password.';
    case 'RATE_LIMITED':
      return 'Too many attempts. Wait a minute, then try again.';
    case 'UNAUTHENTICATED':
      return 'Your session has ended. Log in again to continue.';
    case 'CSRF_REJECTED':
      return 'This request was blocked because it did not come from Crate. Reload the page and try again.';
    case 'ACCOUNT_LOCKED':
    case 'ACCOUNT_DISABLED':
      return withReference(error, error.message || 'This account cannot sign in right now.');
    default:
      return withReference(error, error.message || 'Something went wrong. Try again in a moment.');
  }
}

/** What needs a confirmed e-mail was refused (docs/decisions/0069): the way out is a new verification link. */
export function needsEmailVerification(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED';
}

/** Locked, disabled and deactivated accounts are recovered from /accountrecovery. */
export function needsAccountRecovery(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'ACCOUNT_LOCKED' || error.code === 'ACCOUNT_DISABLED');
}
