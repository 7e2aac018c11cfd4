import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { payoutAccounts } from '../apps/server/src/db/schema/index.ts';
import { computeDraft } from '../apps/server/src/features/payouts/payout-month-service.ts';
import { seedEarningMonth } from '../apps/server/test/payout-fixtures.ts';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { createUser } from './harness.ts';
import { expectPage, withPage } from './page-helpers.ts';

/** A month long over, so it is the first to approve and nothing else lands in it. */
const MONTH = '2021-03-01';

describe.skipIf(!e2eEnabled())('monthly payouts for admins', () => {
  const env = e2eEnvironment();

  test('an admin opens a waiting month from /admin, finds a payee, reads the spends behind the line and approves the month', async () => {
    const { ctx } = env.server;
    const admin = await createUser(ctx, { roles: ['admin'], name: 'Ada Admin' });
    const producer = await createUser(ctx, { roles: ['subscriber'] });
    const zed = await createUser(ctx, { roles: ['creator'], name: 'Zed Zephyr', email: `zed-${randomUUID().slice(0, 6)}@example.test` });
    const yara = await createUser(ctx, { roles: ['creator'], name: 'Yara Young', email: `yara-${randomUUID().slice(0, 6)}@example.test` });
    // $50 of refills: a $35 pool shared 30 : 20 credits — Zed $21, Yara $14, both with an active payout account.
    await seedEarningMonth(ctx, { month: MONTH, creatorUserId: zed.id, producerUserId: producer.id, refillCents: 5_000, creditsPerItem: [18, 12], packTitle: 'Zephyr Drums' });
    await seedEarningMonth(ctx, { month: MONTH, creatorUserId: yara.id, producerUserId: producer.id, refillCents: 0, creditsPerItem: [20], packTitle: 'Young Keys' });
    await ctx.db.insert(payoutAccounts).values([zed, yara].map((u) => ({ userId: u.id, provider: 'sandbox' as const, providerAccountId: `acct_${randomUUID()}`, status: 'active' as const })));
    const month = (await computeDraft(ctx.db, MONTH, new Date())) as { id: string };

    await withPage(env, admin, async (page) => {
      await page.goto(`${env.server.baseUrl}/admin`);
      await page.getByRole('heading', { name: 'Payouts waiting' }).waitFor();
      await page.getByRole('link', { name: /March 2021/ }).click();
      await expectPage(page, { path: `/monthlypayout/${month.id}`, heading: 'March 2021', title: 'Monthly payouts · Crate' });

      const totals = page.getByRole('region', { name: 'Totals' });
      await totals.getByRole('figure', { name: 'Creator pool' }).getByText('$35').waitFor();
      await totals.getByRole('figure', { name: 'Total payable' }).getByText('$35').waitFor();

      // Search narrows the lines to one payee.
      const lines = page.getByRole('table', { name: 'Payout lines' });
      await lines.getByText('Yara Young').waitFor();
      await page.getByRole('textbox', { name: 'Search payees' }).fill('zeph');
      await lines.getByText('Yara Young').waitFor({ state: 'detached' });
      const row = lines.getByRole('row').filter({ hasText: 'Zed Zephyr' });
      // Pool and amount: $21 each (no sales, nothing carried in or taken back).
      await row.getByText('$21', { exact: true }).first().waitFor();
      expect(await row.getByText('$21', { exact: true }).count()).toBe(2);

      // Its split, then the ledger rows behind it.
      await row.getByRole('button', { name: 'Show the split of Zed Zephyr' }).click();
      await page.getByRole('table', { name: 'Split of Zed Zephyr' }).getByText('Zephyr Drums').waitFor();
      await row.getByRole('button', { name: 'Spends' }).click();
      const dialog = page.getByRole('dialog', { name: /Spends behind Zed Zephyr’s line/ });
      const spends = dialog.getByRole('table', { name: 'Ledger rows behind the line' });
      await spends.getByRole('row').filter({ hasText: 'Sound 1' }).getByText('18', { exact: true }).waitFor();
      await spends.getByRole('row').filter({ hasText: 'Sound 2' }).getByText('12', { exact: true }).waitFor();
      expect(await spends.getByRole('row').count()).toBe(3);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // Approve, after a confirmation that states the total.
      await page.getByRole('button', { name: 'Approve…' }).click();
      const confirm = page.getByRole('dialog', { name: 'Approve March 2021' });
      await confirm.getByText('$35').first().waitFor();
      await confirm.getByRole('button', { name: 'Approve $35' }).click();
      await page.getByRole('region', { name: 'Month actions' }).getByRole('button', { name: 'Pay…' }).waitFor();
      await page.getByText(/approved .* by Ada Admin/).waitFor();
    });
  });
});
