import { isAPIError } from 'better-auth/api';
import { AppError } from '../../http/app-error.ts';

/** The same words whether the e-mail has no account or the password is wrong (no account enumeration). */
export const INVALID_CREDENTIALS_MESSAGE = 'The e-mail or password is not correct.';

/** The better-auth error code of an APIError, if it is one. */
export function authErrorCode(error: unknown): string | undefined {
  if (!isAPIError(error)) return undefined;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Sign-up refused because the address already has an account (register answers that neutrally). */
export function isEmailInUse(error: unknown): boolean {
  const code = authErrorCode(error);
  return code === 'USER_ALREADY_EXISTS' || code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL';
}

/**
 * Turns the auth library's error kinds into our codes with messages a person can act on. Errors we
 * throw ourselves (AppError, e.g. from the session hook of a disabled account) pass through unchanged;
 * anything unexpected is rethrown for the error handler's generic 500.
 */
export function toAppError(error: unknown): unknown {
  if (error instanceof AppError || !isAPIError(error)) return error;
  switch (authErrorCode(error)) {
    case 'INVALID_EMAIL_OR_PASSWORD':
      return new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
    case 'INVALID_EMAIL':
      return new AppError('VALIDATION_FAILED', 'Enter a valid e-mail address', 'email');
    case 'INVALID_PASSWORD':
      return new AppError('VALIDATION_FAILED', 'Your current password is not correct.', 'current_password');
    case 'PASSWORD_TOO_SHORT':
    case 'PASSWORD_TOO_LONG':
      return new AppError('VALIDATION_FAILED', error.message, 'new_password');
    case 'INVALID_TOKEN':
    case 'TOKEN_EXPIRED':
      return new AppError('VALIDATION_FAILED', 'This link is invalid, has expired or was already used. Ask for a new one.', 'token');
    case 'UNAUTHORIZED':
      return new AppError('UNAUTHENTICATED', 'Sign in to continue');
    default:
      break;
  }
  if (error.statusCode === 429) return new AppError('RATE_LIMITED', 'Too many requests. Wait a minute and try again.');
  return error;
}

/** Runs an auth library call, translating its errors. */
export async function callAuth<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toAppError(error);
  }
}
