import { describe, expect, it } from 'vitest';
import { JOB_LANES, JOB_NAMES } from '@crate/contract/jobs';
import { JOB_CATALOGUE, type AppJobQueue } from './job-catalogue.ts';

const FILE_ID = '3f1c2a7e-9b4d-4c6e-8a2f-1d5e7b9c0a42';

/**
 * Never called: `npm run typecheck` checks these lines. Each `@ts-expect-error` fails the typecheck
 * if its line compiles, i.e. if enqueue stopped checking the payload against the job's schema.
 */
export function enqueueIsTyped(jobs: AppJobQueue): void {
  void jobs.enqueue('derive-media', { fileId: FILE_ID });
  void jobs.enqueueMany('derive-media', [{ fileId: FILE_ID }]);
  void jobs.enqueue('mail', { to: 'someone@example.com', subject: 'Hello', text: 'Hi' });
  // @ts-expect-error a file id is a string
  void jobs.enqueue('derive-media', { fileId: 42 });
  // @ts-expect-error the payload names the file
  void jobs.enqueue('derive-media', {});
  // @ts-expect-error a mail payload is not a derive-media payload
  void jobs.enqueue('derive-media', { to: 'someone@example.com', subject: 'Hello', text: 'Hi' });
  // @ts-expect-error a mail has a subject
  void jobs.enqueue('mail', { to: 'someone@example.com', text: 'Hi' });
  // @ts-expect-error there is no such job
  void jobs.enqueue('derive-everything', { fileId: FILE_ID });
  // @ts-expect-error every payload in a batch is checked
  void jobs.enqueueMany('derive-media', [{ fileId: FILE_ID }, { file: FILE_ID }]);
}

describe('the job catalogue', () => {
  it('has one entry for every job name of the contract, each in a lane', () => {
    expect(Object.keys(JOB_CATALOGUE).sort()).toEqual([...JOB_NAMES].sort());
    for (const definition of Object.values(JOB_CATALOGUE)) expect(JOB_LANES).toContain(definition.lane);
  });

  it('puts e-mail in the interactive lane and media derivatives in the bulk lane', () => {
    expect(JOB_CATALOGUE.mail.lane).toBe('interactive');
    expect(JOB_CATALOGUE['derive-media'].lane).toBe('bulk');
  });

  it('checks a derive-media payload at run time too and keys it by file, so a file is derived once', () => {
    const { payload, uniqueKey } = JOB_CATALOGUE['derive-media'];
    expect(payload.safeParse({ fileId: FILE_ID }).success).toBe(true);
    expect(payload.safeParse({ fileId: 'not-an-id' }).success).toBe(false);
    expect(payload.safeParse({ fileId: FILE_ID, extra: true }).success).toBe(false);
    expect(uniqueKey?.({ fileId: FILE_ID })).toBe(`derive-media:${FILE_ID}`);
  });

  it('retries a mail up to 8 times, and refuses one without a recipient', () => {
    expect(JOB_CATALOGUE.mail.maxAttempts).toBe(8);
    expect(JOB_CATALOGUE.mail.payload.safeParse({ to: '', subject: 'Hello', text: 'Hi' }).success).toBe(false);
  });
});
