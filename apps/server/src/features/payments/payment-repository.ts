import { and, desc, eq, gt, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { checkoutSessions, paymentEvents, paymentPrices, paymentProducts, paymentReceipts, paymentRefunds, subscriptions, users } from '../../db/schema/index.ts';

export type CheckoutRow = typeof checkoutSessions.$inferSelect;
export type { CheckoutPurchase } from '../../db/schema/index.ts';
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type ReceiptRow = typeof paymentReceipts.$inferSelect;
export type RefundRow = typeof paymentRefunds.$inferSelect;

export async function findPricesWithProducts(db: DbOrTx, priceIds: string[]) {
  if (priceIds.length === 0) return [];
  return db
    .select({ price: paymentPrices, product: paymentProducts })
    .from(paymentPrices)
    .innerJoin(paymentProducts, eq(paymentProducts.id, paymentPrices.productId))
    .where(inArray(paymentPrices.id, priceIds));
}

export async function findPriceWithProduct(db: DbOrTx, priceId: string) {
  const [row] = await findPricesWithProducts(db, [priceId]);
  return row ?? null;
}

export async function findCheckout(db: DbOrTx, id: string): Promise<CheckoutRow | null> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
  return row ?? null;
}

export async function findCheckoutByKey(db: DbOrTx, userId: string, key: string): Promise<CheckoutRow | null> {
  const [row] = await db.select().from(checkoutSessions).where(and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.idempotencyKey, key)));
  return row ?? null;
}

export async function findCheckoutBySession(db: DbOrTx, sessionId: string): Promise<CheckoutRow | null> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.sessionId, sessionId));
  return row ?? null;
}

export async function insertCheckout(db: DbOrTx, values: typeof checkoutSessions.$inferInsert): Promise<CheckoutRow | null> {
  const [row] = await db.insert(checkoutSessions).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateCheckout(db: DbOrTx, id: string, values: Partial<typeof checkoutSessions.$inferInsert>): Promise<void> {
  await db.update(checkoutSessions).set(values).where(eq(checkoutSessions.id, id));
}

export async function findUser(db: DbOrTx, userId: string) {
  const [row] = await db.select({ id: users.id, email: users.email, customerId: users.stripeCustomerId }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function findUserIdByEmail(db: DbOrTx, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
}

export async function findUserByCustomer(db: DbOrTx, customerId: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.stripeCustomerId, customerId));
  return row?.id ?? null;
}

/** Remembers the provider's customer for this user (first one wins). */
export async function setCustomerIfNone(db: DbOrTx, userId: string, customerId: string): Promise<void> {
  await db.update(users).set({ stripeCustomerId: customerId }).where(and(eq(users.id, userId), sql`${users.stripeCustomerId} is null`));
}

export async function findSubscriptionByProviderId(db: DbOrTx, providerSubscriptionId: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
  return row ?? null;
}

export async function listUserSubscriptions(db: DbOrTx, userId: string): Promise<SubscriptionRow[]> {
  return db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.currentPeriodEnd), desc(subscriptions.createdAt));
}

