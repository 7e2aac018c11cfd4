import type { PolicyViewer } from './policy-viewer.ts';

/** A release: who registered it and every writer asked to agree to it. */
export interface ReleaseFacts {
  producerUserId: string;
  partyUserIds: readonly string[];
}
export type ReleaseResource = ReleaseFacts & { type: 'release' };
export const asRelease = (row: ReleaseFacts): ReleaseResource => ({ type: 'release', producerUserId: row.producerUserId, partyUserIds: row.partyUserIds });

/**
 * read (the release, its parties and every step, and its split sheet's PDF): its producer and every party — nobody
 * else, admins neither: whom a producer writes with is theirs (decision 0064). answer (accept or counter one's own
 * share): a party who is not the producer. decide (accept a counter, withdraw): the producer alone.
 */
export type ReleaseAction = 'read' | 'answer' | 'decide';

export function canOnRelease(viewer: PolicyViewer, action: ReleaseAction, release: ReleaseFacts): boolean {
  if (viewer === null) return false;
  const producer = release.producerUserId === viewer.userId;
  const party = release.partyUserIds.includes(viewer.userId);
  switch (action) {
    case 'read':
      return producer || party;
    case 'answer':
      return party && !producer;
    case 'decide':
      return producer;
  }
}
