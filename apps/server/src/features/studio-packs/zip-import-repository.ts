/** Zips of a pack being unpacked or unpacked (docs/decisions/0060): their progress and what they left out. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ZipImportState } from '@crate/contract/studio-packs';
import type { DbOrTx } from '../../db/client.ts';
import { files, packZipImports, users } from '../../db/schema/index.ts';
import type { PolicyViewer } from '../../policies/policy-viewer.ts';
import type { Role } from '@crate/contract/roles';

export type ZipImportRow = typeof packZipImports.$inferSelect;

/** The studio shows this many of a pack's zips, newest first. */
const SHOWN_IMPORTS = 20;

export async function insertZipImport(tx: DbOrTx, values: Pick<ZipImportRow, 'id' | 'packId' | 'uploadId' | 'startedByUserId' | 'name' | 'total' | 'refused'>): Promise<ZipImportRow> {
  const [row] = await tx.insert(packZipImports).values(values).returning();
  return row!;
}

export async function findZipImport(db: DbOrTx, id: string): Promise<ZipImportRow | null> {
  const [row] = await db.select().from(packZipImports).where(eq(packZipImports.id, id));
  return row ?? null;
}

export function listZipImports(db: DbOrTx, packId: string): Promise<ZipImportRow[]> {
  return db.select().from(packZipImports).where(eq(packZipImports.packId, packId)).orderBy(desc(packZipImports.createdAt), desc(packZipImports.id)).limit(SHOWN_IMPORTS);
}

export async function setZipImportProgress(db: DbOrTx, id: string, done: number): Promise<void> {
  await db.update(packZipImports).set({ done }).where(and(eq(packZipImports.id, id), eq(packZipImports.state, 'unpacking')));
}

/** Ends an import still unpacking; false when it had already ended (a second run, a late failure hook). */
export async function finishZipImport(
  db: DbOrTx,
  id: string,
  end: { state: Exclude<ZipImportState, 'unpacking'>; imported: number; refused: ZipImportRow['refused']; error: string | null; finishedAt: Date },
): Promise<boolean> {
  const ended = await db
    .update(packZipImports)
    .set(end)
    .where(and(eq(packZipImports.id, id), eq(packZipImports.state, 'unpacking')))
    .returning({ id: packZipImports.id });
  return ended.length > 0;
}

/** Files an earlier run of this import stored before it died (each file names its import in its metadata). */
export async function listFileIdsOfZipImport(db: DbOrTx, importId: string): Promise<string[]> {
  const rows = await db.select({ id: files.id }).from(files).where(sql`${files.customMetadata} ->> 'zipImportId' = ${importId}`);
  return rows.map((r) => r.id);
}

/**
 * What the policies need to know about the user who sent a zip, read again when it is unpacked (a role or a
 * creator profile may have changed since); null when the account can no longer act.
 */
export async function findUploaderStanding(db: DbOrTx, userId: string): Promise<PolicyViewer> {
  const [row] = await db
    .select({
      disabledAt: users.disabledAt,
      deactivatedAt: users.deactivatedAt,
      // Qualified by hand: a one-table select names its columns bare, and the subqueries' tables have an "id" too.
      roles: sql<string[]>`array(select ur.role::text from user_roles ur where ur.user_id = users.id order by 1)`,
      creatorId: sql<string | null>`(select c.id::text from creators c where c.user_id = users.id)`,
      collaboratorOf: sql<string[]>`array(select cc.creator_id::text from creator_collaborators cc where cc.user_id = users.id order by 1)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row || row.disabledAt || row.deactivatedAt) return null;
  return { userId, roles: row.roles as Role[], creatorId: row.creatorId, collaboratorOf: row.collaboratorOf };
}
