import type { AppContext } from '../src/app-context.ts';
import { paymentPrices, paymentProducts } from '../src/db/schema/index.ts';

/** A small payments catalogue: two monthly plans, a yearly one, a refill, a retired plan. */
export async function seedPaymentCatalogue(ctx: AppContext): Promise<void> {
  await ctx.db.insert(paymentProducts).values([
    { id: 'prod_starter', name: 'Starter', kind: 'subscription', sortOrder: 1 },
    { id: 'prod_pro', name: 'Pro', kind: 'subscription', sortOrder: 2 },
    { id: 'prod_refill', name: '50 credit refill', kind: 'credits', sortOrder: 10 },
    { id: 'prod_old', name: 'Old plan', kind: 'subscription', sortOrder: 20, active: false },
  ]);
  await ctx.db.insert(paymentPrices).values([
    { id: 'price_starter', productId: 'prod_starter', unitAmount: 999, interval: 'month', credits: 100 },
    { id: 'price_pro', productId: 'prod_pro', unitAmount: 1999, interval: 'month', credits: 300 },
    { id: 'price_pro_year', productId: 'prod_pro', unitAmount: 19_900, interval: 'year', credits: 3600 },
    { id: 'price_refill', productId: 'prod_refill', unitAmount: 599, interval: null, credits: 50 },
    { id: 'price_old', productId: 'prod_old', unitAmount: 500, interval: 'month', credits: 10 },
  ]);
}

