import { describe, expect, it } from 'vitest';
import { appliesSentence, percentToBps, readSplitForm } from './split-form.ts';

describe('the split editor form', () => {
  it('reads a percent with up to two decimals as basis points, and nothing else', () => {
    expect(percentToBps('30')).toBe(3000);
    expect(percentToBps('12.5')).toBe(1250);
    expect(percentToBps('0.01')).toBe(1);
    expect(percentToBps(' 33,33 ')).toBe(3333);
    for (const bad of ['', '-5', '12.345', 'ten', '1e3', '1000']) expect(percentToBps(bad)).toBeNull();
  });

  it('derives the live total and the creator share; a full split reads 100 %', () => {
    const form = readSplitForm([{ key: 'a', userId: 'a', percent: '30' }], 'owner', ['a', 'b']);
    expect(form).toMatchObject({ creatorBps: 7000, totalBps: 10_000, problem: null, shares: [{ user_id: 'a', bps: 3000 }] });
    expect(form.rowErrors.size).toBe(0);
  });

  it('says what is wrong: a row not filled in, or collaborators over 100 % (the total then reads over 100 %)', () => {
    expect(readSplitForm([{ key: 'a', userId: null, percent: '10' }], 'owner', ['a']).rowErrors.get(0)).toEqual({ input: 'user_id', message: 'Pick a collaborator' });
    expect(readSplitForm([{ key: 'a', userId: 'a', percent: '1.234' }], 'owner', ['a']).rowErrors.get(0)).toEqual({ input: 'bps', message: expect.stringMatching(/two decimals/) });
    expect(readSplitForm([{ key: 'a', userId: 'a', percent: '0' }], 'owner', ['a']).rowErrors.get(0)).toEqual({ input: 'bps', message: expect.stringMatching(/more than 0/) });
    expect(readSplitForm([{ key: 'a', userId: 'gone', percent: '5' }], 'owner', ['a']).rowErrors.get(0)).toEqual({ input: 'user_id', message: expect.stringMatching(/not one of your collaborators/) });
    const over = readSplitForm(
      [
        { key: 'a', userId: 'a', percent: '60' },
        { key: 'b', userId: 'b', percent: '50' },
      ],
      'owner',
      ['a', 'b'],
    );
    expect(over).toMatchObject({ creatorBps: -1000, totalBps: 11_000, problem: expect.stringMatching(/110\.00 %/) });
  });

  it('names the month a change applies from', () => {
    expect(appliesSentence('2000-01-01')).toBe('to every month not paid yet');
    expect(appliesSentence('2026-06-01')).toBe('from June 2026');
  });
});
