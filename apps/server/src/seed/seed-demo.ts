import { count, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { accounts, affiliateCodes, affiliates, creatorCollaborators, creators, packs, paymentProducts, users } from '../db/schema/index.ts';
import { createCheckout } from '../features/payments/checkout-service.ts';
import { fulfilCheckoutFromProvider } from '../features/payments/fulfilment-service.ts';
import { grantRole } from '../features/roles/role-service.ts';
import { type CatalogueSeedSummary, DEMO_SUBSCRIBER_PRICE, insertPaymentCatalogue, seedCatalogue } from './seed-catalogue.ts';
import { DEMO_ACCOUNTS, DEMO_AFFILIATE_CODE, DEMO_CREATOR_SLUG, DEMO_PASSWORD, type DemoAccount } from '@crate/demo-catalogue/demo-accounts';

/** Serialises concurrent first starts (several API processes on one fresh PostgreSQL). */
const SEED_LOCK_KEY = 7_240_311;

/** Demo accounts share a published password: a production database never gets them (issue 26 finding 10). */
export class DemoAccountsInProductionError extends Error {
  constructor() {
    super('Refusing to create the demo accounts with NODE_ENV=production: their password is published in the README, so anyone could sign in as the demo admin.');
    this.name = 'DemoAccountsInProductionError';
  }
}

/**
 * Creates the demo accounts when the database has no users at all, in one transaction (all or
 * nothing), then has the demo subscriber pay for its plan. Returns false, changing nothing, on any later
 * start or once anybody has registered. Passwords are hashed by the auth library and stored as its
 * credential accounts, so the demo accounts sign in like any other. Throws DemoAccountsInProductionError
 * in production, whoever calls.
 */
export async function seedDemoAccounts(ctx: AppContext): Promise<boolean> {
  const created = await createDemoAccounts(ctx);
  if (created) await subscribeDemoSubscriber(ctx);
  return created;
}

async function createDemoAccounts(ctx: AppContext): Promise<boolean> {
  if (ctx.config.production) throw new DemoAccountsInProductionError();
  const [existing] = await ctx.db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  const authContext = await ctx.auth.$context;
  const hashes = new Map<DemoAccount, string>();
  for (const account of DEMO_ACCOUNTS) hashes.set(account, await authContext.password.hash(DEMO_PASSWORD));

  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [again] = await tx.select({ n: count() }).from(users);
    if ((again?.n ?? 0) > 0) return false;

    const ids = new Map<DemoAccount['kind'], string>();
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await tx.insert(users).values({ email: account.email, name: account.name, emailVerified: true }).returning({ id: users.id });
      await tx.insert(accounts).values({ userId: user!.id, accountId: user!.id, providerId: 'credential', password: hashes.get(account)! });
      // The subscriber's role comes with the plan it pays for, as anyone's does (subscribeDemoSubscriber).
      if (account.kind !== 'subscriber') await grantRole(tx, { userId: user!.id, actorUserId: null, reason: 'demo seed' }, account.kind);
      ids.set(account.kind, user!.id);
    }

    const [creator] = await tx
      .insert(creators)
      .values({ userId: ids.get('creator')!, slug: DEMO_CREATOR_SLUG, name: 'Demo Creator', bio: 'A demo creator account: upload packs and invite collaborators.' })
      .returning({ id: creators.id });
    await tx.insert(creatorCollaborators).values({ creatorId: creator!.id, userId: ids.get('collaborator')! });
    await tx.insert(affiliates).values({ userId: ids.get('affiliate')! });
    await tx.insert(affiliateCodes).values({ code: DEMO_AFFILIATE_CODE, affiliateUserId: ids.get('affiliate')!, label: 'Demo link' });
    return true;
  });
}

/**
 * The demo subscriber is a subscriber the way anyone is (decision 0073): it pays for the Starter plan on the
 * sandbox's hosted page with the success card, and fulfilment gives it the role, the plan and the plan's
 * credits. The payments catalogue is written first when there is none yet. With Stripe (a developer's test
 * keys) no payment can be made for it: the account starts without a plan and subscribes like anyone.
 */
