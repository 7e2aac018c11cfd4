import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PUBLIC } from '@crate/contract/access';
import { CallableRegistry, defineCallable } from './callable-registry.ts';

const noop = (name: string) => defineCallable({ name, access: PUBLIC, payload: z.null(), handler: async () => null });

describe('CallableRegistry', () => {
  it('finds a registered function, calls a declared but unserved one unimplemented, and anything else unknown', () => {
    const registry = new CallableRegistry({ declared: ['trackPageView', 'planned'] }).register(noop('trackPageView'));
    expect(registry.resolve('trackPageView')).toMatchObject({ kind: 'found', fn: { name: 'trackPageView' }, limiter: null });
    expect(registry.resolve('planned')).toEqual({ kind: 'unimplemented' });
    expect(registry.resolve('nope')).toEqual({ kind: 'unknown' });
    expect(registry.resolve('__proto__')).toEqual({ kind: 'unknown' });
  });

  it('refuses duplicate and malformed names', () => {
    const registry = new CallableRegistry().register(noop('one'));
    expect(() => registry.register(noop('one'))).toThrow('registered twice');
    expect(() => registry.register(noop('../x'))).toThrow('must be letters');
  });

  it('refuses a rate-limited function when it cannot enforce the limit', () => {
    const limited = defineCallable({ name: 'limited', access: PUBLIC, payload: z.null(), rateLimit: { max: 1, timeWindow: 1000 }, handler: async () => null });
    expect(() => new CallableRegistry().register(limited)).toThrow('no limiter');
  });

  it('lists what it serves', () => {
    expect(new CallableRegistry().register(noop('a'), noop('b')).list().map((fn) => fn.name)).toEqual(['a', 'b']);
  });
});
