import type { Profile, UpdateProfile } from '@crate/contract/profile';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import { rolesOf } from '../roles/role-service.ts';
import { presentProfile } from './profile-presenter.ts';
import { findProfileRow, updateProfileRow } from './profile-repository.ts';
import { creditBalance } from '../credits/credit-ledger-service.ts';

export async function getProfile(db: DbOrTx, userId: string): Promise<Profile> {
  const row = await findProfileRow(db, userId);
  if (!row) throw notFound('The account');
  const roles = await rolesOf(db, userId);
  return presentProfile(row, roles, await creditBalance(db, userId));
}

/**
 * Settings: display name (empty shows the e-mail), zip code, e-mail preferences (merged), and the
 * content agreement, which can only be accepted (the schema admits only `true`).
 */
export async function updateProfile(db: DbOrTx, userId: string, input: UpdateProfile): Promise<Profile> {
  await updateProfileRow(db, userId, {
    ...(input.display_name !== undefined ? { name: input.display_name } : {}),
    ...(input.zip_code !== undefined ? { zipCode: input.zip_code } : {}),
    ...(input.email_preferences ? { emailPreferences: input.email_preferences } : {}),
    ...(input.accepted_content_agreement ? { acceptContentAgreement: true } : {}),
  });
  return getProfile(db, userId);
}
