import { API_ERROR_STATUS, type ApiErrorCode } from '@crate/contract/api-error';

/** An error meant for the client: a code from the contract, a readable message and optionally the field at fault. */
export class AppError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly field: string | undefined;

  constructor(code: ApiErrorCode, message: string, field?: string) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = API_ERROR_STATUS[code];
    this.field = field;
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} was not found`);
export const forbidden = (message = 'You do not have permission to do that') => new AppError('FORBIDDEN', message);
