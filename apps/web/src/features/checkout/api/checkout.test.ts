import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECKOUT_MESSAGES } from '@crate/contract/checkout';
import { startCheckout, startPurchase } from './checkout.ts';

const session = (over: Record<string, unknown> = {}) => ({
  id: '6f1c1f0e-0000-4000-8000-000000000001',
  created_at: '2026-11-23T00:00:00.000Z',
  mode: 'subscription',
  status: 'pending',
  provider: 'sandbox',
  session_id: null,
  url: null,
  error: null,
  line_items: [{ price: 'price_starter', quantity: 1 }],
  success_url: 'http://localhost/pricing',
  cancel_url: 'http://localhost/pricing',
  completed_at: null,
  notice: null,
  purchase: null,
  ...over,
});
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const options = { signedIn: true, here: 'http://localhost/pricing', pollMs: 5, waitMs: 200 };

afterEach(() => vi.unstubAllGlobals());

describe('startCheckout (SPEC §4, §8, §9)', () => {
  it('refuses at once when nobody is signed in, with the SPEC message', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await expect(startCheckout({ price: 'price_starter' }, { ...options, signedIn: false })).rejects.toThrow(CHECKOUT_MESSAGES.unauthenticated);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the current page as success and cancel URL with an idempotency key, and returns the URL', async () => {
    const fetch = vi.fn(async () => json(201, session({ status: 'open', session_id: 'cs_1', url: 'http://localhost/sandbox/checkout/cs_1' })));
    vi.stubGlobal('fetch', fetch);
    const result = await startCheckout({ price: 'price_starter' }, options);
    expect(result.url).toBe('http://localhost/sandbox/checkout/cs_1');
    const sent = JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);
    expect(sent).toMatchObject({ price: 'price_starter', success_url: 'http://localhost/pricing', cancel_url: 'http://localhost/pricing' });
    expect(sent.idempotency_key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('shows an error the server recorded at once instead of waiting', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(201, session({ status: 'error', error: { code: 'card_declined', message: 'The provider said no.' } }))));
    const started = Date.now();
    await expect(startCheckout({ price: 'price_starter' }, { ...options, waitMs: 30_000 })).rejects.toThrow('The provider said no.');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('polls while pending and gives up with the SPEC timeout message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, session())));
    await expect(startCheckout({ price: 'price_starter' }, options)).rejects.toThrow(CHECKOUT_MESSAGES.timeout);
  });

  it('a failed read while waiting says so in SPEC words; a URL filled in later ends the wait', async () => {
    let calls = 0;
    vi.stubGlobal('fetch', vi.fn(async () => (++calls === 1 ? json(201, session()) : json(500, { error: { code: 'INTERNAL', message: 'boom' } }))));
    await expect(startCheckout({ price: 'price_starter' }, options)).rejects.toThrow(CHECKOUT_MESSAGES.queryFailed);
    calls = 0;
    vi.stubGlobal('fetch', vi.fn(async () => (++calls < 3 ? json(calls === 1 ? 201 : 200, session()) : json(200, session({ status: 'open', url: 'http://x/pay' })))));
    await expect(startCheckout({ price: 'price_starter' }, options)).resolves.toMatchObject({ url: 'http://x/pay' });
  });

  it('buys a pack through POST /api/purchases at the amount shown, then waits like any checkout (decision 0047)', async () => {
    const purchase = { target: 'pack', id: '6f1c1f0e-0000-4000-8000-0000000000aa', title: 'Dusty Keys', amount: 1299, currency: 'usd', item_count: 3 };
    const fetch = vi.fn(async (url: string) => (url.endsWith('/api/purchases') ? json(201, session({ mode: 'payment', line_items: [], purchase })) : json(200, session({ status: 'open', url: 'http://localhost/sandbox/checkout/cs_2', purchase }))));
    vi.stubGlobal('fetch', fetch);
    const result = await startPurchase({ target: 'pack', id: purchase.id, expected_amount: 1299 }, { ...options, here: 'http://localhost/pack/x' });
    expect(result.url).toBe('http://localhost/sandbox/checkout/cs_2');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/api\/purchases$/);
    expect(JSON.parse(init.body as string)).toMatchObject({ target: 'pack', id: purchase.id, expected_amount: 1299, success_url: 'http://localhost/pack/x', idempotency_key: expect.any(String) });
  });
});
