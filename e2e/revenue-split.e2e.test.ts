import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { PACK_STATUS } from '@crate/contract/pack-status';
import type { Split } from '@crate/contract/splits';
import { addCollaborator, createCreator, createPack } from '../apps/server/test/catalogue-factories.ts';
import type { TestUser } from '../apps/server/test/factories.ts';
import { e2eEnabled } from './chromium.ts';
import { e2eEnvironment } from './e2e-environment.ts';
import { createUser, freshAddress, signInContext } from './harness.ts';
import { expectHeading } from './page-helpers.ts';

/**
 * Collaborator splits as a creator sets them (decision 0052): on the pack's studio page the creator names a
 * collaborator at 30 %, sees their own 70 % and a total of 100 %, saves, and finds it saved after a reload; the
 * collaborator sees the share on /creator.
 */
describe.skipIf(!e2eEnabled())('revenue split', () => {
  const env = e2eEnvironment();
  let owner: TestUser;
  let collaborator: TestUser;
  let pack: { id: string; title: string };
  let contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const { ctx } = env.server;
    owner = await createUser(ctx, { roles: ['creator'], name: 'Split Owner' });
    const creator = await createCreator(ctx, owner.id, { name: 'Split Studio' });
    collaborator = await createUser(ctx, { roles: ['collaborator'], name: 'Cleo Collab' });
    await addCollaborator(ctx, creator.id, collaborator.id);
    const row = await createPack(ctx, creator.id, { title: 'Shared Drums', status: PACK_STATUS.draft });
    pack = { id: row.id, title: row.title };
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    contexts = [];
  });

  const pageAs = async (user: TestUser): Promise<Page> => {
    const context = await env.browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': freshAddress() } });
    context.setDefaultTimeout(15_000);
    await context.addInitScript(() => localStorage.setItem('cookieConsent', 'essential'));
    await signInContext(context, env.server.baseUrl, user);
    contexts.push(context);
    return context.newPage();
  };

  test('the creator sets a collaborator at 30 %, sees the total at 100 % and finds it saved', async () => {
    const { baseUrl } = env.server;
    const page = await pageAs(owner);
    await page.goto(`${baseUrl}/packupload/${pack.id}`);
    await expectHeading(page, pack.title);
    const panel = page.getByRole('region', { name: 'Revenue split' });
    await expect.poll(() => panel.getByTestId('split-creator-share').textContent()).toBe('100.00 %');

    await panel.getByRole('button', { name: 'Add a collaborator' }).click();
    await panel.getByRole('textbox', { name: 'Collaborator 1', exact: true }).click();
    await page.getByRole('option', { name: 'Cleo Collab' }).click();
    const share = panel.getByRole('textbox', { name: 'Share of collaborator 1' });
    await share.fill('130');
    // Over the whole: the editor says so before anything is sent, and will not save.
    await expect.poll(() => panel.getByRole('alert').textContent()).toMatch(/130\.00 %: more than 100 %/);
    expect(await panel.getByRole('button', { name: 'Save split' }).isDisabled()).toBe(true);

    await share.fill('30');
    await expect.poll(() => panel.getByTestId('split-creator-share').textContent()).toBe('70.00 %');
    await expect.poll(() => panel.getByTestId('split-total').textContent()).toBe('100.00 %');
    await panel.getByRole('button', { name: 'Save split' }).click();
    await expect.poll(() => page.getByText('Split saved. It applies to every month not paid yet.').count()).toBe(1);
    await expect.poll(() => panel.getByRole('list', { name: 'Split history' }).textContent()).toMatch(/From the start: Split Owner \(you\) 70\.00 % · Cleo Collab 30\.00 %/);

    // Stored as the server keeps it, and shown again after a reload.
    const stored = (await (await fetch(`${baseUrl}/api/studio/packs/${pack.id}/split`, { headers: { cookie: owner.cookie } })).json()) as Split;
    expect(stored.shares.map((s) => [s.name, s.bps])).toEqual([
      ['Split Owner', 7000],
      ['Cleo Collab', 3000],
    ]);
    await page.reload();
    await expect.poll(() => page.getByRole('textbox', { name: 'Share of collaborator 1' }).inputValue()).toBe('30.00');
    expect(await page.getByRole('textbox', { name: 'Collaborator 1', exact: true }).inputValue()).toBe('Cleo Collab');
  });

  test('the collaborator sees their share on /creator', async () => {
    const page = await pageAs(collaborator);
    await page.goto(`${env.server.baseUrl}/creator`);
    const panel = page.getByRole('region', { name: 'Your shares' });
    await expect.poll(() => panel.getByRole('row', { name: /Shared Drums/ }).textContent()).toMatch(/Shared Drums.*by Split Studio.*30\.00 %/);
  });
});
