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

export async function slugTaken(db: DbOrTx, slug: string): Promise<boolean> {
  const rows = await db.select({ id: creators.id }).from(creators).where(eq(creators.slug, slug));
  return rows.length > 0;
}

/** Inserts the user's creator row unless they have one already (a concurrent insert wins). */
export async function insertCreatorIfNone(db: DbOrTx, values: { userId: string; slug: string; name: string; bio: string; website: string | null }): Promise<void> {
  await db.insert(creators).values(values).onConflictDoNothing({ target: creators.userId });
}
