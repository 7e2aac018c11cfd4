import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { items, licences, ownedItems, packs } from '../../db/schema/index.ts';

/** A certificate by its number: what it covers, its parties as named at issue, whose it is and whether the sound is still owned under it. */
export async function findLicence(db: DbOrTx, certificateNumber: string) {
  const [row] = await db
    .select({
      certificateNumber: licences.certificateNumber,
      licenceType: licences.licenceType,
      termsVersion: licences.termsVersion,
      issuedAt: licences.issuedAt,
      holderName: licences.holderName,
      licensorName: licences.licensorName,
      holderUserId: licences.userId,
      itemName: items.name,
      itemSlug: items.slug,
      packTitle: packs.title,
      valid: sql<boolean>`exists (select 1 from ${ownedItems} o where o.id = ${licences.ownedItemId})`,
    })
    .from(licences)
    .innerJoin(items, eq(items.id, licences.itemId))
    .innerJoin(packs, eq(packs.id, items.packId))
    .where(eq(licences.certificateNumber, certificateNumber));
  return row ?? null;
}
