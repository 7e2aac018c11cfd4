import { callablePath, type CallableStatus } from '@crate/contract/callable-protocol';

/** Firebase callable error codes as docs/product-overview.md §8 names them by HTTP status. */
const STATUS_BY_HTTP: Record<number, CallableStatus> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

export function statusForHttp(httpStatus: number): CallableStatus | 'OK' {
  if (httpStatus >= 200 && httpStatus < 300) return 'OK';
  return STATUS_BY_HTTP[httpStatus] ?? 'UNKNOWN';
}

export class CallableError extends Error {
  readonly status: CallableStatus;
  readonly details: unknown;

  constructor(status: CallableStatus, message: string, details?: unknown) {
    super(message);
    this.name = 'CallableError';
    this.status = status;
    this.details = details;
  }
}

/** docs/product-overview.md §9: callable functions time out after 70 s by default. */
const CALLABLE_TIMEOUT_MS = 70_000;

export interface CallOptions {
  timeoutMs?: number;
  fetchImpl?: (input: string, init: RequestInit) => Promise<Response>;
  /** Fire-and-forget calls (tracking) may outlive the page. */
  keepalive?: boolean;
}

function isStatusName(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Z_]+$/.test(value);
}

/**
 * The callable protocol (docs/product-overview.md §7) against POST /api/fn/{name}: request {data}; success {result}
 * (or {data}); failure {error:{status,message,details?}}, else the status implied by the HTTP code.
 * The session cookie authenticates; the server checks the origin.
 */
export async function callFunction<T = unknown>(name: string, data: unknown, options: CallOptions = {}): Promise<T> {
  const fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? CALLABLE_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetchImpl(callablePath(name), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ data: data ?? null }),
      signal: controller.signal,
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch {
    throw controller.signal.aborted ? new CallableError('DEADLINE_EXCEEDED', 'deadline-exceeded') : new CallableError('INTERNAL', 'Network request failed.');
  } finally {
    clearTimeout(timer);
  }

  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const implied = statusForHttp(response.status);

  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  if (typeof error === 'object' && error !== null) {
    const { status, message, details } = error as { status?: unknown; message?: unknown; details?: unknown };
    const code: CallableStatus = isStatusName(status) && status !== 'OK' ? (status as CallableStatus) : implied === 'OK' ? 'INTERNAL' : implied;
    throw new CallableError(code, typeof message === 'string' ? message : code.toLowerCase().replaceAll('_', '-'), details);
  }
  if (implied !== 'OK') throw new CallableError(implied, implied.toLowerCase().replaceAll('_', '-'));
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new CallableError('INTERNAL', 'Response is not valid JSON object.');
  if ('result' in body) return (body as { result: T }).result;
  if ('data' in body) return (body as { data: T }).data;
  throw new CallableError('INTERNAL', 'Response is missing data field.');
}
