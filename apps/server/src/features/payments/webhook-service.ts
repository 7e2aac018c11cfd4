import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/app-error.ts';
import { processPaymentEvent } from './fulfilment-service.ts';
import { WebhookSignatureError, type ProviderEvent } from './payment-provider.ts';
import { findEvent, insertEvent } from './payment-repository.ts';

/**
 * POST /api/payments/webhook (decision 0023). The signature is checked against the raw body before
 * anything is written (bad or missing → 400, nothing changed). The event is stored once by its id,
 * with its `payment-event` job (interactive lane) in the same transaction, then processed right here:
 * a handler that fails answers 5xx so the provider sends it again, and the job retries it too. A
 * replay of an event already processed answers 200 at once.
 */
export async function receiveWebhook(ctx: AppContext, rawBody: Buffer, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
  let event;
  try {
    event = ctx.payments.verifyWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      ctx.metrics?.webhookEvent('unverified', 'bad_signature');
      throw new AppError('VALIDATION_FAILED', error.message, 'stripe-signature');
    }
    throw error;
  }
  try {
    const answer = await storeAndProcess(ctx, event);
    ctx.metrics?.webhookEvent(event.type, answer.duplicate ? 'duplicate' : 'processed');
    return answer;
  } catch (error) {
    ctx.metrics?.webhookEvent(event.type, 'failed');
    throw error;
  }
}

async function storeAndProcess(ctx: AppContext, event: ProviderEvent): Promise<{ received: true; duplicate: boolean }> {
  const stored = await ctx.db.transaction(async (tx) => {
    const inserted = await insertEvent(tx, { id: event.id, provider: ctx.payments.kind, type: event.type, payload: event.payload });
    if (inserted) await ctx.jobs.enqueue('payment-event', { eventId: event.id }, { tx });
    return inserted;
  });
  if (!stored) {
    const earlier = await findEvent(ctx.db, event.id);
    if (earlier?.processedAt) return { received: true, duplicate: true };
  }
  await processPaymentEvent(ctx, event.id);
  return { received: true, duplicate: !stored };
}
