import { randomUUID } from 'node:crypto';
import type { AppContext } from '../src/app-context.ts';
import { creditLedger, ownedItems, paymentReceipts } from '../src/db/schema/index.ts';
import { createCreator, createItems, createPack } from './catalogue-factories.ts';

/**
 * A month of earnings as the ledger records it (decision 0051), written as rows: a producer's refill paid in the
 * month (the pool's revenue) and credits spent in it on one creator's sounds. `month` is its first day (YYYY-MM-DD).
 */
export async function seedEarningMonth(
  ctx: AppContext,
  opts: { month: string; creatorUserId: string; producerUserId: string; refillCents: number; creditsPerItem: number[]; creatorName?: string; packTitle?: string },
) {
  const at = new Date(`${opts.month}T12:00:00Z`);
  const creator = await createCreator(ctx, opts.creatorUserId, opts.creatorName ? { name: opts.creatorName } : {});
  const pack = await createPack(ctx, creator.id, opts.packTitle ? { title: opts.packTitle } : {});
  const sounds = await createItems(ctx, pack, opts.creditsPerItem.length);
  const credits = opts.creditsPerItem.reduce((a, c) => a + c, 0);
  const [lot] = await ctx.db
    .insert(creditLedger)
    .values({ userId: opts.producerUserId, kind: 'refill', amount: credits, idempotencyKey: `refill-${randomUUID()}`, reason: 'Refill', createdAt: at })
    .returning({ id: creditLedger.id });
  await ctx.db.insert(paymentReceipts).values({
    userId: opts.producerUserId,
    provider: 'sandbox',
    providerRef: `cs_${randomUUID()}`,
    kind: 'refill',
    description: 'Credit refill',
    amount: opts.refillCents,
    currency: 'usd',
    credits,
    creditLedgerId: lot!.id,
    createdAt: at,
  });
  const [spend] = await ctx.db
    .insert(creditLedger)
    .values({ userId: opts.producerUserId, kind: 'spend', amount: -credits, idempotencyKey: `spend-${randomUUID()}`, reason: pack.title, createdAt: at })
    .returning({ id: creditLedger.id });
  await ctx.db.insert(ownedItems).values(
    sounds.map((s, i) => ({ userId: opts.producerUserId, itemId: s.id, source: 'credits' as const, creditLedgerId: spend!.id, credits: opts.creditsPerItem[i]!, acquiredAt: new Date(at.getTime() + i * 60_000) })),
  );
  return { creator, pack, sounds };
}
