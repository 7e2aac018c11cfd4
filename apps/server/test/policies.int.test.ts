import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { PACK_STATUS_VALUES } from '@crate/contract/pack-status';
import { items, packs } from '../src/db/schema/index.ts';
import { can } from '../src/policies/can.ts';
import { asItem, isListedItem, itemListedSql, itemReadableSql } from '../src/policies/item-policy.ts';
import { asPack, isPublishedPack, packPublishedSql, packReadableSql } from '../src/policies/pack-policy.ts';
import { listedItemSql, listedItemsSql, publishedPackSql } from '../src/db/listed-items.ts';
import type { PolicyViewer } from '../src/policies/policy-viewer.ts';
import { addCollaborator, createCreator, createItems, createPack } from './catalogue-factories.ts';
import { createUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

/**
 * Lists filter in SQL, single objects are authorized in TypeScript: the two spellings of each rule must
 * agree. Every pack status × taken down or not, for two creators, seen by every kind of viewer.
 */
describe(`policy SQL twins agree with the rules on ${TEST_DB}`, () => {
  let t: TestApp;
  const viewers = new Map<string, PolicyViewer>();

  beforeAll(async () => {
    t = await createTestApp();
    const ownerUser = await createUser(t.ctx, { roles: ['creator'] });
    const otherUser = await createUser(t.ctx, { roles: ['creator'] });
    const collaboratorUser = await createUser(t.ctx, { roles: ['collaborator'] });
    const creator = await createCreator(t.ctx, ownerUser.id);
    const other = await createCreator(t.ctx, otherUser.id);
    await addCollaborator(t.ctx, creator.id, collaboratorUser.id);
    for (const creatorId of [creator.id, other.id]) {
      for (const status of PACK_STATUS_VALUES) {
        const pack = await createPack(t.ctx, creatorId, { status });
        const [, takenDown] = await createItems(t.ctx, pack, 2);
        await t.ctx.db.update(items).set({ takenDownAt: new Date(), takedownReason: 'Technical Issue' }).where(eq(items.id, takenDown!.id));
      }
    }
    viewers.set('visitor', null);
    viewers.set('subscriber', { userId: 'u-sub', roles: ['subscriber'], creatorId: null, collaboratorOf: [] });
    viewers.set('collaborator', { userId: collaboratorUser.id, roles: ['collaborator'], creatorId: null, collaboratorOf: [creator.id] });
    viewers.set('owner', { userId: ownerUser.id, roles: ['creator'], creatorId: creator.id, collaboratorOf: [] });
    viewers.set('owner and collaborator elsewhere', { userId: ownerUser.id, roles: ['creator'], creatorId: creator.id, collaboratorOf: [other.id] });
    viewers.set('admin', { userId: 'u-admin', roles: ['admin'], creatorId: null, collaboratorOf: [] });
  });
  afterAll(() => t.close());

  const asBoolean = (twin: SQL) => sql<boolean>`(${twin})`.mapWith(Boolean);

  /** Every item row with the facts the rules need and what each SQL twin says about it for this viewer. */
  const rows = (viewer: PolicyViewer) =>
    t.ctx.db
      .select({
        id: items.id,
        packCreatorId: packs.creatorId,
        packStatus: packs.status,
        takenDownAt: items.takenDownAt,
        isFree: items.isFree,
        packReadable: asBoolean(packReadableSql(viewer)),
        itemReadable: asBoolean(itemReadableSql(viewer)),
        itemListed: asBoolean(itemListedSql),
        packPublished: asBoolean(packPublishedSql),
        // db/listed-items.ts: the subquery form, and the search columns' form (the item's copy of its pack's status).
        subqueryPackPublished: asBoolean(publishedPackSql('packs')),
        subqueryItemListed: asBoolean(listedItemSql('items', 'packs')),
        searchListed: asBoolean(listedItemsSql('items')),
      })
      .from(items)
      .innerJoin(packs, eq(packs.id, items.packId));

  it('covers every pack status, taken down or not', async () => {
    const all = await rows(null);
    expect(new Set(all.map((r) => r.packStatus))).toEqual(new Set(PACK_STATUS_VALUES));
    expect(all.filter((r) => r.takenDownAt !== null)).toHaveLength(all.length / 2);
  });

  it.each(['visitor', 'subscriber', 'collaborator', 'owner', 'owner and collaborator elsewhere', 'admin'])('%s: read and listed', async (kind) => {
    const viewer = viewers.get(kind)!;
    const all = await rows(viewer);
    for (const row of all) {
      const item = asItem(row);
      const label = `${kind} × pack status ${row.packStatus}${row.takenDownAt ? ', taken down' : ''}`;
      expect(row.packReadable, `${label}: packReadableSql`).toBe(can(viewer, 'read', asPack({ creatorId: row.packCreatorId, status: row.packStatus })));
      expect(row.itemReadable, `${label}: itemReadableSql`).toBe(can(viewer, 'read', item));
      expect(row.itemListed, `${label}: itemListedSql`).toBe(isListedItem(item));
      expect(row.packPublished, `${label}: packPublishedSql`).toBe(isPublishedPack({ status: row.packStatus }));
      expect(row.subqueryPackPublished, `${label}: publishedPackSql`).toBe(isPublishedPack({ status: row.packStatus }));
      expect(row.subqueryItemListed, `${label}: listedItemSql`).toBe(isListedItem(item));
      expect(row.searchListed, `${label}: listedItemsSql`).toBe(isListedItem(item));
    }
  });
});
