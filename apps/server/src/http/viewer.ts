import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '@crate/contract/roles';

/** The signed-in user as the API sees them on one request. */
export interface Viewer {
  userId: string;
  email: string;
  sessionId: string;
  /** Whether the account's e-mail is confirmed: endpoints marked `verifiedEmail` refuse it otherwise (docs/decisions/0069). */
  emailVerified: boolean;
  roles: readonly Role[];
  /** The creator profile this user owns (at most one), for the object-level rules in src/policies. */
  creatorId: string | null;
  /** The creator profiles this user collaborates on (read-only access to their unpublished catalogue). */
  collaboratorOf: readonly string[];
  /** The version of what is the viewer's own on catalogue answers (favourites, owned sounds), read with the session: the viewer-state cache is current while its copy is at least this (decision 0077). */
  stateVersion: number;
}

export type ViewerResolver = (request: FastifyRequest) => Promise<Viewer | null>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolves the session cookie once per request (memoised). */
    viewer(): Promise<Viewer | null>;
    /** Set-Cookie values to send with the reply (a session whose lifetime the auth library extended). */
    sessionCookies: string[] | null;
  }
}

export function installViewer(app: FastifyInstance, resolve: ViewerResolver): void {
  const cache = new WeakMap<FastifyRequest, Promise<Viewer | null>>();
  app.decorateRequest('sessionCookies', null);
  app.addHook('onSend', async (request, reply) => {
    if (request.sessionCookies?.length) reply.header('Set-Cookie', request.sessionCookies);
  });
  app.decorateRequest('viewer', function viewer(this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      pending = resolve(this);
      cache.set(this, pending);
    }
    return pending;
  });
}
