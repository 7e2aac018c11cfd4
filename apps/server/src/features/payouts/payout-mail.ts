import type { MailMessage } from '../../mail/mailer.ts';
import { monthName } from './payout-month-service.ts';
const money = (amount: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);

/** A payee's line of a month was transferred (decision 0053). */
export function payoutPaidMail(input: { to: string; publicUrl: string; month: string; amount: number; currency: string }): MailMessage {
  const link = `${input.publicUrl}/creator`;
  const what = `${money(input.amount, input.currency)}`;
  return {
    to: input.to,
    subject: `Your Crate payout for ${monthName(input.month)}: ${what}`,
    text:
      `We sent you ${what} for what your sounds earned in ${monthName(input.month)}.\n\n` +
      `It reaches your bank account on your payout provider's schedule, usually within a few business days.\n\n` +
      `Your statement, with every pack and credit behind it, is on your creator dashboard: ${link}\n`,
    link,
  };
}
