import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { sandboxObjects } from '../../../db/schema/index.ts';
import { PayoutRejectedError, type CreatePayoutAccountInput, type OnboardingLinkInput, type PayoutProvider, type ProviderPayoutAccount, type TransferInput } from '../payout-provider.ts';

/**
 * The sandbox's stand-in for Stripe Connect (decision 0053): accounts, onboarding links and transfers kept in
 * `sandbox_objects`, and Crate's own onboarding page (sandbox-routes.ts) where a payee enters a name and a
 * pretend bank account — or asks for an account whose transfers are rejected, to see a failed payout.
 */

export interface SandboxPayoutAccount extends ProviderPayoutAccount {
  email: string;
  userId: string;
  holderName: string | null;
  bankLast4: string | null;
  /** Every transfer to it is refused, as a closed bank account's would be. */
  rejectTransfers: boolean;
}

export interface SandboxAccountLink {
  id: string;
  accountId: string;
  returnUrl: string;
  refreshUrl: string;
  expiresAt: string;
  usedAt: string | null;
}

interface SandboxTransfer {
  id: string;
  amount: number;
  currency: string;
  destination: string;
  description: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
  created: string;
}

/** What the onboarding form sends. */
export interface SandboxOnboardingForm {
  name: string;
  routing: string;
  account: string;
  reject: boolean;
}

