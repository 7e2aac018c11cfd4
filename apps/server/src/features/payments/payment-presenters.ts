import type { CheckoutSession, Receipt } from '@crate/contract/checkout';
import type { CheckoutRow, ReceiptRow } from './payment-repository.ts';

export function presentCheckout(row: CheckoutRow): CheckoutSession {
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
  };
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
