import type { MailMessage } from '../../mail/mailer.ts';

/** The payment e-mails (issue 11 item 10): receipt, renewal, failed payment, credits expiring soon. */

export const money = (amount: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
const day = (date: Date) => date.toISOString().slice(0, 10);

export function receiptMail(input: { to: string; publicUrl: string; description: string; amount: number; currency: string; credits: number; renewal: boolean }): MailMessage {
  const link = `${input.publicUrl}/account`;
  // Plan and refill credits roll over while the plan lasts (decision 0074).
  const credits = input.credits > 0 ? `\n${input.credits} credits were added to your account. Unused credits roll over for as long as you keep your plan.` : '';
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

/** A second plan was paid while the first one runs (decision 0033): it is canceled and everything it charged comes back. */
export function duplicatePlanMail(input: { to: string; publicUrl: string; keptPlan: string; duplicatePlan: string }): MailMessage {
  const link = `${input.publicUrl}/account`;
  return {
    to: input.to,
    subject: 'You paid for a second Crate plan: we canceled it and are refunding it',
    text:
      `A ${input.duplicatePlan} plan was paid for while your ${input.keptPlan} plan is running (two checkouts were open at once).\n\n` +
      `You need only one, so we canceled the second at once and refund everything it charged, in full. It will not renew. ` +
      `Refunds reach your card in 5 to 10 days. Your ${input.keptPlan} plan and its credits carry on as before.\n\n` +
      `To change plans, use your account page: ${link}\n`,
    link,
  };
}

/** Refills paid past what the plan period allows (or with no plan left) are given back (decision 0033). */
export function refillRefundMail(input: { to: string; publicUrl: string; description: string; amount: number; currency: string; credits: number }): MailMessage {
  const link = `${input.publicUrl}/account`;
  const credited = input.credits > 0 ? `${input.credits} credits were added to your account. ` : 'No credits were added. ';
  return {
    to: input.to,
    subject: `Your Crate refill: ${money(input.amount, input.currency)} refunded`,
    text: `${input.description}\n\n${credited}We refund ${money(input.amount, input.currency)}; refunds reach your card in 5 to 10 days.\n\nReceipts and your credit history are on your account page: ${link}\n`,
    link,
  };
}

/** A pack or bundle bought outright whose sounds (some or all) could not be granted when it was paid (decision 0047). */
export function purchaseRefundMail(input: { to: string; publicUrl: string; description: string; amount: number; currency: string }): MailMessage {
  const link = `${input.publicUrl}/library`;
  return {
    to: input.to,
    subject: `Your Crate purchase: ${money(input.amount, input.currency)} refunded`,
    text: `${input.description}\n\nWe refund ${money(input.amount, input.currency)}; refunds reach your card in 5 to 10 days.\n\nWhat you own is in your library: ${link}\n`,
    link,
  };
}
