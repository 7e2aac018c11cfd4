import type { PayoutAccount } from '@crate/contract/payout-accounts';
import type { AppContext } from '../../app-context.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Viewer } from '../../http/viewer.ts';
import { ownPage } from '../payments/checkout-service.ts';
import { activatePayoutAccount, findPayoutAccount, findUserEmail, insertPayoutAccount } from './payout-account-repository.ts';

/**
 * Where a creator's or collaborator's money goes (decision 0053): an account at the payout provider, made the
 * first time they ask to connect one, onboarded on the provider's own page, and active once the provider says
 * it can be paid — re-checked whenever the payee looks while it is still onboarding (the return from the page).
 */
export async function getPayoutAccount(ctx: AppContext, viewer: Viewer, ipAddress: string | null): Promise<PayoutAccount> {
  const row = await findPayoutAccount(ctx.db, viewer.userId);
  if (!row) return { status: 'none', provider: ctx.payouts.kind };
  // An account at another provider (the server changed modes) is reported as it was last known.
  if (row.status === 'onboarding' && row.provider === ctx.payouts.kind) {
    const account = await ctx.payouts.retrieveAccount(row.providerAccountId);
    if (account.payoutsEnabled) {
      await ctx.db.transaction(async (tx) => {
        if (!(await activatePayoutAccount(tx, viewer.userId))) return;
        await recordAudit(tx, { actorUserId: viewer.userId, action: 'payout_account.connected', targetType: 'user', targetId: viewer.userId, details: { provider: row.provider, account: row.providerAccountId }, ipAddress });
      });
      return { status: 'active', provider: row.provider };
    }
  }
  return { status: row.status, provider: row.provider };
}

/**
 * A fresh link to the provider's onboarding page: the account is made once (a key per user, so two clicks at
 * once make one), then every call links to the same account. The payee comes back to `return_url` (a page of
 * this site, /creator by default); a spent or expired link sends them to the same page with
 * `payout_onboarding=refresh`, where the web app asks for a new one.
 */
export async function startPayoutOnboarding(ctx: AppContext, viewer: Viewer, returnUrl: string | undefined, ipAddress: string | null): Promise<{ url: string }> {
  const back = ownPage(ctx, returnUrl, 'return_url', '/creator');
  const refresh = new URL(back);
  refresh.searchParams.set('payout_onboarding', 'refresh');
  let row = await findPayoutAccount(ctx.db, viewer.userId);
  if (row && row.provider !== ctx.payouts.kind) throw new AppError('CONFLICT', `Your payout account is held by ${row.provider}, which this server no longer pays through. Ask support to move it.`);
  if (!row) {
    const email = await findUserEmail(ctx.db, viewer.userId);
    if (!email) throw notFound('The account');
    const made = await ctx.payouts.createAccount({ email, userId: viewer.userId, idempotencyKey: `crate-payout-account:${viewer.userId}` });
    await ctx.db.transaction(async (tx) => {
      if (!(await insertPayoutAccount(tx, { userId: viewer.userId, provider: ctx.payouts.kind, providerAccountId: made.id }))) return;
      await recordAudit(tx, { actorUserId: viewer.userId, action: 'payout_account.created', targetType: 'user', targetId: viewer.userId, details: { provider: ctx.payouts.kind, account: made.id }, ipAddress });
    });
    row = (await findPayoutAccount(ctx.db, viewer.userId))!;
  }
  return ctx.payouts.onboardingLink({ accountId: row.providerAccountId, returnUrl: back, refreshUrl: refresh.toString() });
}
