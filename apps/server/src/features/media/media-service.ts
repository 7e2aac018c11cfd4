import type { MediaVariant } from '@crate/contract/file-endpoints';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import type { Viewer } from '../../http/viewer.ts';
import { AUDIO_VARIANTS } from '../../media/audio-derivatives.ts';
import { can } from '../../policies/can.ts';
import { asMedia } from '../../policies/media-policy.ts';
import { notePreviewServed, playNetworkKey } from '../tracking/item-events-service.ts';
import { findDerivative, findMediaFacts } from './media-repository.ts';

/** A derivative this viewer may have, and what it is: whether everybody may (caches may keep it) and whether it is a preview (a listen). */
export interface ServableMedia {
  storageKey: string;
  contentType: string;
  isPublic: boolean;
  isPreview: boolean;
}

/**
 * The derivative `variant` of a source file, when the viewer may see what it belongs to (media-policy.ts): a
 * draft's cover or a taken-down sound's preview is a 404 for everyone who may not see the draft or the sound.
 * Only derivative rows are looked up, never an original.
 */
export async function findServableMedia(db: DbOrTx, viewer: Viewer | null, fileId: string, variant: MediaVariant): Promise<ServableMedia> {
  const facts = await findMediaFacts(db, fileId);
  const derivative = facts ? await findDerivative(db, fileId, variant) : null;
  if (!facts || !derivative || !can(viewer, 'read', asMedia(facts))) throw notFound('That media file');
  return { ...derivative, isPublic: can(null, 'read', asMedia(facts)), isPreview: variant === AUDIO_VARIANTS.preview };
}

/** Records the serve a later trackPlay is checked against; a failure here costs that play, never the preview. */
export async function recordPreviewServe(ctx: AppContext, viewer: Viewer | null, ip: string, fileId: string): Promise<void> {
  try {
    await notePreviewServed(ctx.db, ctx.clock.now(), viewer, playNetworkKey(ctx.config.authSecret, ip), fileId);
  } catch (error) {
    ctx.log.warn({ err: error, fileId }, 'a preview serve could not be recorded');
  }
}
