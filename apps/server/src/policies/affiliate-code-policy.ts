import { isAdmin, type PolicyViewer } from './policy-viewer.ts';

/** An affiliate's referral code: whose it is. */
export interface AffiliateCodeFacts {
  affiliateUserId: string;
}
export type AffiliateCodeResource = AffiliateCodeFacts & { type: 'affiliateCode' };
export const asAffiliateCode = (row: AffiliateCodeFacts): AffiliateCodeResource => ({ type: 'affiliateCode', affiliateUserId: row.affiliateUserId });

/**
 * read (the code with its clicks and sign-ups): the affiliate who holds it, and admins.
 * retire (its link stops counting and attributing): the affiliate who holds it, and admins.
 */
export type AffiliateCodeAction = 'read' | 'retire';

export function canOnAffiliateCode(viewer: PolicyViewer, _action: AffiliateCodeAction, code: AffiliateCodeFacts): boolean {
  return isAdmin(viewer) || (viewer !== null && viewer.userId === code.affiliateUserId);
}
