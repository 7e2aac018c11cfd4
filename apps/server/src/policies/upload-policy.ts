import type { PolicyViewer } from './policy-viewer.ts';

/** An upload in progress (tus, decision 0025): who started it, as recorded in its metadata when it was created. */
export interface UploadFacts {
  startedByUserId: string | null;
}
export type UploadResource = UploadFacts & { type: 'upload' };
export const asUpload = (facts: UploadFacts): UploadResource => ({ type: 'upload', startedByUserId: facts.startedByUserId });

/**
 * read (HEAD: its offset and length), write (PATCH: its next bytes), cancel (DELETE): the user who started it,
 * nobody else — not the creator's collaborators, not admins. An upload is one person's transfer in progress,
 * not a catalogue object; to everybody else it does not exist (404). Every request on an upload asks this
 * about the id the tus server is about to use (decision 0032).
 */
export type UploadAction = 'read' | 'write' | 'cancel';

export function canOnUpload(viewer: PolicyViewer, _action: UploadAction, upload: UploadFacts): boolean {
  return viewer !== null && upload.startedByUserId !== null && upload.startedByUserId === viewer.userId;
}
