import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { creators } from '../../db/schema/index.ts';

export interface CreatorRef {
  id: string;
  userId: string;
  name: string;
  slug: string;
}

const creatorRef = { id: creators.id, userId: creators.userId, name: creators.name, slug: creators.slug };

export async function findCreatorByUser(db: DbOrTx, userId: string): Promise<CreatorRef | null> {
  const [row] = await db.select(creatorRef).from(creators).where(eq(creators.userId, userId));
  return row ?? null;
}

async function slugTaken(db: DbOrTx, slug: string): Promise<boolean> {
  const rows = await db.select({ id: creators.id }).from(creators).where(eq(creators.slug, slug));
  return rows.length > 0;
}

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
  await db
    .insert(creators)
    .values({ userId: values.userId, slug, name: values.name, bio: values.bio ?? '', website: values.website ?? null })
    .onConflictDoNothing({ target: creators.userId });
  return (await findCreatorByUser(db, values.userId))!;
}