/** How long an onboarding link can be opened (Stripe's are minutes too). */
const LINK_LIFETIME_MS = 30 * 60 * 1000;
const newId = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString('base64url')}`;

/** What an idempotency key answered the first time: a transfer, or the refusal (as Stripe replays a 400). */
type TransferOutcome = { transferId: string } | { rejected: { code: string; message: string } };

export class SandboxPayoutProvider implements PayoutProvider {
  readonly kind = 'sandbox' as const;
  readonly #db: Db;
  readonly #publicUrl: string;

  constructor(options: { db: Db; publicUrl: string }) {
    this.#db = options.db;
    this.#publicUrl = options.publicUrl;
  }

  async #get<T>(db: DbOrTx, type: string, id: string, lock = false): Promise<T | null> {
    const query = db.select({ data: sandboxObjects.data }).from(sandboxObjects).where(and(eq(sandboxObjects.id, id), eq(sandboxObjects.type, type)));
    const [row] = lock ? await query.for('update') : await query;
    return row ? (row.data as T) : null;
  }

  async #put(db: DbOrTx, type: string, id: string, data: object): Promise<void> {
    await db
      .insert(sandboxObjects)
      .values({ id, type, data: data as Record<string, unknown> })
      .onConflictDoUpdate({ target: sandboxObjects.id, set: { data: data as Record<string, unknown>, updatedAt: sql`now()` } });
  }

  /** Takes an idempotency key for this transaction's work; false when it was taken before (its first answer stands). */
  async #claimKey(tx: DbOrTx, id: string): Promise<boolean> {
    const inserted = await tx.insert(sandboxObjects).values({ id, type: 'idempotency', data: {} }).onConflictDoNothing({ target: sandboxObjects.id }).returning({ id: sandboxObjects.id });
    return inserted.length > 0;
  }

  async createAccount(input: CreatePayoutAccountInput): Promise<{ id: string }> {
    return this.#db.transaction(async (tx) => {
      const key = `idem_payout_account_${input.idempotencyKey}`;
      if (!(await this.#claimKey(tx, key))) return (await this.#get<{ id: string }>(tx, 'idempotency', key))!;
      const account: SandboxPayoutAccount = { id: newId('acct'), email: input.email, userId: input.userId, payoutsEnabled: false, detailsSubmitted: false, holderName: null, bankLast4: null, rejectTransfers: false };
      await this.#put(tx, 'payout_account', account.id, account);
      await this.#put(tx, 'idempotency', key, { id: account.id });
      return { id: account.id };
    });
  }

  async onboardingLink(input: OnboardingLinkInput): Promise<{ url: string }> {
    if (!(await this.#get(this.#db, 'payout_account', input.accountId))) throw new PayoutRejectedError('resource_missing', `No such account: '${input.accountId}'`);
    const link: SandboxAccountLink = { id: newId('al'), accountId: input.accountId, returnUrl: input.returnUrl, refreshUrl: input.refreshUrl, expiresAt: new Date(Date.now() + LINK_LIFETIME_MS).toISOString(), usedAt: null };
    await this.#put(this.#db, 'account_link', link.id, link);
    return { url: `${this.#publicUrl}/sandbox/onboarding/${link.id}` };
  }

  async retrieveAccount(accountId: string): Promise<SandboxPayoutAccount> {
    const account = await this.#get<SandboxPayoutAccount>(this.#db, 'payout_account', accountId);
    if (!account) throw new PayoutRejectedError('resource_missing', `No such account: '${accountId}'`);
    return account;
  }

  async transfer(input: TransferInput): Promise<{ transferId: string }> {
    const outcome = await this.#db.transaction(async (tx): Promise<TransferOutcome> => {
      const key = `idem_transfer_${input.idempotencyKey}`;
      // Two calls with one key at once: the second waits on the first's row, then answers what it answered.
      if (!(await this.#claimKey(tx, key))) return (await this.#get<TransferOutcome>(tx, 'idempotency', key))!;
      const refuse = async (code: string, message: string): Promise<TransferOutcome> => {
        const rejected = { rejected: { code, message } };
        await this.#put(tx, 'idempotency', key, rejected);
        return rejected;
      };
      if (!Number.isInteger(input.amount) || input.amount <= 0) return refuse('amount_invalid', `A transfer is a positive whole number of cents, not ${input.amount}`);
      const account = await this.#get<SandboxPayoutAccount>(tx, 'payout_account', input.destinationAccountId);
      if (!account) return refuse('resource_missing', `No such destination: '${input.destinationAccountId}'`);
      if (!account.payoutsEnabled) return refuse('account_not_enabled', 'The destination account has not finished onboarding; it cannot receive transfers yet.');
      if (account.rejectTransfers) return refuse('account_closed', `The bank account ending ${account.bankLast4 ?? '0000'} was closed; the payee must connect another one.`);
      const transfer: SandboxTransfer = {
        id: newId('tr'),
        amount: input.amount,
        currency: input.currency,
        destination: account.id,
        description: input.description,
        idempotencyKey: input.idempotencyKey,
        metadata: input.metadata ?? {},
        created: new Date().toISOString(),
      };
      await this.#put(tx, 'transfer', transfer.id, transfer);
      await this.#put(tx, 'idempotency', key, { transferId: transfer.id });
      return { transferId: transfer.id };
    });
    if ('rejected' in outcome) throw new PayoutRejectedError(outcome.rejected.code, outcome.rejected.message);
    return outcome;
  }

  // ── the onboarding page's actions ──

  /** The link and its account, when the id is of the sandbox's shape and names one (else null). */
  async onboarding(linkId: string): Promise<{ link: SandboxAccountLink; account: SandboxPayoutAccount } | null> {
    if (!/^al_sbx_[A-Za-z0-9_-]{1,64}$/.test(linkId)) return null;
    const link = await this.#get<SandboxAccountLink>(this.#db, 'account_link', linkId);
    const account = link ? await this.#get<SandboxPayoutAccount>(this.#db, 'payout_account', link.accountId) : null;
    return link && account ? { link, account } : null;
  }

  /** A link is good once, for a while: after that it sends the payee to its refresh URL, as Stripe's do. */
  usable(link: SandboxAccountLink): boolean {
    return link.usedAt === null && new Date(link.expiresAt) > new Date();
  }

  /**
   * The payee submits the form: the account can be paid from now on (or, asked for, refuses every transfer).
   * Answers where to send them (the return URL; the refresh URL for a spent link) or what to correct.
   */
  async submitOnboarding(linkId: string, form: SandboxOnboardingForm): Promise<{ redirect: string } | { error: string; field: string }> {
    const name = form.name.trim();
    if (name.length === 0 || name.length > 100) return { error: 'Enter the account holder’s name (at most 100 characters).', field: 'name' };
    if (!/^\d{9}$/.test(form.routing)) return { error: 'A routing number is 9 digits (try 110000000).', field: 'routing' };
    if (!/^\d{4,17}$/.test(form.account)) return { error: 'An account number is 4 to 17 digits (try 000123456789).', field: 'account' };
    return this.#db.transaction(async (tx) => {
      const link = await this.#get<SandboxAccountLink>(tx, 'account_link', linkId, true);
      if (!link) return { error: 'There is no such onboarding link.', field: 'name' };
      if (!this.usable(link)) return { redirect: link.refreshUrl };
      const account = (await this.#get<SandboxPayoutAccount>(tx, 'payout_account', link.accountId, true))!;
      await this.#put(tx, 'payout_account', account.id, { ...account, payoutsEnabled: true, detailsSubmitted: true, holderName: name, bankLast4: form.account.slice(-4), rejectTransfers: form.reject });
      await this.#put(tx, 'account_link', link.id, { ...link, usedAt: new Date().toISOString() });
      return { redirect: link.returnUrl };
    });
  }
}
