import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { monthlyPayouts, ownedItems, paymentReceipts } from '../apps/server/src/db/schema/index.ts';
import { addCredits } from '../apps/server/src/features/credits/credit-ledger-service.ts';
import { addCollaborator, createCreator, createItems, createPack } from '../apps/server/test/catalogue-factories.ts';
import type { TestUser } from '../apps/server/test/factories.ts';
import { ManualClock } from '../apps/server/test/manual-clock.ts';
import { pdfText } from '../apps/server/test/pdf-text.ts';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { createUser, newestMailTo } from './harness.ts';
import { downloadFrom, expectHeading, getWithCredits, withPage } from './page-helpers.ts';

/**
 * This test's inputs. Revenue $49.99 makes a pool of floor(0.7 × 4,999) = 3,499 ¢; the creator keeps 70 % and the
 * collaborator has 30 %, so the exact shares are 2,449.3 ¢ and 1,049.7 ¢: the cent left over goes to the
 * collaborator (the larger remainder). Both lines are over the $10 minimum, so both are paid.
 */
const PLAN_CENTS = 4_999;
const COLLABORATOR_BPS = 3_000;
const SOUND_COST = 2;
const SOUNDS_GOT = 3;

const CREATOR_SHARE_BPS = 7_000n;
const WHOLE_BPS = 10_000n;

/**
 * Decision 0051 worked out from the inputs above, not read from the server: pool = floor(70 % × revenue), shared
 * by weights (credits × split bps), each floor(pool × w / W), the cents left one each to the largest remainders.
 */
function expectedShares(revenueCents: number, weights: Record<string, bigint>): { pool: number; shares: Record<string, number> } {
  const pool = (BigInt(revenueCents) * CREATOR_SHARE_BPS) / WHOLE_BPS;
  const total = Object.values(weights).reduce((a, b) => a + b, 0n);
  const rows = Object.entries(weights).map(([key, w]) => ({ key, floor: (pool * w) / total, remainder: (pool * w) % total }));
  let left = pool - rows.reduce((a, r) => a + r.floor, 0n);
  rows.sort((a, b) => (a.remainder === b.remainder ? a.key.localeCompare(b.key) : a.remainder > b.remainder ? -1 : 1));
  const shares: Record<string, number> = {};
  for (const row of rows) {
    const extra = left > 0n ? 1n : 0n;
    left -= extra;
    shares[row.key] = Number(row.floor + extra);
  }
  return { pool: Number(pool), shares };
}

