import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestIdGenerator } from './request-id.ts';

const raw = (remoteAddress: string, sent?: string) => ({ headers: sent === undefined ? {} : { 'x-request-id': sent }, socket: { remoteAddress } }) as unknown as IncomingMessage;
const NEW_ID = /^[A-Za-z0-9_-]{12}$/;

describe('requestIdGenerator', () => {
  const behindProxy = requestIdGenerator(['127.0.0.1', '10.0.0.0/8']);

  it("keeps a well-formed X-Request-Id from a TRUST_PROXY address or range", () => {
    expect(behindProxy(raw('10.20.30.40', 'lb-7f3a:1'))).toBe('lb-7f3a:1');
    expect(behindProxy(raw('127.0.0.1', 'abc'))).toBe('abc');
  });

  it('makes a new id for anyone else, for a malformed or over-long one, and when no proxy is trusted', () => {
    expect(behindProxy(raw('203.0.113.9', 'chosen-by-client'))).toMatch(NEW_ID);
    expect(behindProxy(raw('10.0.0.1', 'with space'))).toMatch(NEW_ID);
    expect(behindProxy(raw('10.0.0.1', 'x'.repeat(129)))).toMatch(NEW_ID);
    expect(behindProxy(raw('10.0.0.1', ''))).toMatch(NEW_ID);
    expect(requestIdGenerator([])(raw('127.0.0.1', 'abc'))).toMatch(NEW_ID);
  });

  it('makes a different id each time', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => behindProxy(raw('203.0.113.9'))));
    expect(ids.size).toBe(1000);
  });
});
