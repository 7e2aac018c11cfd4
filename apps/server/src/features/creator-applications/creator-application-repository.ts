import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { OPEN_APPLICATION_STATUSES, type CreatorApplicationStatus } from '@crate/contract/creator-enums';
import { AUDIO_VARIANTS } from '../../media/audio-derivatives.ts';
import type { DbOrTx } from '../../db/client.ts';
import { creatorApplications, creators, files, users } from '../../db/schema/index.ts';

export type ApplicationRow = typeof creatorApplications.$inferSelect;

export interface DemoRow {
  id: string;
  name: string;
  durationMs: number | null;
}

export async function findLatestApplication(db: DbOrTx, userId: string): Promise<ApplicationRow | null> {
  const [row] = await db.select().from(creatorApplications).where(eq(creatorApplications.userId, userId)).orderBy(desc(creatorApplications.createdAt)).limit(1);
  return row ?? null;
}

/** The user's open application (submitted or needs changes), locked for the rest of the transaction. */
export async function lockOpenApplication(db: DbOrTx, userId: string): Promise<ApplicationRow | null> {
  const [row] = await db
    .select()
    .from(creatorApplications)
    .where(and(eq(creatorApplications.userId, userId), inArray(creatorApplications.status, [...OPEN_APPLICATION_STATUSES])))
    .for('update');
  return row ?? null;
}

export async function lockApplication(db: DbOrTx, id: string): Promise<ApplicationRow | null> {
  const [row] = await db.select().from(creatorApplications).where(eq(creatorApplications.id, id)).for('update');
  return row ?? null;
}

export async function findApplication(db: DbOrTx, id: string): Promise<ApplicationRow | null> {
  const [row] = await db.select().from(creatorApplications).where(eq(creatorApplications.id, id));
  return row ?? null;
}

export interface ApplicationFields {
  artistName: string;
  bio: string;
  links: string[];
  genres: string[];
  demoFileIds: string[];
}

export async function insertApplication(db: DbOrTx, userId: string, fields: ApplicationFields): Promise<ApplicationRow> {
  const [row] = await db.insert(creatorApplications).values({ userId, ...fields, status: 'submitted' }).returning();
  return row!;
}

export async function updateApplication(
  db: DbOrTx,
  id: string,
  values: Partial<ApplicationFields> & { status: CreatorApplicationStatus; reviewedBy?: string | null; reviewedAt?: Date | null; reviewNote?: string | null },
): Promise<ApplicationRow> {
  const [row] = await db
    .update(creatorApplications)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(creatorApplications.id, id))
    .returning();
  return row!;
}

/** The content agreement is accepted once and never reversed: the first acceptance's time stays. */
export async function acceptContentAgreement(db: DbOrTx, userId: string): Promise<void> {
  await db.update(users).set({ acceptedContentAgreementAt: sql`now()` }).where(and(eq(users.id, userId), isNull(users.acceptedContentAgreementAt)));
}

export async function hasAcceptedContentAgreement(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ at: users.acceptedContentAgreementAt }).from(users).where(eq(users.id, userId));
  return Boolean(row?.at);
}

/**
 * Of `ids`, the demos `userId` uploaded that decoded as audio (they have a stored preview), with their
 * names and probed durations. A demo is never a derivative and never belongs to a pack.
 */
export async function findDemos(db: DbOrTx, userId: string | null, ids: readonly string[]): Promise<DemoRow[]> {
  if (ids.length === 0) return [];
  const preview = db
    .select({ id: files.derivedFromFileId })
    .from(files)
    .where(and(inArray(files.derivedFromFileId, [...ids]), eq(files.variant, AUDIO_VARIANTS.preview)));
  const rows = await db
    .select({ id: files.id, name: files.originalName, durationMs: files.durationMs })
    .from(files)
    .where(
      and(
        inArray(files.id, [...ids]),
        isNull(files.derivedFromFileId),
        isNull(files.packId),
        inArray(files.id, preview),
        ...(userId ? [eq(files.ownerUserId, userId)] : []),
      ),
    );
  // In the order the applicant gave.
  return ids.map((id) => rows.find((r) => r.id === id)).filter((r): r is DemoRow => r !== undefined);
}

export async function findDemoPreview(db: DbOrTx, fileId: string): Promise<{ storageKey: string; contentType: string } | null> {
  const [row] = await db
    .select({ storageKey: files.storageKey, contentType: files.contentType })
    .from(files)
    .where(and(eq(files.derivedFromFileId, fileId), eq(files.variant, AUDIO_VARIANTS.preview)));
  return row ?? null;
}

export async function listWaiting(db: DbOrTx): Promise<Array<ApplicationRow & { applicantEmail: string }>> {
  const rows = await db
    .select({ application: creatorApplications, applicantEmail: users.email })
    .from(creatorApplications)
    .innerJoin(users, eq(users.id, creatorApplications.userId))
    .where(eq(creatorApplications.status, 'submitted'))
    .orderBy(asc(creatorApplications.updatedAt), asc(creatorApplications.id));
  return rows.map((r) => ({ ...r.application, applicantEmail: r.applicantEmail }));
}

export async function findApplicant(db: DbOrTx, userId: string): Promise<{ id: string; email: string; name: string } | null> {
  const [row] = await db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function findCreatorSlug(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ slug: creators.slug }).from(creators).where(eq(creators.userId, userId));
  return row?.slug ?? null;
}

/** Locks the applicant's user row: two submissions at once run one after the other and the second sees the first. */
export async function lockApplicant(db: DbOrTx, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
