import type { CreditEntry } from '@crate/contract/commerce';
import type { CreditBalance } from './credit-ledger-service.ts';
import type { CreditHistoryRow } from './credit-history-repository.ts';

export function presentCreditBalance(balance: CreditBalance) {
  return { credits: balance.credits, credits_expire_at: balance.creditsExpireAt?.toISOString() ?? null };
}

export function presentCreditEntry(row: CreditHistoryRow): CreditEntry {
  return {
    id: row.id,
    kind: row.kind,
    amount: row.amount,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    remaining: row.remaining,
  };
}
