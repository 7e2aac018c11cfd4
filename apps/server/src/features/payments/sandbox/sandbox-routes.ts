import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../../app-context.ts';
import { sandboxCheckout } from './sandbox-checkout-service.ts';
import { presentOnboardingGone } from './sandbox-onboarding-presenter.ts';
import { sandboxOnboarding } from './sandbox-onboarding-service.ts';

/**
 * The sandbox's hosted checkout page (decision 0023): what Stripe Checkout is in Stripe mode, served by
 * Crate at /sandbox/checkout/{session}. Plain HTML and a form — no script — so it works under the strict
 * CSP; the session id in the URL is the capability, as with Stripe's hosted pages. Its onboarding page for payout
 * accounts (decision 0053) is what Stripe Connect's is: /sandbox/onboarding/{link}, the link id the capability.
 */

function html(reply: FastifyReply, status: number, body: string) {
  return reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

export function registerSandboxRoutes(app: FastifyInstance, ctx: AppContext): void {
  const sandbox = sandboxCheckout(ctx);
  const onboarding = sandboxOnboarding(ctx);
  if (!sandbox || !onboarding) return;
  const notFound = (reply: FastifyReply) => html(reply, 404, '<!doctype html><title>Not found</title><p>There is no such sandbox checkout.</p>');

  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    scope.get<{ Params: { id: string } }>('/sandbox/checkout/:id', { schema: { hide: true } }, async (request, reply) => {
      const session = await sandbox.load(request.params.id);
      if (!session) return notFound(reply);
      return html(reply, 200, await sandbox.page(session, session.status === 'open' ? session.lastError : null));
    });

    scope.post<{ Params: { id: string }; Body: { card?: string } }>('/sandbox/checkout/:id/pay', { schema: { hide: true } }, async (request, reply) => {
      const session = await sandbox.load(request.params.id);
      if (!session) return notFound(reply);
      const outcome = await sandbox.pay(session.id, String(request.body?.card ?? '').slice(0, 40));
      if ('redirect' in outcome) return reply.redirect(outcome.redirect, 303);
      return html(reply, 402, await sandbox.page(await sandbox.session(session.id), outcome.error));
    });

    scope.get<{ Params: { id: string } }>('/sandbox/checkout/:id/cancel', { schema: { hide: true } }, async (request, reply) => {
      const session = await sandbox.load(request.params.id);
      if (!session) return notFound(reply);
      return reply.redirect(await sandbox.cancelUrl(session.id), 303);
    });

    scope.get<{ Params: { id: string } }>('/sandbox/onboarding/:id', { schema: { hide: true } }, async (request, reply) => {
      const opened = await onboarding.open(request.params.id);
      if (!opened) return html(reply, 404, presentOnboardingGone());
      return 'redirect' in opened ? reply.redirect(opened.redirect, 303) : html(reply, 200, opened.page);
    });

    scope.post<{ Params: { id: string }; Body: Record<string, string | undefined> }>('/sandbox/onboarding/:id', { schema: { hide: true } }, async (request, reply) => {
      const field = (name: string) => String(request.body?.[name] ?? '').slice(0, 200);
      const outcome = await onboarding.submit(request.params.id, { name: field('name'), routing: field('routing').replace(/\s/g, ''), account: field('account').replace(/\s/g, ''), reject: field('reject') === '1' });
      if (!outcome) return html(reply, 404, presentOnboardingGone());
      return 'redirect' in outcome ? reply.redirect(outcome.redirect, 303) : html(reply, 400, outcome.page);
    });
  });
}
