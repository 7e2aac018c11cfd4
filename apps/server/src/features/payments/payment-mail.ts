import type { MailMessage } from '../../mail/mailer.ts';

/** The payment e-mails (issue 11 item 10): receipt, renewal, failed payment, credits expiring soon. */

const money = (amount: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
const day = (date: Date) => date.toISOString().slice(0, 10);

export function receiptMail(input: { to: string; publicUrl: string; description: string; amount: number; currency: string; credits: number; creditsExpireAt: Date | null; renewal: boolean }): MailMessage {
  const link = `${input.publicUrl}/account`;
  const credits = input.credits > 0 ? `\n${input.credits} credits were added to your account${input.creditsExpireAt ? `; they expire on ${day(input.creditsExpireAt)}` : ''}.` : '';
  return {
    to: input.to,
    subject: input.renewal ? `Your Crate plan renewed: ${input.description}` : `Your Crate receipt: ${input.description}`,
    text: `${input.renewal ? 'Your plan renewed.' : 'Thank you for your payment.'}\n\n${input.description}: ${money(input.amount, input.currency)} paid.${credits}\n\nReceipts and your credit history are on your account page: ${link}\n`,
    link,
  };
}

export function paymentFailedMail(input: { to: string; publicUrl: string; planName: string; amount: number; currency: string; graceEndsAt: Date }): MailMessage {
  const link = `${input.publicUrl}/account`;
  return {
    to: input.to,
    subject: 'Your Crate plan payment failed',
    text:
      `We could not charge ${money(input.amount, input.currency)} for your ${input.planName} plan.\n\n` +
      `Your plan stays on until ${day(input.graceEndsAt)} while we retry. Update your card before then to keep subscriber features; ` +
      `the sounds you already got stay yours either way.\n\nManage your plan: ${link}\n`,
    link,
  };
}

export function creditsExpiringMail(input: { to: string; publicUrl: string; credits: number; expiresAt: Date }): MailMessage {
  const link = `${input.publicUrl}/search`;
  return {
    to: input.to,
    subject: `${input.credits} Crate credits expire on ${day(input.expiresAt)}`,
    text: `${input.credits} of your credits expire on ${day(input.expiresAt)}. Spend them on sounds before then: ${link}\n\nEverything you got stays yours after credits expire.\n`,
    link,
  };
}
