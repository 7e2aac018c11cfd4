import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Access } from '@crate/contract/access';
import type { AppContext } from '../app-context.ts';
import type { Viewer } from './viewer.ts';

interface CallableInput<P> {
  /** The payload, already validated by the function's schema. */
  data: P;
  /** The caller, or null. Never null when the function's access is not public. */
  viewer: Viewer | null;
  ctx: AppContext;
  request: FastifyRequest;
  /** For headers of the answer (a cookie); the result itself is what the handler returns. */
  reply: FastifyReply;
  /** Aborted when the function runs past its deadline; pass it on to slow work. */
  signal: AbortSignal;
}

export interface CallableRateLimit {
  /** Calls per client address within the window. */
  max: number;
  /** Milliseconds or an `ms` string such as '1 minute'. */
  timeWindow: number | string;
}

/** A function callable at POST /api/fn/{name}. Contract callables spread their CallableDefinition in. */
export interface CallableFunction<S extends z.ZodType = z.ZodType> {
  name: string;
  access: Access;
  summary?: string;
  payload: S;
  /** When given, what the function returns is checked against it (a mismatch is our bug → INTERNAL). */
  result?: z.ZodType;
  /** Per client address, separately for each function. */
  rateLimit?: CallableRateLimit;
  /** Deadline before the caller gets DEADLINE_EXCEEDED; below the client's own 70 s timeout (docs/product-overview.md §9). */
  timeoutMs?: number;
  handler(input: CallableInput<z.output<S>>): Promise<unknown>;
}

export const DEFAULT_CALLABLE_TIMEOUT_MS = 60_000;

/** Types the handler's `data` from the payload schema. */
export function defineCallable<S extends z.ZodType>(fn: CallableFunction<S>): CallableFunction<S> {
  return fn;
}

interface RateLimitCheck {
  isAllowed: boolean;
  isExceeded?: boolean;
  ttlInSeconds?: number;
}
export type RateLimiter = (request: FastifyRequest) => Promise<RateLimitCheck>;

export type Resolution =
  | { kind: 'found'; fn: CallableFunction; limiter: RateLimiter | null }
  /** Declared in the contract but not served by this server. */
  | { kind: 'unimplemented' }
  | { kind: 'unknown' };

const NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,99}$/;

/**
 * The callable functions one app serves. Features add theirs in one line (see callable-functions.ts);
 * names are looked up per request, so a function registered after start is served at once.
 */
export class CallableRegistry {
  readonly #entries = new Map<string, { fn: CallableFunction; limiter: RateLimiter | null }>();
  readonly #declared: ReadonlySet<string>;
  readonly #createLimiter: ((name: string, limit: CallableRateLimit) => RateLimiter) | undefined;

  constructor(options: { declared?: readonly string[]; createLimiter?: (name: string, limit: CallableRateLimit) => RateLimiter } = {}) {
    this.#declared = new Set(options.declared ?? []);
    this.#createLimiter = options.createLimiter;
  }

  register(...fns: CallableFunction<z.ZodType>[]): this {
    for (const fn of fns) {
      if (!NAME_PATTERN.test(fn.name)) throw new Error(`Callable name "${fn.name}" must be letters, digits, _ or -, starting with a letter`);
      if (this.#entries.has(fn.name)) throw new Error(`Callable "${fn.name}" is registered twice`);
      if (fn.rateLimit && !this.#createLimiter) throw new Error(`Callable "${fn.name}" has a rate limit but the registry has no limiter`);
      const limiter = fn.rateLimit && this.#createLimiter ? this.#createLimiter(fn.name, fn.rateLimit) : null;
      this.#entries.set(fn.name, { fn, limiter });
    }
    return this;
  }

  resolve(name: string): Resolution {
    const entry = this.#entries.get(name);
    if (entry) return { kind: 'found', ...entry };
    return this.#declared.has(name) ? { kind: 'unimplemented' } : { kind: 'unknown' };
  }

  list(): CallableFunction[] {
    return [...this.#entries.values()].map((e) => e.fn);
  }
}
