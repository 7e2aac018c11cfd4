import { eq, sql } from 'drizzle-orm';
import type { EmailPreferences } from '@crate/contract/profile';
import type { DbOrTx } from '../../db/client.ts';
import { emailVerificationLinks, users } from '../../db/schema/index.ts';

export interface ProfileRow {
  id: string;
  email: string;
  name: string;
  zipCode: string;
  claimsUpdatedAt: Date | null;
  acceptedContentAgreementAt: Date | null;
  emailPreferences: EmailPreferences;
  emailVerified: boolean;
  /** When the newest open verification link was sent (email_verification_links_user_idx), null when none is open. */
  emailVerificationSentAt: Date | null;
}

export async function findProfileRow(db: DbOrTx, userId: string): Promise<ProfileRow | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      zipCode: users.zipCode,
      claimsUpdatedAt: users.claimsUpdatedAt,
      acceptedContentAgreementAt: users.acceptedContentAgreementAt,
      emailPreferences: users.emailPreferences,
      emailVerified: users.emailVerified,
      emailVerificationSentAt: sql<Date | null>`(select max(${emailVerificationLinks.createdAt}) from ${emailVerificationLinks} where ${emailVerificationLinks.userId} = ${users.id})`.mapWith(emailVerificationLinks.createdAt),
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export interface ProfileChanges {
  name?: string;
  zipCode?: string;
  emailPreferences?: Partial<EmailPreferences>;
  acceptContentAgreement?: boolean;
}

export async function updateProfileRow(db: DbOrTx, userId: string, changes: ProfileChanges): Promise<void> {
  const set: Record<string, unknown> = {};
  if (changes.name !== undefined) set['name'] = changes.name;
  if (changes.zipCode !== undefined) set['zipCode'] = changes.zipCode;
  // Merge in SQL so two tabs changing different preferences don't overwrite each other.
  if (changes.emailPreferences && Object.keys(changes.emailPreferences).length > 0) {
    set['emailPreferences'] = sql`${users.emailPreferences} || ${JSON.stringify(changes.emailPreferences)}::jsonb`;
  }
  // One-way: the first acceptance is kept; nothing clears it.
  if (changes.acceptContentAgreement) set['acceptedContentAgreementAt'] = sql`coalesce(${users.acceptedContentAgreementAt}, now())`;
  if (Object.keys(set).length === 0) return;
  await db
    .update(users)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
