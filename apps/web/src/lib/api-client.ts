import type { z } from 'zod';
import type { JsonEndpoint } from '@crate/contract/api-endpoints';
import type { ApiErrorBody } from '@crate/contract/api-error';
import { REQUEST_ID_HEADER } from '@crate/contract/request-id';
import { ApiError, INVALID_RESPONSE, NETWORK_ERROR, NETWORK_ERROR_MESSAGE } from './api-error.ts';

type Input<T> = T extends z.ZodType ? z.input<T> : never;

/** What a call to `E` needs: body, params and query exactly when the endpoint declares them. */
export type CallInput<E extends JsonEndpoint> = (E['body'] extends z.ZodType ? { body: Input<E['body']> } : { body?: never }) &
  (E['params'] extends z.ZodType ? { params: Input<E['params']> } : { params?: never }) &
  (E['query'] extends z.ZodType ? { query?: Input<E['query']> } : { query?: never }) &
  (E['rawBody'] extends true ? { file: Blob } : { file?: never }) & {
    signal?: AbortSignal;
    /** `no-store` bypasses the HTTP cache (used for the forced claims refresh). */
    cache?: RequestCache;
  };

export type CallResult<E extends JsonEndpoint> = z.output<E['response']>;

/** Fills `:name` segments of an endpoint path. */
export function buildPath(path: string, params: Record<string, string | number> | undefined, query?: Record<string, unknown>): string {
  const filled = path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
  if (!query) return filled;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The contract's error body ({error:{code,message,field?}}), checked by hand: this module is on the
 * first screen's path, which must not wait for zod (the contract's apiErrorSchema has the same shape).
 */
export function isApiErrorBody(body: unknown): body is ApiErrorBody {
  if (!isObject(body) || !isObject(body.error)) return false;
  const { code, message, field, requestId } = body.error;
  const optionalText = (value: unknown) => value === undefined || typeof value === 'string';
  return typeof code === 'string' && typeof message === 'string' && optionalText(field) && optionalText(requestId);
}

/**
 * Turns a non-2xx response into an ApiError (falling back to the status when the body is not ours), with the
 * request's id from the body, or else from the X-Request-Id header (an answer that is not ours may still have one).
 */
export function errorFromResponse(status: number, body: unknown, headers?: Headers): ApiError {
  const headerId = headers?.get(REQUEST_ID_HEADER) ?? undefined;
  if (isApiErrorBody(body)) {
    const { code, message, field, requestId } = body.error;
    return new ApiError(code, message, { field, status, requestId: requestId ?? headerId });
  }
  return new ApiError(status >= 500 ? 'INTERNAL' : 'UNKNOWN', `The server answered ${status}. Try again in a moment.`, { status, requestId: headerId });
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface RequestOptions {
  method?: string;
  body?: unknown;
  /** Sent as the request body as is (uploads), with its own type; instead of a JSON body. */
  file?: Blob;
  signal?: AbortSignal;
  /** `no-store` bypasses the HTTP cache (used for the forced claims refresh). */
  cache?: RequestCache;
}

/**
 * One JSON request to our API, the answer not yet checked: the parsed body of a 2xx answer. Failures
 * throw ApiError: the server's {error:{code,message,field}}, or NETWORK_ERROR when no answer came back.
 */
export async function requestJson(url: string, options: RequestOptions = {}, fetchImpl: FetchLike = (i, init) => fetch(i, init)): Promise<unknown> {
  const { method = 'GET', body, file, signal, cache } = options;
  const contentType = file ? file.type || 'application/octet-stream' : body !== undefined ? 'application/json' : null;
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: { accept: 'application/json', ...(contentType ? { 'content-type': contentType } : {}) },
    ...(file ? { body: file } : body !== undefined ? { body: JSON.stringify(body) } : {}),
    ...(signal ? { signal } : {}),
    ...(cache ? { cache } : {}),
  };

  let response: Response;
  try {
    response = await fetchImpl(url, init);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR, NETWORK_ERROR_MESSAGE);
  }

  const text = await response.text().catch(() => '');
  let json: unknown = undefined;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  if (!response.ok) throw errorFromResponse(response.status, json, response.headers);
  return json;
}

/** The answer did not have the shape the contract promises (an older page talking to a newer server, say). */
export function invalidResponse(status = 200): ApiError {
  return new ApiError(INVALID_RESPONSE, 'The server sent an answer this page does not understand. Reload and try again.', { status });
}

/**
 * Calls one contract endpoint that answers JSON (a file endpoint is a URL for a link, a player or tus, and
 * does not type-check here): typed input, JSON both ways, the response checked against the contract schema. Failures throw ApiError: the server's {error:{code,message,field}}, or
 * NETWORK_ERROR when no answer came back.
 */
export async function callApi<E extends JsonEndpoint>(endpoint: E, input: CallInput<E>, fetchImpl: FetchLike = (i, init) => fetch(i, init)): Promise<CallResult<E>> {
  const { body, file, params, query, signal, cache } = input as {
    body?: unknown;
    file?: Blob;
    params?: Record<string, string>;
    query?: Record<string, unknown>;
    signal?: AbortSignal;
    cache?: RequestCache;
  };
  const json = await requestJson(buildPath(endpoint.path, params, query), { method: endpoint.method, body, ...(file ? { file } : {}), ...(signal ? { signal } : {}), ...(cache ? { cache } : {}) }, fetchImpl);
  const parsed = endpoint.response.safeParse(json);
  if (!parsed.success) throw invalidResponse();
  return parsed.data as CallResult<E>;
}
