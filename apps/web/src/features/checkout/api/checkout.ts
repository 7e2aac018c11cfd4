import { API } from '@crate/contract/api-endpoints';
import { CHECKOUT_MESSAGES, CHECKOUT_SESSION_WAIT_MS, type CheckoutSession, type CheckoutSessionRequest, type PurchaseRequest } from '@crate/contract/checkout';
import { callApi } from '../../../lib/api-client.ts';
import { ApiError, isApiError } from '../../../lib/api-error.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';

/** Why a checkout could not start, in words for the person who clicked (SPEC §8). */
class CheckoutError extends ApiError {
  constructor(message: string) {
    super('CHECKOUT_FAILED', message);
    this.name = 'CheckoutError';
  }
}

export interface StartCheckoutOptions {
  signedIn: boolean;
  /** Defaults to the current page (SPEC §3). */
  here?: string;
  /** How often to look again while the server is still waiting for the provider. */
  pollMs?: number;
  waitMs?: number;
  signal?: AbortSignal;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new CheckoutError(CHECKOUT_MESSAGES.timeout));
    });
  });

/**
 * SPEC §4 "Checkout session": creates the session document and waits — at most 30 s — until the server
 * has filled in its id and URL. An error the server recorded ends the wait at once with its message.
 * One idempotency key per call, so the POST may be retried without making a second session.
 */
export function startCheckout(request: CheckoutSessionRequest, options: StartCheckoutOptions): Promise<CheckoutSession & { url: string }> {
  return openAndWait((here, signal) => callApi(API.createCheckoutSession, { body: { success_url: here, cancel_url: here, idempotency_key: newIdempotencyKey(), ...request }, signal }), options);
}

/**
 * Buying a pack or a bundle outright (decision 0047): the same checkout, opened by POST /api/purchases at the
 * amount the button showed (a different price now is refused with the new one), and waited for the same way.
 */
export function startPurchase(request: Omit<PurchaseRequest, 'idempotency_key'>, options: StartCheckoutOptions): Promise<CheckoutSession & { url: string }> {
  return openAndWait((here, signal) => callApi(API.createPurchaseCheckout, { body: { success_url: here, cancel_url: here, idempotency_key: newIdempotencyKey(), ...request }, signal }), options);
}

async function openAndWait(create: (here: string, signal: AbortSignal) => Promise<CheckoutSession>, options: StartCheckoutOptions): Promise<CheckoutSession & { url: string }> {
  if (!options.signedIn) throw new CheckoutError(CHECKOUT_MESSAGES.unauthenticated);
  const here = options.here ?? window.location.href;
  const deadline = Date.now() + (options.waitMs ?? CHECKOUT_SESSION_WAIT_MS);
  const timeout = AbortSignal.timeout(options.waitMs ?? CHECKOUT_SESSION_WAIT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let session: CheckoutSession;
  try {
    session = await create(here, signal);
  } catch (error) {
    if (timeout.aborted) throw new CheckoutError(CHECKOUT_MESSAGES.timeout);
    if (isApiError(error, 'UNAUTHENTICATED')) throw new CheckoutError(CHECKOUT_MESSAGES.unauthenticated);
    throw error;
  }
  for (;;) {
    if (session.error) throw new CheckoutError(session.error.message);
    if (session.url) return { ...session, url: session.url };
    if (Date.now() >= deadline) throw new CheckoutError(CHECKOUT_MESSAGES.timeout);
    await sleep(Math.min(options.pollMs ?? 1000, Math.max(0, deadline - Date.now())), signal);
    try {
      session = await callApi(API.getCheckoutSession, { params: { id: session.id }, signal });
    } catch (error) {
      if (timeout.aborted) throw new CheckoutError(CHECKOUT_MESSAGES.timeout);
      if (isApiError(error, 'UNAUTHENTICATED')) throw new CheckoutError(CHECKOUT_MESSAGES.unauthenticated);
      throw new CheckoutError(CHECKOUT_MESSAGES.queryFailed);
    }
  }
}
