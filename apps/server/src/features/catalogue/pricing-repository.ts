import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Product } from '@crate/contract/catalogue';
import type { DbOrTx } from '../../db/client.ts';
import { paymentPrices, paymentProducts } from '../../db/schema/index.ts';

/** The payments catalogue (docs/product-overview.md §3): active products, each with its active prices. Two queries, no N+1. */
export async function listActiveProducts(db: DbOrTx): Promise<Product[]> {
  const products = await db.select().from(paymentProducts).where(eq(paymentProducts.active, true)).orderBy(asc(paymentProducts.sortOrder), asc(paymentProducts.id));
  if (products.length === 0) return [];
  const prices = await db
    .select()
    .from(paymentPrices)
    .where(and(eq(paymentPrices.active, true), inArray(paymentPrices.productId, products.map((p) => p.id))))
    .orderBy(asc(paymentPrices.unitAmount));
  return products.map((product) => ({
    id: product.id,
    name: product.name,
    description: product.description,
    kind: product.kind,
    active: product.active,
    prices: prices
      .filter((price) => price.productId === product.id)
      .map((price) => ({
        id: price.id,
        product_id: price.productId,
        currency: price.currency,
        unit_amount: price.unitAmount,
        interval: price.interval,
        interval_count: price.intervalCount,
        credits: price.credits,
      })),
  }));
}
