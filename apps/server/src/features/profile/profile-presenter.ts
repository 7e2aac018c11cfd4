import type { Profile } from '@crate/contract/profile';
import { toTimestamp } from '@crate/contract/profile';
import { canSearch, type Role } from '@crate/contract/roles';
import type { CreditBalance } from '../credits/credit-ledger-service.ts';
import type { ProfileRow } from './profile-repository.ts';

/** The docs/product-overview.md §3 profile: display name falls back to the e-mail, one flag per role, search for admin or subscriber. */
export function presentProfile(row: ProfileRow, roles: readonly Role[], balance: CreditBalance): Profile {
  return {
    uid: row.id,
    email: row.email,
    email_verified: row.emailVerified,
    email_verification_sent_at: row.emailVerified ? null : (row.emailVerificationSentAt?.toISOString() ?? null),
    display_name: row.name.trim() || row.email,
    zip_code: row.zipCode,
    claims_updated_at: row.claimsUpdatedAt ? toTimestamp(row.claimsUpdatedAt) : null,
    credits_expire_at: balance.creditsExpireAt?.toISOString() ?? null,
    credits: balance.credits,
    accepted_content_agreement: row.acceptedContentAgreementAt !== null,
    email_preferences: { ...row.emailPreferences },
    roles: [...roles],
    is_admin: roles.includes('admin'),
    is_sub: roles.includes('subscriber'),
    is_collaborator: roles.includes('collaborator'),
    is_creator: roles.includes('creator'),
    is_affiliate: roles.includes('affiliate'),
    can_search: canSearch(roles),
  };
}
