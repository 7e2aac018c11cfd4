import { randomUUID } from 'node:crypto';
import { PACK_STATUS, type PackStatus } from '@crate/contract/pack-status';
import type { AppContext } from '../src/app-context.ts';
import { creatorCollaborators, creators, items, packs } from '../src/db/schema/index.ts';

const short = () => randomUUID().slice(0, 8);

export async function createCreator(ctx: AppContext, userId: string, overrides: Partial<typeof creators.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(creators)
    .values({ userId, slug: `creator-${short()}`, name: `Creator ${short()}`, ...overrides })
    .returning();
  return row!;
}

export async function addCollaborator(ctx: AppContext, creatorId: string, userId: string) {
  await ctx.db.insert(creatorCollaborators).values({ creatorId, userId });
}

export async function createPack(
  ctx: AppContext,
  creatorId: string,
  overrides: Partial<typeof packs.$inferInsert> & { status?: PackStatus } = {},
) {
  const status = overrides.status ?? PACK_STATUS.published;
  const [row] = await ctx.db
    .insert(packs)
    .values({
      creatorId,
      slug: `pack-${short()}`,
      title: `Pack ${short()}`,
      genres: ['trap'],
      publishedAt: status === PACK_STATUS.published ? new Date() : null,
      ...overrides,
      status,
    })
    .returning();
  return row!;
}

export async function createItems(ctx: AppContext, pack: { id: string; creatorId: string }, count: number, overrides: Partial<typeof items.$inferInsert> = {}) {
  const values = Array.from({ length: count }, (_, i) => ({
    packId: pack.id,
    creatorId: pack.creatorId,
    slug: `item-${short()}`,
    name: `Sound ${i + 1}`,
    type: 'sample' as const,
    kind: 'One-Shot' as const,
    position: i,
    ...overrides,
  }));
  return ctx.db.insert(items).values(values).returning();
}
