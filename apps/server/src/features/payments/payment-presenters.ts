import type { Billing, CheckoutSession, Receipt } from '@crate/contract/checkout';
import { money } from './payment-mail.ts';
import type { CheckoutRow, ReceiptRow, RefundRow } from './payment-repository.ts';

/** A checkout and, once paid, any refund Crate decided on it (decision 0033). */
export function presentCheckout(row: CheckoutRow, refunds: readonly RefundRow[] = []): CheckoutSession {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    mode: row.mode,
    status: row.status,
    provider: row.provider,
    session_id: row.sessionId,
    url: row.url,
    error: row.errorMessage ? { code: row.errorCode ?? 'error', message: row.errorMessage } : null,
    line_items: (row.lineItems ?? []).map((l) => ({ price: l.price, quantity: l.quantity ?? 1 })),
    success_url: row.successUrl,
    cancel_url: row.cancelUrl,
    completed_at: row.completedAt?.toISOString() ?? null,
    notice: refunds.length > 0 ? refunds.map((r) => `${r.description} Refund: ${money(r.amount, r.currency)}.`).join(' ') : null,
    purchase: row.purchase
      ? { target: row.purchase.target, id: row.purchase.id, title: row.purchase.title, amount: row.purchase.amount, currency: row.purchase.currency, item_count: row.purchase.items.length }
      : null,
  };
}

export function presentRefund(row: RefundRow): Billing['refunds'][number] {
  return { id: row.id, reason: row.reason, description: row.description, amount: row.amount, currency: row.currency, status: row.status, created_at: row.createdAt.toISOString() };
}

export function presentReceipt(row: ReceiptRow): Receipt {
  return {
    id: row.id,
    description: row.description,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    credits: row.credits,
    created_at: row.createdAt.toISOString(),
    period_start: row.periodStart?.toISOString() ?? null,
    period_end: row.periodEnd?.toISOString() ?? null,
  };
}
