/**
 * An error from our JSON API, as the UI needs it: the contract's error code, a message a person can
 * read, the form field at fault (if any), the HTTP status (0 when the request never got an answer) and
 * the request's id (what support finds its log lines by; undefined when no answer named one).
 */
export class ApiError extends Error {
  readonly code: string;
  readonly field: string | undefined;
  readonly status: number;
  readonly requestId: string | undefined;

  constructor(code: string, message: string, options: { field?: string | undefined; status?: number; requestId?: string | undefined } = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.field = options.field;
    this.status = options.status ?? 0;
    this.requestId = options.requestId;
  }
}

/** Client-side codes next to the contract's server codes. */
export const NETWORK_ERROR = 'NETWORK_ERROR';
export const INVALID_RESPONSE = 'INVALID_RESPONSE';

export const NETWORK_ERROR_MESSAGE = 'Network request failed. Check your connection and try again.';

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}
