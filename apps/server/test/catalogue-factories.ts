import { randomUUID } from 'node:crypto';
import { PACK_STATUS, type PackStatus } from '@crate/contract/pack-status';
import type { AppContext } from '../src/app-context.ts';
import { eq } from 'drizzle-orm';
import { creatorCollaborators, creators, items, packs } from '../src/db/schema/index.ts';
import { createFileFromUpload } from '../src/files/file-repository.ts';
import { mediaUrl, PREVIEW_VARIANT } from '../src/media/media-urls.ts';

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

/**
 * Gives the item an audio file with a preview derivative, as the processing job leaves them (bytes that
 * are not audio: no ffmpeg needed to fetch it). Returns the preview's URL.
 */
export async function givePreview(ctx: AppContext, item: { id: string; packId: string }): Promise<string> {
  const source = await createFileFromUpload(ctx, { body: Buffer.from('original'), originalName: 'sound.wav', contentType: 'audio/wav', packId: item.packId, itemId: item.id });
  await createFileFromUpload(ctx, { body: Buffer.from('preview'), originalName: 'preview.mp3', contentType: 'audio/mpeg', derivedFromFileId: source.id, variant: PREVIEW_VARIANT });
  await ctx.db.update(items).set({ audioFileId: source.id }).where(eq(items.id, item.id));
  return mediaUrl(source.id, PREVIEW_VARIANT);
}