/** "$24.49" as the web app shows US dollars (whole amounts without cents). */
const dollars = (cents: number) => (cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`);
/** "24.49" as the CSV statement writes amounts. */
const decimal = (cents: number) => (cents / 100).toFixed(2);

/** The real month (UTC) now: spends and the plan receipt land in it, since the database stamps them. */
const realNow = new Date();
const MONTH = realNow.toISOString().slice(0, 7);
const MONTH_NAME = new Date(`${MONTH}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** The 1st of the next month, a few minutes in: the month is over, so it can be approved. */
const NEXT_MONTH = new Date(Date.UTC(realNow.getUTCFullYear(), realNow.getUTCMonth() + 1, 1, 0, 5));

/**
 * Issue 28 end to end in Chromium: a creator with a collaborator at 30 % sells sounds during a month, the admin
 * runs, approves and pays the month, and the creator and collaborator each see their statement with the right
 * amounts, in the CSV and in the PDF. The server runs on a clock the test moves from today to the 1st of next month
 * (approval refuses a month not over by ctx.clock). Sign-in sessions, the job queue and the database keep real
 * time, so moving ctx.clock by a month signs nobody out.
 */
describe.skipIf(!e2eEnabled())('a payout month, from the sale to the statement', () => {
  const clock = new ManualClock(realNow);
  const env = e2eEnvironment({ clock });
  let owner: TestUser;
  let collaborator: TestUser;
  let subscriber: TestUser;
  let admin: TestUser;
  let creatorName: string;
  let pack: { id: string; title: string };
  let sounds: { id: string; name: string; credit_cost: number }[];
  let expected: { pool: number; owner: number; collaborator: number };

  beforeAll(async () => {
    const { ctx } = env.server;
    const tag = randomUUID().slice(0, 6);
    owner = await createUser(ctx, { roles: ['creator'], name: 'Maya Maker', email: `maya-${tag}@example.test` });
    collaborator = await createUser(ctx, { roles: ['collaborator'], name: 'Cole Collab', email: `cole-${tag}@example.test` });
    subscriber = await createUser(ctx, { roles: ['subscriber'], name: 'Sam Subscriber' });
    admin = await createUser(ctx, { roles: ['admin'], name: 'Ada Admin' });
    const creator = await createCreator(ctx, owner.id, { name: 'Maya Beats' });
    creatorName = creator.name;
    await addCollaborator(ctx, creator.id, collaborator.id);
    const row = await createPack(ctx, creator.id, { title: 'Month Drums' });
    pack = { id: row.id, title: row.title };
    const items = await createItems(ctx, row, 4, { creditCost: SOUND_COST });
    sounds = items.slice(0, SOUNDS_GOT).map((i) => ({ id: i.id, name: i.name, credit_cost: i.creditCost }));

    // The subscriber's monthly plan, paid this month: a fixture row (paying a plan through the sandbox is covered by
    // payments.e2e.test.ts). Its credits are the plan's grant; the receipt is the month's revenue (decision 0051).
    const credits = SOUND_COST * SOUNDS_GOT;
    const lot = await addCredits(ctx.db, { userId: subscriber.id, kind: 'grant', amount: credits, reason: 'Plan credits', idempotencyKey: `e2e-plan:${randomUUID()}`, expiresAt: new Date(realNow.getTime() + 30 * 86_400_000) });
    await ctx.db.insert(paymentReceipts).values({
      userId: subscriber.id,
      provider: 'sandbox',
      providerRef: `in_${randomUUID()}`,
      kind: 'plan',
      description: 'Crate monthly plan',
      amount: PLAN_CENTS,
      currency: 'usd',
      credits,
      creditLedgerId: lot,
      periodStart: realNow,
      periodEnd: new Date(realNow.getTime() + 30 * 86_400_000),
    });

    const spent = BigInt(credits);
    const { pool, shares } = expectedShares(PLAN_CENTS, { owner: spent * (WHOLE_BPS - BigInt(COLLABORATOR_BPS)), collaborator: spent * BigInt(COLLABORATOR_BPS) });
    expected = { pool, owner: shares.owner!, collaborator: shares.collaborator! };
    // The inputs were chosen so: the split and the remainder both matter, and both lines clear the $10 minimum.
    expect(expected).toEqual({ pool: 3_499, owner: 2_449, collaborator: 1_050 });
  });

  /** From the Earnings card on /creator to the sandbox's onboarding page and back, connected. */
  const connectPayoutAccount = async (page: Page, holder: string) => {
    await page.goto(`${env.server.baseUrl}/creator`);
    const card = page.locator('[aria-labelledby="payout-account-title"]');
    await card.getByRole('button', { name: 'Connect a payout account' }).click();
    await page.getByRole('heading', { name: 'Connect where Crate pays you' }).waitFor();
    await page.getByLabel('Account holder’s name').fill(holder);
    await page.getByLabel('Routing number').fill('110000000');
    await page.getByLabel('Account number').fill('000123456789');
    await page.getByRole('button', { name: 'Connect account' }).click();
    await page.waitForURL(/\/creator$/);
    await card.getByText('Connected', { exact: true }).waitFor();
  };

  test('the creator gives the collaborator 30 % of the pack, and both connect a payout account', async () => {
    await withPage(
      env,
      owner,
      async (page) => {
        await page.goto(`${env.server.baseUrl}/packupload/${pack.id}`);
        await expectHeading(page, pack.title, 15_000);
        const panel = page.getByRole('region', { name: 'Revenue split' });
        await panel.getByRole('button', { name: 'Add a collaborator' }).click();
        await panel.getByRole('textbox', { name: 'Collaborator 1', exact: true }).click();
        await page.getByRole('option', { name: 'Cole Collab' }).click();
        await panel.getByRole('textbox', { name: 'Share of collaborator 1' }).fill(String(COLLABORATOR_BPS / 100));
        await expect.poll(() => panel.getByTestId('split-creator-share').textContent()).toBe('70.00 %');
        await panel.getByRole('button', { name: 'Save split' }).click();
        await page.getByText('Split saved. It applies to every month not paid yet.').waitFor();

        await connectPayoutAccount(page, 'Maya Maker');
      },
      15_000,
    );
    await withPage(env, collaborator, (page) => connectPayoutAccount(page, 'Cole Collab'), 15_000);
  });

  test('a subscriber gets three of the pack’s sounds with credits', async () => {
    await withPage(
      env,
      subscriber,
      async (page) => {
        await page.goto(`${env.server.baseUrl}/pack/${pack.id}`);
        await expectHeading(page, pack.title, 15_000);
        const balance = page.locator('header').getByRole('link', { name: /credits?$/ });
        await expect.poll(() => balance.textContent()).toBe(`${SOUND_COST * SOUNDS_GOT} credits`);
        for (const sound of sounds) await getWithCredits(page, sound);
        await expect.poll(() => balance.textContent()).toBe('0 credits');
      },
      15_000,
    );
    // The database stamped the spends with the real time: they are this month's unless it turned meanwhile.
    const months = await env.server.ctx.db.select({ month: sql<string>`to_char(${ownedItems.acquiredAt} at time zone 'UTC', 'YYYY-MM')` }).from(ownedItems).where(eq(ownedItems.userId, subscriber.id));
    expect(months.map((m) => m.month), 'the real month turned during the run: run it again').toEqual(sounds.map(() => MONTH));
  });

  test('on the 1st of next month the admin recomputes, approves and pays the month', async () => {
    const { ctx, baseUrl } = env.server;
    clock.advance(NEXT_MONTH);
    // The hourly payout-drafts job (decision 0051), run once for the new time: the month just ended waits as a draft.
    await ctx.jobs.enqueue('payout-drafts', { slot: clock.now().toISOString() });
    await ctx.jobs.drain();
    await expect.poll(async () => (await ctx.db.select({ status: monthlyPayouts.status }).from(monthlyPayouts).where(eq(monthlyPayouts.month, `${MONTH}-01`)))[0]?.status, { timeout: 15_000 }).toBe('draft');

    await withPage(
      env,
      admin,
      async (page) => {
        await page.goto(`${baseUrl}/monthlypayout`);
        await page.getByRole('table', { name: 'Payout months' }).getByRole('link', { name: MONTH_NAME }).click();
        await page.waitForURL(/\/monthlypayout\/[0-9a-f-]{36}$/);
        await expectHeading(page, MONTH_NAME);
        const actions = page.getByRole('region', { name: 'Month actions' });
        await actions.getByRole('button', { name: 'Recompute' }).click();
        await page.getByText('Computed again from the ledger.').waitFor();

        const totals = page.getByRole('region', { name: 'Totals' });
        await totals.getByRole('figure', { name: 'Revenue recognised' }).getByText(dollars(PLAN_CENTS), { exact: true }).waitFor();
        await totals.getByRole('figure', { name: 'Creator pool' }).getByText(dollars(expected.pool), { exact: true }).waitFor();
        await totals.getByRole('figure', { name: 'Crate’s share' }).getByText(dollars(PLAN_CENTS - expected.pool), { exact: true }).waitFor();
        await totals.getByRole('figure', { name: 'Total payable' }).getByText(dollars(expected.owner + expected.collaborator), { exact: true }).waitFor();
        const lines = page.getByRole('table', { name: 'Payout lines' });
        for (const [name, cents] of [
          ['Maya Maker', expected.owner],
          ['Cole Collab', expected.collaborator],
        ] as const) {
          // Pool and amount: the same (no sales, nothing carried in or taken back).
          const row = lines.getByRole('row').filter({ hasText: name });
          await row.getByText(dollars(cents), { exact: true }).first().waitFor();
          expect(await row.getByText(dollars(cents), { exact: true }).count()).toBe(2);
        }

        const total = dollars(expected.owner + expected.collaborator);
        await actions.getByRole('button', { name: 'Approve…' }).click();
        await page.getByRole('dialog', { name: `Approve ${MONTH_NAME}` }).getByRole('button', { name: `Approve ${total}` }).click();
        await actions.getByRole('button', { name: 'Pay…' }).click();
        await page.getByRole('dialog', { name: `Pay ${MONTH_NAME}` }).getByRole('button', { name: `Pay ${total}` }).click();
        // The payout-pay job transfers each line; the screen polls the month while it is paying, until it is paid.
        await page.getByText(/approved .* by Ada Admin · paid /).waitFor({ timeout: 30_000 });
        expect(await lines.getByText('Paid', { exact: true }).count()).toBe(2);
      },
      15_000,
    );
    await newestMailTo(env.server, owner.email, `Your Crate payout for ${MONTH_NAME}: ${dollars(expected.owner)}`);
    await newestMailTo(env.server, collaborator.email, `Your Crate payout for ${MONTH_NAME}: ${dollars(expected.collaborator)}`);
  });

  /** On /creator: the month paid with the payee's amount, and both statements saying the same. */
  const checkStatement = async (user: TestUser, payee: string, cents: number, shareBps: number) => {
    await withPage(
      env,
      user,
      async (page) => {
        await page.goto(`${env.server.baseUrl}/creator`);
        await expectHeading(page, 'Creator dashboard', 15_000);
        const earnings = page.getByRole('region', { name: 'Earnings' });
        const row = earnings.getByRole('table', { name: 'Your past months' }).locator(`tr[data-month="${MONTH}"]`);
        await row.getByText('Paid', { exact: true }).waitFor();
        // Pool and amount.
        expect(await row.getByText(dollars(cents), { exact: true }).count()).toBe(2);
        const credits = SOUND_COST * SOUNDS_GOT;
        const rate = (expected.pool / credits / 100).toFixed(4);

        const csv = await downloadFrom(page, row.getByRole('button', { name: `Statement for ${MONTH_NAME} as CSV` }));
        expect(csv.name).toBe(`crate-statement-${MONTH}.csv`);
        const text = csv.bytes.toString('utf8');
        for (const line of [`month,${MONTH}`, `payee,${payee}`, `credits,${credits}`, `pool_rate_per_credit,${rate}`, `pool,${decimal(cents)}`, 'sales,0.00', `total,${decimal(cents)}`, 'status,paid']) {
          expect(text).toContain(`${line}\r\n`);
        }
        expect(text).toContain(`${pack.title},${creatorName},${shareBps / 100},${credits},0.00\r\n`);

        const pdf = await downloadFrom(page, row.getByRole('button', { name: `Statement for ${MONTH_NAME} as PDF` }));
        expect(pdf.name).toBe(`crate-statement-${MONTH}.pdf`);
        const shown = pdfText(pdf.bytes);
        expect(shown).toContain(`${MONTH} · ${payee}`);
        expect(shown).toMatch(new RegExp(`Credits spent on your sounds\\n${credits}\\n`));
        expect(shown).toContain(`$${rate} per credit`);
        expect(shown).toMatch(new RegExp(`From the pool\\n\\$${decimal(cents).replace('.', '\\.')}\\n`));
        expect(shown).toMatch(new RegExp(`Total\\n\\$${decimal(cents).replace('.', '\\.')}\\n`));
        expect(shown).toMatch(/paid on \d{4}-\d{2}-\d{2}/);
        expect(shown).toContain(pack.title);
        expect(shown).toContain(`${shareBps / 100}%`);
      },
      15_000,
    );
  };

  test('the creator sees the month paid, with their 70 % in the CSV and the PDF', async () => {
    await checkStatement(owner, 'Maya Maker', expected.owner, 10_000 - COLLABORATOR_BPS);
  });

  test('the collaborator sees the month paid, with their 30 % in the CSV and the PDF', async () => {
    await checkStatement(collaborator, 'Cole Collab', expected.collaborator, COLLABORATOR_BPS);
  });
});
