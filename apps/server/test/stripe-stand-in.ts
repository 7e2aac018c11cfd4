import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the few Stripe API calls Crate makes (there is no network here): the official
 * SDK is pointed at it with STRIPE_API_URL. Objects are kept as Stripe shapes them (API 2026-10), so the
 * SDK parses them and the provider maps them as it would Stripe's; tests change them the way Stripe
 * would (a session paid, an invoice paid, a charge refunded) and then send the signed events.
 */

type StripeObject = Record<string, unknown> & { id: string; object: string };

interface RecordedRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

export interface StripeStandIn {
  url: string;
  objects: Map<string, StripeObject>;
  requests: RecordedRequest[];
  put(object: StripeObject): StripeObject;
  close(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function missing(id: string) {
  return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${id}'`, param: 'id' } } };
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const objects = new Map<string, StripeObject>();
  const requests: RecordedRequest[] = [];
  const idempotent = new Map<string, unknown>();
  const put = (object: StripeObject) => {
    objects.set(object.id, object);
    return object;
  };

  const handle = (method: string, path: string, params: URLSearchParams): { status: number; body: unknown } => {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const lineItems: { price: string; quantity: number }[] = [];
      for (let i = 0; params.has(`line_items[${i}][price]`) || params.has(`line_items[${i}][price_data][currency]`); i++) {
        const line = (field: string) => params.get(`line_items[${i}][${field}]`);
        // An inline price (`price_data`) becomes a price of its own, as Stripe makes one for the session.
        const price = line('price') ?? put({ id: newId('price'), object: 'price', active: false, currency: line('price_data][currency'), unit_amount: Number(line('price_data][unit_amount')), product_data: { name: line('price_data][product_data][name') } }).id;
        lineItems.push({ price, quantity: Number(line('quantity') ?? 1) });
      }
      const unknown = lineItems.find((l) => !objects.has(l.price));
      if (unknown) return { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such price: '${unknown.price}'`, param: 'line_items[0][price]' } } };
      const id = newId('cs_test');
      const session = put({
        id,
        object: 'checkout.session',
        mode: params.get('mode'),
        status: 'open',
        payment_status: 'unpaid',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        success_url: params.get('success_url'),
        cancel_url: params.get('cancel_url'),
        client_reference_id: params.get('client_reference_id'),
        customer: params.get('customer'),
        customer_email: params.get('customer_email'),
        metadata: { user_id: params.get('metadata[user_id]'), checkout_id: params.get('metadata[checkout_id]') },
        subscription: null,
        payment_intent: null,
        invoice: null,
        amount_total: 0,
        currency: 'usd',
        line_items: { object: 'list', data: lineItems.map((l) => ({ id: newId('li'), object: 'item', price: { id: l.price, object: 'price' }, quantity: l.quantity })), has_more: false, url: `/v1/checkout/sessions/${id}/line_items` },
      });
      return { status: 200, body: session };
    }
    if ((m = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path)) && method === 'POST') {
      const session = objects.get(m[1]!);
      if (!session) return missing(m[1]!);
      // As Stripe: only an open session can be expired.
      if (session.status !== 'open') return { status: 400, body: { error: { type: 'invalid_request_error', message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".` } } };
      session.status = 'expired';
      return { status: 200, body: session };
    }
    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path)) && method === 'DELETE') {
      const sub = objects.get(m[1]!);
      if (!sub) return missing(m[1]!);
      if (sub.status === 'canceled') return { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${m[1]}'` } } };
      Object.assign(sub, { status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) });
      return { status: 200, body: sub };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const paymentIntent = params.get('payment_intent');
      const charge = [...objects.values()].find((o) => o.object === 'charge' && o.payment_intent === paymentIntent);
      if (!charge) return { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${paymentIntent}'`, param: 'payment_intent' } } };
      const left = Number(charge.amount) - Number(charge.amount_refunded);
      const amount = params.has('amount') ? Number(params.get('amount')) : left;
      if (amount > left) return { status: 400, body: { error: { type: 'invalid_request_error', code: 'amount_too_large', message: `Refund amount ($${amount / 100}) is greater than unrefunded amount on charge ($${left / 100})`, param: 'amount' } } };
      Object.assign(charge, { amount_refunded: Number(charge.amount_refunded) + amount, refunded: Number(charge.amount_refunded) + amount >= Number(charge.amount) });
      const refund = put({ id: newId('re'), object: 'refund', amount, charge: charge.id, payment_intent: paymentIntent, reason: params.get('reason'), status: 'succeeded', currency: 'usd', metadata: Object.fromEntries([...params].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v])) });
      return { status: 200, body: refund };
    }
    // The invoice preview of a subscription change: the one a test prepared (as Stripe would compute it), if any.
    if (method === 'POST' && path === '/v1/invoices/create_preview') {
      const preview = objects.get('upcoming_invoice');
      return preview ? { status: 200, body: preview } : { status: 400, body: { error: { type: 'invalid_request_error', code: 'invoice_upcoming_none', message: 'No upcoming invoices for customer' } } };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      return { status: 200, body: { id: newId('bps'), object: 'billing_portal.session', customer: params.get('customer'), return_url: params.get('return_url'), url: `https://billing.stripe.test/p/session/${newId('x')}` } };
    }
    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path)) && method === 'POST') {
      const sub = objects.get(m[1]!);
      if (!sub) return missing(m[1]!);
      const items = sub.items as { data: { id: string; price: { id: string } }[] };
      if (params.has('items[0][price]')) items.data[0]!.price = { ...items.data[0]!.price, id: params.get('items[0][price]')! };
      if (params.has('cancel_at_period_end')) sub.cancel_at_period_end = params.get('cancel_at_period_end') === 'true';
      return { status: 200, body: sub };
    }
    // Connect (decision 0053): Express accounts, onboarding links and transfers to them.
    if (method === 'POST' && path === '/v1/accounts') {
      const account = put({
        id: newId('acct'),
        object: 'account',
        type: params.get('type'),
        email: params.get('email'),
        metadata: { user_id: params.get('metadata[user_id]') },
        capabilities: { transfers: params.get('capabilities[transfers][requested]') === 'true' ? 'inactive' : undefined },
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
      });
      return { status: 200, body: account };
    }
    if ((m = /^\/v1\/accounts\/([^/]+)$/.exec(path)) && method === 'GET') {
      const account = objects.get(decodeURIComponent(m[1]!));
      return account?.object === 'account' ? { status: 200, body: account } : { status: 403, body: { error: { type: 'invalid_request_error', code: 'account_invalid', message: `The provided key does not have access to account '${m[1]}' (or that account does not exist).` } } };
    }
    if (method === 'POST' && path === '/v1/account_links') {
      const account = params.get('account') ?? '';
      if (objects.get(account)?.object !== 'account') return { status: 400, body: { error: { type: 'invalid_request_error', code: 'account_invalid', message: `No such account: '${account}'`, param: 'account' } } };
      if (params.get('type') !== 'account_onboarding' || !params.get('return_url') || !params.get('refresh_url')) return { status: 400, body: { error: { type: 'invalid_request_error', code: 'parameter_missing', message: 'type, return_url and refresh_url are required' } } };
      const created = Math.floor(Date.now() / 1000);
      return { status: 200, body: { object: 'account_link', created, expires_at: created + 300, url: `https://connect.stripe.test/setup/e/${account}/${newId('x')}` } };
    }
    if (method === 'POST' && path === '/v1/transfers') {
      const destination = objects.get(params.get('destination') ?? '');
      if (destination?.object !== 'account') return { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such destination: '${params.get('destination')}'`, param: 'destination' } } };
      if ((destination.capabilities as { transfers?: string }).transfers !== 'active') {
        return { status: 400, body: { error: { type: 'invalid_request_error', code: 'insufficient_capabilities_for_transfer', message: 'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments', param: 'destination' } } };
      }
      const transfer = put({
        id: newId('tr'),
        object: 'transfer',
        amount: Number(params.get('amount')),
        currency: params.get('currency'),
        destination: destination.id,
        description: params.get('description'),
        metadata: Object.fromEntries([...params].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v])),
        reversed: false,
        created: Math.floor(Date.now() / 1000),
      });
      return { status: 200, body: transfer };
    }
    if ((m = /^\/v1\/(checkout\/sessions|subscriptions|invoices|charges|disputes|products|prices|payment_intents)\/([^/]+)$/.exec(path)) && method === 'GET') {
      const object = objects.get(decodeURIComponent(m[2]!));
      return object ? { status: 200, body: object } : missing(m[2]!);
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } } };
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const raw = await bodyOf(request);
      const params = new URLSearchParams(request.method === 'GET' || request.method === 'DELETE' ? url.search : raw);
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      requests.push({ method: request.method ?? 'GET', path: url.pathname, params, idempotencyKey, authorization: request.headers.authorization });
      const key = idempotencyKey ? `${request.method} ${url.pathname} ${idempotencyKey}` : null;
      const answer = key && idempotent.has(key) ? (idempotent.get(key) as { status: number; body: unknown }) : handle(request.method ?? 'GET', url.pathname, params);
      if (key && answer.status < 500) idempotent.set(key, answer);
      response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': newId('req') });
      response.end(JSON.stringify(answer.body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    requests,
    put,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
