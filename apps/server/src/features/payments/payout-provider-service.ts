/** What other features (payouts) use of the payout provider: the one rejection a transfer throws (decision 0053). */
export { PayoutRejectedError } from './payout-provider.ts';
