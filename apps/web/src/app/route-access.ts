import { decideAccess, type Access } from '@crate/contract/access';
import { forbiddenPath } from '@crate/contract/redirect-path';
import { viewerOf } from '../profile/profile-model.ts';
import type { ProfileState } from '../profile/profile-store.ts';

export type GuardOutcome = { kind: 'allow' } | { kind: 'wait' } | { kind: 'redirect'; to: string };

export interface GuardLocation {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * What a guarded screen does for this viewer. Public screens always render. Guarded ones wait until
 * the server has confirmed the stored profile on this page load (so a stale stored role can neither
 * open nor close a page), then allow or send the user to /forbidden carrying the full original path.
 * When the server cannot be reached, the stored profile decides (the API enforces access anyway).
 */
export function guardOutcome(access: Access, state: ProfileState, location: GuardLocation): GuardOutcome {
  if (access.kind === 'public') return { kind: 'allow' };
  if (state.status === 'stored') return { kind: 'wait' };
  if (decideAccess(access, viewerOf(state.profile)) === 'allow') return { kind: 'allow' };
  return { kind: 'redirect', to: forbiddenPath(location.pathname + location.search + location.hash) };
}