export async function upsertSubscription(db: DbOrTx, values: typeof subscriptions.$inferInsert): Promise<SubscriptionRow> {
  const { userId: _userId, providerSubscriptionId: _id, provider: _provider, createdAt: _createdAt, ...changes } = values;
  const [row] = await db
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({ target: subscriptions.providerSubscriptionId, set: { ...changes, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export async function setPaidPrice(db: DbOrTx, id: string, priceId: string): Promise<void> {
  await db.update(subscriptions).set({ paidPriceId: priceId, updatedAt: sql`now()` }).where(eq(subscriptions.id, id));
}

export async function insertReceipt(db: DbOrTx, values: typeof paymentReceipts.$inferInsert): Promise<ReceiptRow | null> {
  const [row] = await db.insert(paymentReceipts).values(values).onConflictDoNothing({ target: paymentReceipts.providerRef }).returning();
  return row ?? null;
}

export async function findReceiptByPayment(db: DbOrTx, paymentId: string): Promise<ReceiptRow | null> {
  const [row] = await db.select().from(paymentReceipts).where(eq(paymentReceipts.paymentId, paymentId)).for('update');
  return row ?? null;
}

/** Refunded or disputed: the clock time says which approved months counted it (decision 0051); the caller holds the payouts lock. */
export async function setReceiptStatus(db: DbOrTx, id: string, status: ReceiptRow['status']): Promise<void> {
  await db.update(paymentReceipts).set({ status, statusChangedAt: sql`clock_timestamp()` }).where(eq(paymentReceipts.id, id));
}

export async function listReceipts(db: DbOrTx, userId: string, page: { limit: number; after: { value: string; id: string } | null }): Promise<ReceiptRow[]> {
  const conditions = [eq(paymentReceipts.userId, userId)];
  if (page.after) conditions.push(sql`(${paymentReceipts.createdAt}, ${paymentReceipts.id}) < (${page.after.value}::timestamptz, ${page.after.id}::uuid)`);
  return db
    .select()
    .from(paymentReceipts)
    .where(and(...conditions))
    .orderBy(desc(paymentReceipts.createdAt), desc(paymentReceipts.id))
    .limit(page.limit + 1);
}

/**
 * Refills bought since `since` against the per-period limit: the units each paid checkout credited (fewer than
 * it asked for when the limit was reached meanwhile), and those of payments still pending as asked for. At
 * fulfilment (`paidOnly`) only what was credited counts, and not the checkout being fulfilled.
 */
export async function countRefillsSince(db: DbOrTx, userId: string, since: Date, options: { paidOnly?: boolean; exceptId?: string } = {}): Promise<number> {
  const conditions = [
    eq(checkoutSessions.userId, userId),
    eq(checkoutSessions.mode, 'payment'),
    inArray(checkoutSessions.status, options.paidOnly ? ['complete'] : ['complete', 'processing']),
    gte(checkoutSessions.createdAt, since),
    isNull(checkoutSessions.purchase),
  ];
  if (options.exceptId) conditions.push(ne(checkoutSessions.id, options.exceptId));
  const rows = await db
    .select({ lineItems: checkoutSessions.lineItems, granted: checkoutSessions.grantedQuantity })
    .from(checkoutSessions)
    .where(and(...conditions));
  return rows.reduce((sum, row) => sum + (row.granted ?? (row.lineItems ?? []).reduce((n, line) => n + (line.quantity ?? 1), 0)), 0);
}

/**
 * The user's other open checkouts for the same purpose as `row`: a plan, a refill, or buying the same pack or
 * bundle (decision 0047; buying two different packs at once is two purposes).
 */
export async function listOtherOpenCheckouts(db: DbOrTx, row: Pick<CheckoutRow, 'id' | 'userId' | 'mode' | 'purchase'>): Promise<CheckoutRow[]> {
  const purpose = row.purchase
    ? and(sql`${checkoutSessions.purchase}->>'target' = ${row.purchase.target}`, sql`${checkoutSessions.purchase}->>'id' = ${row.purchase.id}`)
    : and(eq(checkoutSessions.mode, row.mode), isNull(checkoutSessions.purchase));
  return db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.userId, row.userId), purpose, eq(checkoutSessions.status, 'open'), ne(checkoutSessions.id, row.id)));
}

/** Closes a checkout that is still open (a later event about it finds it final). */
export async function expireOpenCheckout(db: DbOrTx, id: string, message: string): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ status: 'expired', completedAt: new Date(), errorCode: 'superseded', errorMessage: message })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')));
}

export async function findReceiptByRef(db: DbOrTx, providerRef: string): Promise<ReceiptRow | null> {
  const [row] = await db.select().from(paymentReceipts).where(eq(paymentReceipts.providerRef, providerRef));
  return row ?? null;
}

/** The payments a plan took for time after `since` (a duplicate plan's payments for time the kept plan covers). */
export async function listReceiptsOfSubscription(db: DbOrTx, subscriptionId: string, since: Date): Promise<ReceiptRow[]> {
  return db
    .select()
    .from(paymentReceipts)
    .where(and(eq(paymentReceipts.subscriptionId, subscriptionId), gt(paymentReceipts.periodEnd, since)));
}

