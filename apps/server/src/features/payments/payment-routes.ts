import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { readBodyUpTo } from '../../http/read-body.ts';
import { CURSOR_VALUES, decodeCursor, encodeCursor, toPage } from '../../http/page-cursor.ts';
import { advanceTestClock, changePlan, getBilling, listReceipts, openPortal, previewPlanChange, setCancel } from './billing-service.ts';
import { createCheckout, createPurchaseCheckout, readCheckout } from './checkout-service.ts';
import { presentCheckout, presentReceipt } from './payment-presenters.ts';
import { receiveWebhook } from './webhook-service.ts';
import { attributionOf } from '../../http/request-attribution.ts';
import { rememberAttribution } from '../tracking/tracking-service.ts';

/** Stripe's events are small; anything bigger is not one. */
const WEBHOOK_MAX_BYTES = 512 * 1024;

export function registerPaymentRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Opening a checkout refreshes what the server knows of the buyer's consent, for the Purchase event (decision 0057).
  registerEndpoint(app, API.createCheckoutSession, async ({ viewer, body, request }) => {
    await rememberAttribution(ctx.db, viewer.userId, attributionOf(request));
    return presentCheckout(await createCheckout(ctx, viewer.userId, body));
  });
  registerEndpoint(app, API.createPurchaseCheckout, async ({ viewer, body, request }) => {
    await rememberAttribution(ctx.db, viewer.userId, attributionOf(request));
    return presentCheckout(await createPurchaseCheckout(ctx, viewer.userId, body));
  });
  registerEndpoint(app, API.getCheckoutSession, async ({ viewer, params }) => {
    const { row, refunds } = await readCheckout(ctx, viewer, params.id);
    return presentCheckout(row, refunds);
  });

  registerEndpoint(app, API.paymentWebhook, async ({ upload, request }) => {
    const signature = request.headers['stripe-signature'];
    return receiveWebhook(ctx, await readBodyUpTo(upload, WEBHOOK_MAX_BYTES, 'A webhook event is at most 512 KB'), Array.isArray(signature) ? signature[0] : signature);
  });

  registerEndpoint(app, API.getBilling, async ({ viewer }) => getBilling(ctx, viewer.userId));
  registerEndpoint(app, API.listReceipts, async ({ viewer, query }) => {
    const cursor = decodeCursor(query.cursor, CURSOR_VALUES.time);
    const rows = await listReceipts(ctx.db, viewer.userId, { limit: query.limit, after: cursor });
    return toPage(rows, query.limit, presentReceipt, (r) => encodeCursor(r.createdAt.toISOString(), r.id));
  });
  registerEndpoint(app, API.previewPlanChange, async ({ viewer, query }) => previewPlanChange(ctx, viewer.userId, query.price));
  registerEndpoint(app, API.changePlan, async ({ viewer, body }) => changePlan(ctx, viewer.userId, body));
  registerEndpoint(app, API.cancelPlan, async ({ viewer }) => setCancel(ctx, viewer.userId, true));
  registerEndpoint(app, API.resumePlan, async ({ viewer }) => setCancel(ctx, viewer.userId, false));
  registerEndpoint(app, API.openBillingPortal, async ({ viewer, body }) => openPortal(ctx, viewer.userId, body.return_url));
  registerEndpoint(app, API.advanceTestClock, async ({ body }) => advanceTestClock(ctx, body.user_id, body.outcome));
}
