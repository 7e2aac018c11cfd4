import { MINIMUM_PAYOUT_CENTS, type PayoutCarryReason } from '@crate/contract/payout-enums';
import { formatMoney } from './money.ts';

/** Why a payee's line was carried into the next month, in the payee's words (creators' earnings and affiliates' statements). */
export const PAYEE_CARRY_WORDS: Record<PayoutCarryReason, string> = {
  below_minimum: `under the ${formatMoney(MINIMUM_PAYOUT_CENTS, 'usd')} minimum payout`,
  no_account: 'no payout account connected yet',
  negative: 'refunds are paid back from later earnings first',
};