async function subscribeDemoSubscriber(ctx: AppContext): Promise<void> {
  const { SandboxProvider } = await import('../features/payments/sandbox/sandbox-provider.ts');
  if (!(ctx.payments instanceof SandboxProvider)) return;
  const [products] = await ctx.db.select({ n: count() }).from(paymentProducts);
  if ((products?.n ?? 0) === 0) await insertPaymentCatalogue(ctx.db);
  const [subscriber] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.find((a) => a.kind === 'subscriber')!.email));
  const checkout = await createCheckout(ctx, subscriber!.id, { price: DEMO_SUBSCRIBER_PRICE, mode: 'subscription' });
  if (!checkout.sessionId) throw new Error(`The demo subscriber's checkout did not open: ${checkout.errorMessage ?? checkout.status}`);
  const paid = await ctx.payments.pay(checkout.sessionId, '4242 4242 4242 4242');
  if ('error' in paid) throw new Error(`The demo subscriber's payment failed: ${paid.error}`);
  await fulfilCheckoutFromProvider(ctx, checkout.sessionId);
}

/** The credentials as a small table, printed once, on the start that created them. */
export function formatDemoCredentials(publicUrl: string): string {
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
  const rows = DEMO_ACCOUNTS.map((a) => `  ${a.kind.padEnd(12)}  ${a.email.padEnd(width)}  ${DEMO_PASSWORD}`);
  return [
    '',
    `Demo accounts created — log in at ${publicUrl}/login`,
    `  ${'kind'.padEnd(12)}  ${'e-mail'.padEnd(width)}  password`,
    `  ${'-'.repeat(12)}  ${'-'.repeat(width)}  ${'-'.repeat(DEMO_PASSWORD.length)}`,
    ...rows,
    '',
  ].join('\n');
}

/** Published packs of the catalogue a first start seeds (~20 items each). */
export const DEMO_CATALOGUE_PACKS = 20;

/**
 * Seeds the demo catalogue when the database has no packs at all, in one transaction (all or nothing, so
 * a start that dies half-way seeds again on the next). Rows and original audio are written now; previews,
 * waveforms and art are derive-media jobs the workers make in the background. Null when nothing was done.
 */
export async function seedDemoCatalogue(ctx: AppContext): Promise<CatalogueSeedSummary | null> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ n: count() }).from(packs);
    if ((existing?.n ?? 0) > 0) return null;
    return seedCatalogue({ db: ctx.db, storage: ctx.storage, jobs: ctx.jobs, log: ctx.log }, { packs: DEMO_CATALOGUE_PACKS, transaction: (work) => work(tx), onProgress: (m) => ctx.log.debug(m) });
  });
}

/**
 * Seeds demo accounts (one of each kind) the first time the product starts on an empty database, then the
 * demo catalogue when there are no packs yet.
 * Never in production (NODE_ENV=production): a published password must not open a real site's admin.
 */
export async function seedDemoOnFirstStart(ctx: AppContext): Promise<void> {
  if (!ctx.config.seedDemo) return;
  if (ctx.config.production) {
    ctx.log.info('demo accounts are not seeded in production');
    return;
  }
  if (await seedDemoAccounts(ctx)) process.stdout.write(`${formatDemoCredentials(ctx.config.publicUrl)}\n`);
  const catalogue = await seedDemoCatalogue(ctx);
  if (catalogue) {
    ctx.log.info(
      `Demo catalogue: ${catalogue.packs} packs (+${catalogue.unpublishedPacks} unpublished), ${catalogue.items} items, ${catalogue.files} files (${Math.round(catalogue.bytes / 1e6)} MB) in ${catalogue.seconds.total} s; ${catalogue.jobs} previews, waveforms and pictures are being made in the background`,
    );
  }
}
