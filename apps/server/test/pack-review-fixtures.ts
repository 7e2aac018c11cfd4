import { eq } from 'drizzle-orm';
import { encodeWav } from '@crate/audio/wav';
import type { PackFileKind } from '@crate/contract/catalogue-enums';
import { PACK_STATUS, type PackStatus } from '@crate/contract/pack-status';
import { items } from '../src/db/schema/index.ts';
import { createFileFromUpload } from '../src/files/file-repository.ts';
import { createCreator, createItems, createPack } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import type { AppContext } from '../src/app-context.ts';

/** A test app or the e2e server: anything with the app's context. */
type WithContext = { ctx: AppContext };

/** A real WAV ffmpeg decodes: a sine at `hz` (different tones are different content, so no accidental duplicates). */
export function toneWav(hz: number, seconds = 0.4): Buffer {
  const samples = new Float32Array(Math.round(44100 * seconds));
  for (let i = 0; i < samples.length; i++) samples[i] = 0.4 * Math.sin((2 * Math.PI * hz * i) / 44100);
  return encodeWav({ sampleRate: 44100, channels: [samples] });
}

export interface CreatorFixture {
  user: TestUser;
  creator: { id: string; slug: string; name: string; userId: string };
}

export async function creatorFixture(t: WithContext): Promise<CreatorFixture> {
  const user = await createUser(t.ctx, { roles: ['creator'] });
  const creator = await createCreator(t.ctx, user.id);
  return { user, creator };
}

export interface SoundSpec {
  name: string;
  body: Buffer;
  kind?: PackFileKind;
  /** What the upload declared; the studio's uploads declare none (stored as application/octet-stream). */
  contentType?: string;
}

/**
 * A pack the way the upload produces it: a `packs` row in `status`, an item per sound with its audio as a
 * `files` row (pack_id, item_id, kind) set as the item's audio file.
 */
export async function packWithSounds(t: WithContext, owner: CreatorFixture, sounds: readonly SoundSpec[], status: PackStatus = PACK_STATUS.awaitingApproval, title?: string) {
  const pack = await createPack(t.ctx, owner.creator.id, { status, ...(title ? { title } : {}) });
  const rows = await createItems(t.ctx, pack, sounds.length);
  const files = [];
  for (const [i, sound] of sounds.entries()) {
    const item = rows[i]!;
    const file = await createFileFromUpload(t.ctx, {
      body: sound.body,
      originalName: sound.name,
      contentType: sound.contentType ?? 'audio/wav',
      ownerUserId: owner.user.id,
      packId: pack.id,
      itemId: item.id,
      kind: sound.kind ?? 'Sample audio',
    });
    await t.ctx.db.update(items).set({ audioFileId: file.id, name: sound.name.replace(/\.\w+$/, '') }).where(eq(items.id, item.id));
    files.push(file);
  }
  return { pack, items: rows, files };
}
