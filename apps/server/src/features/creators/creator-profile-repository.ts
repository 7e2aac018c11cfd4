import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { creators, users } from '../../db/schema/index.ts';

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

export async function findUserName(db: DbOrTx, userId: string): Promise<{ name: string; email: string } | null> {
  const [row] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function slugTaken(db: DbOrTx, slug: string): Promise<boolean> {
  const rows = await db.select({ id: creators.id }).from(creators).where(eq(creators.slug, slug));
  return rows.length > 0;
}

/** Inserts the user's creator row unless they have one already (a concurrent insert wins). */
export async function insertCreatorIfNone(db: DbOrTx, values: { userId: string; slug: string; name: string; bio: string; links: string[] }): Promise<void> {
  await db.insert(creators).values(values).onConflictDoNothing({ target: creators.userId });
}

const editableColumns = {
  id: creators.id,
  userId: creators.userId,
  slug: creators.slug,
  name: creators.name,
  bio: creators.bio,
  location: creators.location,
  links: creators.links,
  avatarFileId: creators.avatarFileId,
  bannerFileId: creators.bannerFileId,
  updatedAt: creators.updatedAt,
};

/** The user's creator profile with what its editor shows; `lock` takes the row for a change. */
export async function findEditableCreatorProfile(db: DbOrTx, userId: string, lock = false) {
  const query = db.select(editableColumns).from(creators).where(eq(creators.userId, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}
export type EditableCreatorProfile = NonNullable<Awaited<ReturnType<typeof findEditableCreatorProfile>>>;

export async function writeCreatorProfile(
  db: DbOrTx,
  id: string,
  values: Pick<typeof creators.$inferInsert, 'name' | 'bio' | 'location' | 'links' | 'avatarFileId' | 'bannerFileId'>,
  at: Date,
): Promise<void> {
  await db
    .update(creators)
    .set({ ...values, updatedAt: at })
    .where(eq(creators.id, id));
}
