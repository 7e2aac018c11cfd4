import type { Role } from './roles.ts';
import { holdsAnyClaim } from './roles.ts';

/** Who may open a screen or call an endpoint. One vocabulary for web guards and server guards. */
export type Access = PublicAccess | { kind: 'signedIn' } | { kind: 'claims'; claims: readonly Role[] };
export type PublicAccess = { kind: 'public' };

// Each constant keeps its own kind in its type, so the server can type a handler's viewer from an
// endpoint's access (non-null unless public: apps/server/src/http/endpoint.ts).
export const PUBLIC: PublicAccess = { kind: 'public' };
export const SIGNED_IN: { kind: 'signedIn' } = { kind: 'signedIn' };
export const claims = (...list: Role[]): { kind: 'claims'; claims: readonly Role[] } => ({ kind: 'claims', claims: list });

/** The viewer as a guard sees it: null when nobody is signed in. */
export type Viewer = { roles: readonly Role[] } | null;

export type AccessDecision = 'allow' | 'signInRequired' | 'forbidden';

export function decideAccess(access: Access, viewer: Viewer): AccessDecision {
  if (access.kind === 'public') return 'allow';
  if (!viewer) return 'signInRequired';
  if (access.kind === 'signedIn') return 'allow';
  return holdsAnyClaim(viewer.roles, access.claims) ? 'allow' : 'forbidden';
}
