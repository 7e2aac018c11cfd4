import type { AppContext } from '../../../app-context.ts';
import { isCataloguePriceLine } from '../payment-provider.ts';
import { findPricesWithProducts } from '../payment-repository.ts';
import { presentCheckoutPage } from './sandbox-checkout-presenter.ts';
import { SandboxProvider, type SandboxSession } from './sandbox-provider.ts';

/** What the hosted checkout page does with a sandbox session: read it, pay it with a test card, cancel it. */
interface SandboxCheckout {
  /** The session of an id of the sandbox's shape, or null (an id of any other shape is never looked up). */
  load(id: string): Promise<SandboxSession | null>;
  session(id: string): Promise<SandboxSession>;
  pay(id: string, card: string): ReturnType<SandboxProvider['pay']>;
  cancelUrl(id: string): Promise<string>;
  /** The hosted page of the session, with its lines' prices and the error of the last try, if any. */
  page(session: SandboxSession, error: string | null): Promise<string>;
}

/** The sandbox's checkout, or null when the sandbox does not take this server's payments. */
export function sandboxCheckout(ctx: AppContext): SandboxCheckout | null {
  const sandbox = ctx.payments;
  if (!(sandbox instanceof SandboxProvider)) return null;
  return {
    load: async (id) => (/^cs_sbx_[A-Za-z0-9_-]{1,64}$/.test(id) ? sandbox.session(id).catch(() => null) : null),
    session: (id) => sandbox.session(id),
    pay: (id, card) => sandbox.pay(id, card),
    cancelUrl: (id) => sandbox.cancelUrl(id),
    page: async (session, error) => presentCheckoutPage(session, await findPricesWithProducts(ctx.db, session.lineItems.filter(isCataloguePriceLine).map((l) => l.priceId)), error),
  };
}
