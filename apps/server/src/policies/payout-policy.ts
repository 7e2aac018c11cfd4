import { isAdmin, type PolicyViewer } from './policy-viewer.ts';

/** A month of payouts (docs/decisions/0051, 0053, 0054): Crate's own money to creators; nothing about the month decides who may touch it. */
export type PayoutResource = { type: 'payout' };
export const asPayout = (): PayoutResource => ({ type: 'payout' });

/**
 * read (totals, lines, the ledger rows behind a line, the CSV) / compute (a draft again) / approve / pay: admins
 * only; a payee sees their own lines (payout-line-policy), never a month by its id.
 */
export type PayoutAction = 'read' | 'compute' | 'approve' | 'pay';

export function canOnPayout(viewer: PolicyViewer, _action: PayoutAction): boolean {
  return isAdmin(viewer);
}
