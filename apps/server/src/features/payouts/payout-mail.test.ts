import { describe, expect, it } from 'vitest';
import { payoutPaidMail } from './payout-mail.ts';

describe('the payout e-mail', () => {
  it('names the month and the amount, and links to the creator dashboard', () => {
    const mail = payoutPaidMail({ to: 'ada@example.test', publicUrl: 'https://crate.test', month: '2026-11-01', amount: 3244, currency: 'usd' });
    expect(mail.subject).toBe('Your Crate payout for November 2026: $32.44');
    expect(mail.link).toBe('https://crate.test/creator');
    expect(mail.text).toContain('$32.44');
    expect(mail.text).toContain('https://crate.test/creator');
  });
});