export async function markSubscriptionDuplicate(db: DbOrTx, id: string, keptId: string): Promise<void> {
  await db.update(subscriptions).set({ duplicateOf: keptId, updatedAt: sql`now()` }).where(eq(subscriptions.id, id));
}

// ── automatic refunds (decision 0033) ──
/** One automatic refund per receipt: null when this receipt has one already. */
export async function insertRefund(db: DbOrTx, values: typeof paymentRefunds.$inferInsert): Promise<RefundRow | null> {
  const [row] = await db.insert(paymentRefunds).values(values).onConflictDoNothing({ target: paymentRefunds.receiptId }).returning();
  return row ?? null;
}

export async function findRefund(db: DbOrTx, id: string): Promise<RefundRow | null> {
  const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, id));
  return row ?? null;
}

export async function updateRefund(db: DbOrTx, id: string, values: Partial<Pick<RefundRow, 'status' | 'providerRefundId' | 'lastError' | 'completedAt'>>): Promise<void> {
  await db.update(paymentRefunds).set(values).where(eq(paymentRefunds.id, id));
}

/** The automatic refunds Account shows, newest first. */
export async function listRecentRefunds(db: DbOrTx, userId: string, since: Date, limit: number): Promise<RefundRow[]> {
  return db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.userId, userId), gte(paymentRefunds.createdAt, since)))
    .orderBy(desc(paymentRefunds.createdAt))
    .limit(limit);
}

export async function listRefundsOfCheckout(db: DbOrTx, checkoutId: string): Promise<RefundRow[]> {
  return db.select().from(paymentRefunds).where(eq(paymentRefunds.checkoutSessionId, checkoutId)).orderBy(desc(paymentRefunds.createdAt));
}

// ── events ──
export async function insertEvent(db: DbOrTx, values: typeof paymentEvents.$inferInsert): Promise<boolean> {
  const rows = await db.insert(paymentEvents).values(values).onConflictDoNothing({ target: paymentEvents.id }).returning({ id: paymentEvents.id });
  return rows.length > 0;
}

export async function findEvent(db: DbOrTx, id: string, lock = false) {
  const query = db.select().from(paymentEvents).where(eq(paymentEvents.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function markEventProcessed(db: DbOrTx, id: string): Promise<void> {
  await db.update(paymentEvents).set({ processedAt: sql`now()`, attempts: sql`${paymentEvents.attempts} + 1`, lastError: null }).where(eq(paymentEvents.id, id));
}

export async function markEventFailed(db: DbOrTx, id: string, error: string): Promise<void> {
  await db.update(paymentEvents).set({ attempts: sql`${paymentEvents.attempts} + 1`, lastError: error.slice(0, 1000) }).where(eq(paymentEvents.id, id));
}

// ── catalogue sync (Stripe product/price events) ──
export async function upsertProduct(db: DbOrTx, values: typeof paymentProducts.$inferInsert): Promise<void> {
  const { id: _id, ...changes } = values;
  await db.insert(paymentProducts).values(values).onConflictDoUpdate({ target: paymentProducts.id, set: { ...changes, updatedAt: sql`now()` } });
}

export async function upsertPrice(db: DbOrTx, values: typeof paymentPrices.$inferInsert): Promise<void> {
  const { id: _id, ...changes } = values;
  await db.insert(paymentPrices).values(values).onConflictDoUpdate({ target: paymentPrices.id, set: changes });
}

export async function findProduct(db: DbOrTx, id: string) {
  const [row] = await db.select().from(paymentProducts).where(eq(paymentProducts.id, id));
  return row ?? null;
}

/** A subscription checkout of this user whose payment is still pending. */
export async function hasPendingSubscriptionCheckout(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.mode, 'subscription'), eq(checkoutSessions.status, 'processing')))
    .limit(1);
  return rows.length > 0;
}

export async function deactivateCatalogueObject(db: DbOrTx, kind: 'product' | 'price', id: string): Promise<void> {
  if (kind === 'product') await db.update(paymentProducts).set({ active: false, updatedAt: sql`now()` }).where(eq(paymentProducts.id, id));
  else await db.update(paymentPrices).set({ active: false }).where(eq(paymentPrices.id, id));
}
