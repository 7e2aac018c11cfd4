import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import { findCreatorByUser, insertCreatorIfNone, slugTaken, type CreatorRef } from './creator-profile-repository.ts';

export { findCreatorByUser, type CreatorRef } from './creator-profile-repository.ts';

export function slugify(text: string, fallback = 'creator'): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return slug || fallback;
}

/**
 * The user's creator profile, created with a unique slug made from `name` when there is none yet
 * (an approved application, or a creator's first invite). A concurrent insert for the same user wins
 * and is returned instead.
 */
export async function ensureCreatorProfileFor(db: DbOrTx, values: { userId: string; name: string; bio?: string; website?: string | null }): Promise<CreatorRef> {
  const existing = await findCreatorByUser(db, values.userId);
  if (existing) return existing;
  let slug = slugify(values.name);
  while (await slugTaken(db, slug)) slug = `${slugify(values.name).slice(0, 33)}-${randomBytes(3).toString('hex')}`;
  await insertCreatorIfNone(db, { userId: values.userId, slug, name: values.name, bio: values.bio ?? '', website: values.website ?? null });
  return (await findCreatorByUser(db, values.userId))!;
}
