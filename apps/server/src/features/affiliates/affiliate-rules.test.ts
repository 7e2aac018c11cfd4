import { describe, expect, it } from 'vitest';
import { REFERRAL_CODE_PATTERN } from '@crate/contract/payout-enums';
import { codeBaseFromName, commissionStatus, normaliseEmail } from './affiliate-rules.ts';
import { signReferralToken, verifyReferralToken } from './referral-token.ts';

const SECRET = 'a-test-secret-of-some-length-0123456789';
const DAY = 24 * 60 * 60 * 1000;

describe('referral tokens', () => {
  const clickedAt = new Date('2026-11-01T10:00:00.000Z');
  const token = signReferralToken(SECRET, 'ada-beats', clickedAt);

  it('carry the code and the click time back while the 30-day window is open', () => {
    expect(verifyReferralToken(SECRET, token, new Date(clickedAt.getTime() + 29 * DAY))).toEqual({ code: 'ada-beats', clickedAt });
    expect(verifyReferralToken(SECRET, token, new Date(clickedAt.getTime() + 30 * DAY))).toEqual({ code: 'ada-beats', clickedAt });
  });

  it('are worth nothing once the window has passed', () => {
    expect(verifyReferralToken(SECRET, token, new Date(clickedAt.getTime() + 30 * DAY + 1000))).toBeNull();
  });

  it('refuse a changed code, a moved click time, another secret and garbage', () => {
    const [, ms, sig] = token.split('.');
    expect(verifyReferralToken(SECRET, `bo-sounds.${ms}.${sig}`, clickedAt)).toBeNull();
    expect(verifyReferralToken(SECRET, `ada-beats.${Number(ms) + 5 * DAY}.${sig}`, clickedAt)).toBeNull();
    expect(verifyReferralToken('another-secret-entirely-0123456789', token, clickedAt)).toBeNull();
    for (const junk of ['', 'ada-beats', 'a.b.c.d', `ADA.${ms}.${sig}`, `ada-beats.12e5.${sig}`, `ada-beats.${ms}.${sig}x`]) expect(verifyReferralToken(SECRET, junk, clickedAt)).toBeNull();
  });

  it('refuse a click time far in the future', () => {
    const future = signReferralToken(SECRET, 'ada-beats', new Date(clickedAt.getTime() + DAY));
    expect(verifyReferralToken(SECRET, future, clickedAt)).toBeNull();
  });
});

describe('normaliseEmail', () => {
  it.each([
    ['Ada@Example.com', 'ada@example.com'],
    ['ada+crate@example.com', 'ada@example.com'],
    ['a.d.a@example.com', 'a.d.a@example.com'],
    ['A.D.A+promo@gmail.com', 'ada@gmail.com'],
    ['ada@googlemail.com', 'ada@gmail.com'],
    ['  ada@GMAIL.com ', 'ada@gmail.com'],
  ])('%s → %s', (input, expected) => expect(normaliseEmail(input)).toBe(expected));
});

describe('commissionStatus', () => {
  const base = { month: '2026-09-01', receiptStatus: 'paid' as const, monthStatus: null, latestPaidMonth: null };

  it('is pending while its month has no approved payout', () => {
    expect(commissionStatus(base)).toBe('pending');
    expect(commissionStatus({ ...base, monthStatus: 'draft' })).toBe('pending');
  });

  it('is payable once the month is approved and no later affiliate line was paid', () => {
    expect(commissionStatus({ ...base, monthStatus: 'approved' })).toBe('payable');
    expect(commissionStatus({ ...base, monthStatus: 'paid', latestPaidMonth: '2026-08-01' })).toBe('payable');
  });

  it('is paid when a line of its month or a later one was paid (carried money flows into it)', () => {
    expect(commissionStatus({ ...base, monthStatus: 'paid', latestPaidMonth: '2026-09-01' })).toBe('paid');
    expect(commissionStatus({ ...base, monthStatus: 'approved', latestPaidMonth: '2026-10-01' })).toBe('paid');
  });

  it('is reversed when the payment was refunded or disputed, whatever the month', () => {
    expect(commissionStatus({ ...base, receiptStatus: 'refunded', monthStatus: 'paid', latestPaidMonth: '2026-10-01' })).toBe('reversed');
    expect(commissionStatus({ ...base, receiptStatus: 'disputed' })).toBe('reversed');
  });
});

describe('codeBaseFromName', () => {
  it.each([
    ['Ada Lovelace', 'ada-lovelace'],
    ['Zoë Müller', 'zoe-muller'],
    ['ada.beats@example.com', 'ada-beats'],
    ['Jo', 'crate-jo'],
    ['', 'crate-friend'],
    ['!!!', 'crate-friend'],
    ['A very long display name that goes on and on', 'a-very-long-display-name'],
  ])('%s → %s, a valid code', (name, expected) => {
    expect(codeBaseFromName(name)).toBe(expected);
    expect(REFERRAL_CODE_PATTERN.test(codeBaseFromName(name))).toBe(true);
  });
});
