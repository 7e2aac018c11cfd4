import { isAdmin, type PolicyViewer } from './policy-viewer.ts';

/** A month of payouts (docs/decisions/0051, 0054): Crate's own money to creators; nothing about the month decides who may touch it. */
export type PayoutResource = { type: 'payout' };
export const asPayout = (): PayoutResource => ({ type: 'payout' });

/** read (totals, lines, the ledger rows behind a line, the CSV) / compute (a draft again) / approve: admins only. */
export type PayoutAction = 'read' | 'compute' | 'approve';

export function canOnPayout(viewer: PolicyViewer, _action: PayoutAction): boolean {
  return isAdmin(viewer);
}
