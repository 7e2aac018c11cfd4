import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

/** How deep a body is walked; contract bodies are a few levels at most, and zod refuses deeper shapes anyway. */
const MAX_DEPTH = 16;

/** A lone UTF-16 surrogate half: not text, and not something PostgreSQL can store faithfully. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text PostgreSQL can hold as given: no NUL (text columns cannot hold it) and no broken UTF-16. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** Arrays and objects as JSON, query and path parsing make them; not the bytes or the stream of an upload. */
function isParsedStructure(value: unknown): value is object {
  return value !== null && typeof value === 'object' && !ArrayBuffer.isView(value) && !(value instanceof EventEmitter);
}

/** The first string in `value` that no query may receive, as the field path to name in the answer. */
function findUnstorableText(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') {
    return isStorableText(value) ? null : path.join('.');
  }
  if (!isParsedStructure(value) || depth > MAX_DEPTH) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (!isStorableText(key)) return path.join('.');
    const found = findUnstorableText(inner, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * NUL bytes and broken UTF-16 in a path parameter, the query or a JSON body are refused with 400
 * before validation and any query, on every route: PostgreSQL would otherwise fail on them (a 500
 * with SQL in the log), whatever the schema of the route says.
 */
export function installHostileValueCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [['params', request.params], ['query', request.query], ['body', request.body]] as const) {
      const field = findUnstorableText(value);
      if (field !== null) throw new AppError('VALIDATION_FAILED', `${where === 'body' ? '' : `${where}: `}${field || where} contains characters that are not allowed`, field || undefined);
    }
  });
}
