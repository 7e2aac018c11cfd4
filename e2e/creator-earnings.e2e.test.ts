import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { monthlyPayouts, payoutLines } from '../apps/server/src/db/schema/index.ts';
import { createCreator, createPack } from '../apps/server/test/catalogue-factories.ts';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { createUser } from './harness.ts';
import { downloadFrom, expectHeading, withPage } from './page-helpers.ts';

/** `YYYY-MM` of this month and of the month before it (UTC, as payout months are). */
function months(now = new Date()): { current: string; previous: string } {
  const previous = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return { current: now.toISOString().slice(0, 7), previous: previous.toISOString().slice(0, 7) };
}

/**
 * Issue 28, for creators (decision 0055): a creator opens /creator and finds Earnings — the month so far as the
 * hourly draft estimates it, and last month, paid, with its statement — and downloads the CSV, whose figures are
 * the line's. The payout account card waits for the payout-account API (another change of the issue).
 */
describe.skipIf(!e2eEnabled())('creator earnings', () => {
  const env = e2eEnvironment();

  test('a creator sees Earnings on /creator with a past month and downloads its CSV statement', async () => {
    const { ctx } = env.server;
    const { current, previous } = months();
    const owner = await createUser(ctx, { roles: ['creator'], name: 'Earning Tester' });
    const creator = await createCreator(ctx, owner.id, { name: 'Tester Beats' });
    const pack = await createPack(ctx, creator.id, { title: 'Paid Drums' });
    const [paid, draft] = await ctx.db
      .insert(monthlyPayouts)
      .values([
        { month: `${previous}-01`, status: 'paid', poolCents: 6643, credits: 43, computedAt: new Date(), paidAt: new Date() },
        { month: `${current}-01`, status: 'draft', poolCents: 900, credits: 9, computedAt: new Date() },
      ])
      .onConflictDoNothing()
      .returning();
    expect(paid && draft, 'this run needs the two months to itself').toBeTruthy();
    const detail = { creator_id: creator.id, creator_name: creator.name, pack_id: pack.id, pack_title: pack.title, share_bps: 10000, credits: 30, sales_cents: 2999 };
    await ctx.db.insert(payoutLines).values([
      { payoutId: paid!.id, payeeUserId: owner.id, credits: 30, poolCents: 4634, salesCents: 2099, amountCents: 6733, status: 'paid', paidAt: new Date(), details: [detail] },
      { payoutId: draft!.id, payeeUserId: owner.id, credits: 9, poolCents: 900, amountCents: 900, status: 'pending', details: [{ ...detail, credits: 9, sales_cents: 0 }] },
    ]);

    await withPage(env, owner, async (page) => {
      await page.goto(`${env.server.baseUrl}/creator`);
      await expectHeading(page, 'Creator dashboard', 15_000);
      const earnings = page.getByRole('region', { name: 'Earnings' });
      await earnings.getByRole('heading', { name: 'Earnings' }).waitFor();
      // This month so far: the draft's figure, said to be an estimate.
      await earnings.getByText('$9', { exact: true }).waitFor();
      await earnings.getByTestId('this-month-estimate').getByText(/^Estimated as of .* · 9 credits$/).waitFor();
      // Last month: paid, with its figures and statement.
      const table = earnings.getByRole('table', { name: 'Your past months' });
      const row = table.locator(`tr[data-month="${previous}"]`);
      await row.getByText('$67.33', { exact: true }).waitFor();
      await row.getByText('Paid', { exact: true }).waitFor();
      // E2E_SHOTS_DIR set: a picture of the section, to look at.
      if (process.env.E2E_SHOTS_DIR) await mkdir(process.env.E2E_SHOTS_DIR, { recursive: true });
      if (process.env.E2E_SHOTS_DIR) await earnings.screenshot({ path: path.join(process.env.E2E_SHOTS_DIR, 'creator-earnings.png') });
      const csvButton = row.getByRole('button', { name: /as CSV$/ });
      const download = await downloadFrom(page, csvButton);
      expect(download.name).toBe(`crate-statement-${previous}.csv`);
      const csv = download.bytes.toString('utf8');
      expect(csv).toContain(`month,${previous}\r\n`);
      expect(csv).toContain('payee,Earning Tester\r\n');
      expect(csv).toContain('total,67.33\r\n');
      expect(csv).toContain('Paid Drums,Tester Beats,100,30,29.99\r\n');
      const pdf = await downloadFrom(page, row.getByRole('button', { name: /as PDF$/ }));
      expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    }, 15_000);
  });
});
