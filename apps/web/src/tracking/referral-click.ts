import { AFFILIATE_API, referralCodeSchema } from '@crate/contract/affiliates';
import { callApi } from '../lib/api-client.ts';
import { rememberReferralToken } from './referral-capture.ts';

/**
 * Counts a click on a referral code and keeps the token the server answers (decision 0059); false when the value
 * cannot be a code (never sent: a 10 kB `?ref=` included), the code was refused (unknown, retired) or the click could
 * not be sent — nothing is kept then. Loaded only when a page carries a code, so the contract's affiliate module is
 * not in every visitor's first download.
 */
export async function captureReferral(raw: string): Promise<boolean> {
  const code = referralCodeSchema.safeParse(raw);
  if (!code.success) return false;
  try {
    const { token } = await callApi(AFFILIATE_API.recordReferralClick, { body: { code: code.data } });
    rememberReferralToken(token);
    return true;
  } catch {
    return false;
  }
}
