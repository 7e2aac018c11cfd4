import { randomUUID } from 'node:crypto';
import { SandboxProvider } from '../src/features/payments/sandbox/sandbox-provider.ts';
export { seedPaymentCatalogue } from './payment-catalogue-fixture.ts';
import { call } from './auth-helpers.ts';
import type { TestUser } from './factories.ts';
import type { TestApp } from './test-app.ts';

export function sandboxOf(t: TestApp): SandboxProvider {
  if (!(t.ctx.payments instanceof SandboxProvider)) throw new Error('the test app runs the sandbox provider');
  return t.ctx.payments;
}

/** The sandbox delivers its events to this app in-process, through the real webhook route. */
export function deliverInProcess(t: TestApp): void {
  sandboxOf(t).transport = async (body, signature) => (await postWebhook(t, body, signature)).statusCode;
}

export function postWebhook(t: TestApp, body: string, signature?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload: body,
  });
}

/** Instead of delivering, keeps every signed event the sandbox sends (to replay them in any order). */
export function captureDeliveries(t: TestApp): { body: string; signature: string }[] {
  const captured: { body: string; signature: string }[] = [];
  sandboxOf(t).transport = async (body, signature) => {
    captured.push({ body, signature });
    return 200;
  };
  return captured;
}

export async function startCheckout(t: TestApp, user: TestUser, body: Record<string, unknown>) {
  return call(t, 'POST', '/api/checkout-sessions', { idempotency_key: randomUUID(), success_url: '/pricing', cancel_url: '/pricing', ...body }, { cookie: user.cookie });
}

/** Submits a card on the hosted page, as the browser's form post does. */
export async function payOnHostedPage(t: TestApp, url: string, card: string) {
  const path = new URL(url).pathname;
  return t.app.inject({
    method: 'POST',
    url: `${path}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.ctx.config.publicUrl },
    payload: new URLSearchParams({ card, exp: '12 / 34', cvc: '123' }).toString(),
  });
}

/** Checkout → hosted page → card → every queued delivery drained. Returns our checkout id. */
export async function subscribe(t: TestApp, user: TestUser, price: string, card = '4242 4242 4242 4242'): Promise<string> {
  const started = await startCheckout(t, user, { price });
  if (started.statusCode !== 201) throw new Error(`checkout failed: ${started.statusCode} ${started.body}`);
  const paid = await payOnHostedPage(t, started.json().url, card);
  if (paid.statusCode !== 303) throw new Error(`payment failed: ${paid.statusCode}`);
  await t.ctx.jobs.drain();
  return started.json().id as string;
}

export async function getJson(t: TestApp, user: TestUser, url: string) {
  return (await call(t, 'GET', url, undefined, { cookie: user.cookie })).json();
}

export function shuffle<T>(list: T[], seed = 7): T[] {
  const out = [...list];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
