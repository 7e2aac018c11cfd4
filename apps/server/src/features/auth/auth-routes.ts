import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { getProfile } from '../profile/profile-service.ts';
import {
  deactivateAccount,
  login,
  logout,
  register,
  requestAccountRecovery,
  requestPasswordReset,
  resetPassword,
  updatePassword,
  type RequestFacts,
  type SignInPlace,
} from './auth-service.ts';
import { resendVerificationLink, verifyEmail } from './email-verification-service.ts';
import { forwardSetCookies } from '../../http/session-cookies.ts';
import { attributionOf } from '../../http/request-attribution.ts';
import { recordSignUp } from '../tracking/tracking-service.ts';

/** The client address as routed (request.ip believes X-Forwarded-For only from TRUST_PROXY) and the cookies. */
const placeOf = (request: FastifyRequest): SignInPlace => ({ ipAddress: request.ip || null, cookieHeader: request.headers.cookie });
const factsOf = (request: FastifyRequest): RequestFacts => ({ headers: request.headers, ip: request.ip });

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, API.register, async ({ body, request, reply }) => {
    const result = await register(ctx, body, placeOf(request));
    if (!('userId' in result)) return result;
    // The account exists now: an attribution event that cannot be recorded is logged, never the registration's failure.
    await recordSignUp(ctx.db, ctx.clock.now(), result.userId, attributionOf(request)).catch((error: unknown) => ctx.log.warn({ userId: result.userId, err: error }, 'sign-up attribution event could not be recorded'));
    forwardSetCookies(reply, result.headers);
    return getProfile(ctx.db, result.userId);
  });

  registerEndpoint(app, API.login, async ({ body, viewer, request, reply }) => {
    const { headers, userId } = await login(ctx, body, viewer, placeOf(request));
    forwardSetCookies(reply, headers);
    return getProfile(ctx.db, userId);
  });

  registerEndpoint(app, API.logout, async ({ request, reply }) => {
    forwardSetCookies(reply, await logout(ctx, factsOf(request)));
    return { ok: true as const };
  });

  registerEndpoint(app, API.requestPasswordReset, async ({ body }) => requestPasswordReset(ctx, body.email));

  registerEndpoint(app, API.resetPassword, async ({ body, request, reply }) => {
    forwardSetCookies(reply, await resetPassword(ctx, body, placeOf(request)));
    return { ok: true as const };
  });

  registerEndpoint(app, API.requestAccountRecovery, async ({ body }) => requestAccountRecovery(ctx, body.email));

  registerEndpoint(app, API.verifyEmail, async ({ body, request }) => verifyEmail(ctx, body.token, request.ip || null));

  registerEndpoint(app, API.resendEmailVerification, async ({ viewer }) => resendVerificationLink(ctx, viewer.userId));

  registerEndpoint(app, API.updatePassword, async ({ body, viewer, request, reply }) => {
    forwardSetCookies(reply, await updatePassword(ctx, factsOf(request), viewer!, body));
    return { ok: true as const };
  });

  registerEndpoint(app, API.deactivateAccount, async ({ viewer, request, reply }) => {
    forwardSetCookies(reply, await deactivateAccount(ctx, viewer, factsOf(request)));
    return { ok: true as const };
  });
}
