import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { FunctionsError, getFunctions, httpsCallableFromURL, type Functions } from 'firebase/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PUBLIC, SIGNED_IN } from '@crate/contract/access';
import { CALLABLE_STATUS_HTTP, type CallableStatus } from '@crate/contract/callable-protocol';
import { CallableError } from '../src/http/callable-error.ts';
import { defineCallable } from '../src/http/callable-registry.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/** docs/product-overview.md §8 statuses and the code the official client reports for each. */
const CLIENT_CODES: [CallableStatus, string][] = [
  ['INVALID_ARGUMENT', 'functions/invalid-argument'],
  ['UNAUTHENTICATED', 'functions/unauthenticated'],
  ['PERMISSION_DENIED', 'functions/permission-denied'],
  ['NOT_FOUND', 'functions/not-found'],
  ['ABORTED', 'functions/aborted'],
  ['RESOURCE_EXHAUSTED', 'functions/resource-exhausted'],
  ['CANCELLED', 'functions/cancelled'],
  ['INTERNAL', 'functions/internal'],
  ['UNIMPLEMENTED', 'functions/unimplemented'],
  ['UNAVAILABLE', 'functions/unavailable'],
  ['DEADLINE_EXCEEDED', 'functions/deadline-exceeded'],
];

/** Runs the call and returns the FunctionsError it must fail with. */
async function failure(promise: Promise<unknown>): Promise<FunctionsError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FunctionsError);
    return error as FunctionsError;
  }
  throw new Error('expected the call to fail');
}

describe(`the official firebase client (httpsCallableFromURL) against /api/fn on ${TEST_DB}`, () => {
  let t: TestApp;
  let firebase: FirebaseApp;
  let functions: Functions;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    t.app.callables.register(
      defineCallable({
        name: 'testEcho',
        access: PUBLIC,
        payload: z.strictObject({ text: z.string(), n: z.number(), list: z.array(z.boolean()) }),
        handler: async ({ data }) => ({ echoed: data, nested: { at: 'server' } }),
      }),
      defineCallable({
        name: 'testFail',
        access: PUBLIC,
        payload: z.strictObject({ status: z.string() }),
        handler: async ({ data }) => {
          throw new CallableError(data.status as CallableStatus, `failed with ${data.status}`, { hint: 'details survive' });
        },
      }),
      defineCallable({ name: 'testSignedIn', access: SIGNED_IN, payload: z.null(), handler: async () => 'never' }),
    );
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    firebase = initializeApp({ projectId: 'crate', apiKey: 'x', appId: 'x' }, `crate-test-${randomUUID()}`);
    functions = getFunctions(firebase);
  });
  afterAll(async () => {
    await deleteApp(firebase);
    await t.close();
  });

  const callable = <Req, Res>(name: string) => httpsCallableFromURL<Req, Res>(functions, `${base}/api/fn/${name}`);

  it('records a page view and returns its result', async () => {
    const result = await callable<{ event_id: string; fbc: string; route: string }, { recorded: boolean }>('trackPageView')({ event_id: randomUUID(), fbc: 'fb.1.1732233600000.AbC_123', route: '/discover' });
    expect(result.data).toEqual({ recorded: true });
  });

  it('round-trips structured data', async () => {
    const data = { text: 'héllo', n: 42.5, list: [true, false] };
    const result = await callable<typeof data, unknown>('testEcho')(data);
    expect(result.data).toEqual({ echoed: data, nested: { at: 'server' } });
  });

  it('surfaces an invalid payload as functions/invalid-argument with the field details', async () => {
    const error = await failure(callable('trackPageView')({ event_id: randomUUID(), fbc: 'nope', route: '/discover' }));
    expect(error.code).toBe('functions/invalid-argument');
    expect(error.message).toContain('Invalid data: fbc');
    expect(error.details).toEqual({ issues: [{ field: 'fbc', message: 'fbc must look like fb.1.{timestamp}.{fbclid}' }] });
  });

  it('surfaces an unknown function as functions/not-found', async () => {
    const error = await failure(callable('noSuchFunction')(null));
    expect(error.code).toBe('functions/not-found');
    expect(error.message).toContain('There is no function named noSuchFunction');
  });

  it('surfaces a signed-in function called anonymously as functions/unauthenticated', async () => {
    const error = await failure(callable('testSignedIn')(null));
    expect(error.code).toBe('functions/unauthenticated');
  });

  it.each(CLIENT_CODES)('surfaces %s as %s', async (status, code) => {
    const error = await failure(callable('testFail')({ status }));
    expect(error.code).toBe(code);
    expect(error.message).toBe(`failed with ${status} [${CALLABLE_STATUS_HTTP[status]}]`);
    expect(error.details).toEqual({ hint: 'details survive' });
  });
});
