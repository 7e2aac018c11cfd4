import { ATTRIBUTION_BATCH_MAX } from '@crate/contract/attribution';
import type { AppContext } from '../../app-context.ts';
import { FORWARD_MAX_ATTEMPTS, receiverAnswerProblem, retryDelayMs, toConversionsEvent } from './conversions-api.ts';
import { claimDueEvents, markForwarded, markSendFailed, type TrackingEventRow } from './tracking-repository.ts';

/**
 * Batches one run sends at most: with the job every ATTRIBUTION_FORWARD_EVERY_MS, 20 batches of 1,000 drain 2,000
 * events a second — twice the 1,000 a second it must keep up with — and a run still ends, so a backlog is drained
 * over the next runs rather than by one that never does.
 */
const BATCHES_PER_RUN = 20;
export const ATTRIBUTION_FORWARD_EVERY_MS = 10_000;
/** Claimed events are due again after this if their worker died mid-send (longer than any send may take). */
const CLAIM_LEASE_MS = 5 * 60_000;

/**
 * The `attribution-forward` job (docs/decisions/0057): sends due tracking events to ATTRIBUTION_ENDPOINT in batches
 * of up to 1,000 in the Conversions API's shape and marks them forwarded; a failed send (not 2xx, no answer in time,
 * an answer not acknowledging the batch) is retried with backoff until FORWARD_MAX_ATTEMPTS, then the events wait
 * in the failed state on /admin. Does nothing while forwarding is off.
 */
export async function runAttributionForward(ctx: AppContext): Promise<void> {
  const { endpoint } = ctx.config.attribution;
  if (!endpoint) return;
  for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
    const now = ctx.clock.now();
    const events = await claimDueEvents(ctx.db, now, new Date(now.getTime() + CLAIM_LEASE_MS), ATTRIBUTION_BATCH_MAX);
    if (events.length === 0) return;
    const problem = await send(ctx, endpoint, events);
    if (problem) {
      await recordFailure(ctx, events, problem);
      // The receiver is in trouble: the rest waits for its own backoff, not for this run to hammer it.
      return;
    }
    await markForwarded(
      ctx.db,
      events.map((e) => e.id),
      ctx.clock.now(),
    );
    if (events.length < ATTRIBUTION_BATCH_MAX) return;
  }
}

/** POSTs one batch; null when the receiver acknowledged every event, else why not. */
async function send(ctx: AppContext, endpoint: string, events: TrackingEventRow[]): Promise<string | null> {
  const { token, timeoutMs } = ctx.config.attribution;
  const origin = new URL(ctx.config.publicUrl).origin;
  const body = JSON.stringify({ data: events.map((event) => toConversionsEvent(event, origin)), ...(token ? { access_token: token } : {}) });
  const request = new AbortController();
  const timer = new AbortController();
  let timedOut = false;
  // The clock's sleep, so a test passes the timeout by moving its clock.
  void ctx.clock.sleep(timeoutMs, timer.signal).then(() => {
    if (timer.signal.aborted) return;
    timedOut = true;
    request.abort();
  });
  try {
    const response = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: request.signal });
    const text = await response.text();
    if (!response.ok) return `the receiver answered HTTP ${response.status}`;
    return receiverAnswerProblem(text, events.length);
  } catch (error) {
    return timedOut ? `the receiver did not answer within ${timeoutMs} ms` : `the receiver could not be reached: ${(error as Error).message}`;
  } finally {
    timer.abort();
  }
}

/** Each event of a failed send is due again after its backoff, or given up once it has had its attempts. */
async function recordFailure(ctx: AppContext, events: TrackingEventRow[], problem: string): Promise<void> {
  const now = ctx.clock.now();
  const byAttempts = new Map<number, TrackingEventRow[]>();
  for (const event of events) byAttempts.set(event.attempts, [...(byAttempts.get(event.attempts) ?? []), event]);
  for (const [attempts, group] of byAttempts) {
    const retryAt = attempts >= FORWARD_MAX_ATTEMPTS ? null : new Date(now.getTime() + retryDelayMs(attempts));
    await markSendFailed(
      ctx.db,
      group.map((e) => e.id),
      problem,
      now,
      retryAt,
    );
  }
  ctx.log.warn({ events: events.length, problem }, 'attribution events could not be forwarded');
}
