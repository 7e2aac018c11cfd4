import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AdminAffiliate, AdminAffiliateRow, MyAffiliate, ReferralClickResult } from '@crate/contract/affiliates';
import { MAX_AFFILIATE_CODES } from '@crate/contract/payout-enums';
import {
  affiliateClickDays,
  affiliateCommissions,
  affiliateReferrals,
  auditLog,
  monthlyPayouts,
  paymentReceipts,
  payoutLines,
  users,
} from '../src/db/schema/index.ts';
import { call, cookieFrom } from './auth-helpers.ts';
import { createUser, type TestUser } from './factories.ts';
import { ManualClock } from './manual-clock.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

const DAY = 24 * 60 * 60 * 1000;

describe(`the affiliate programme on ${TEST_DB}`, () => {
  let t: TestApp;
  let clock: ManualClock;
  let admin: TestUser;
  let ada: TestUser;
  let bo: TestUser;
  let subscriber: TestUser;

  const as = (user: TestUser | null) => ({ cookie: user?.cookie });
  const setTerms = (user: TestUser, body: unknown, by: TestUser = admin) => call(t, 'PUT', `/api/admin/users/${user.id}/affiliate`, body, as(by));
  const mine = async (user: TestUser): Promise<MyAffiliate> => {
    const res = await call(t, 'GET', '/api/affiliate', undefined, as(user));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as MyAffiliate;
  };
  const click = (code: unknown, url = '/api/referrals/click') => call(t, 'POST', url, { code });
  const tokenFor = async (code: string): Promise<string> => {
    const res = await click(code);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as ReferralClickResult).token;
  };
  const register = async (email: string, referralToken?: unknown, name = 'Referred Person') => {
    const res = await call(t, 'POST', '/api/auth/register', { email, password: 'correct-horse-battery', display_name: name, ...(referralToken === undefined ? {} : { referral_token: referralToken }) });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
    return { id: row!.id, cookie: cookieFrom(res) };
  };
  const referralOf = async (userId: string) => (await t.ctx.db.select().from(affiliateReferrals).where(eq(affiliateReferrals.referredUserId, userId)))[0] ?? null;
  const codeFigures = async (user: TestUser, code: string) => (await mine(user)).codes.find((c) => c.code === code)!;

  beforeAll(async () => {
    t = await createTestApp();
    clock = new ManualClock('2026-11-27T09:15:00.000Z');
    t.ctx.clock = clock;
    admin = await createUser(t.ctx, { roles: ['admin'], name: 'Root Admin' });
    ada = await createUser(t.ctx, { name: 'Ada Lovelace', email: 'ada.lovelace@gmail.com' });
    bo = await createUser(t.ctx, { name: 'Bo Sounds' });
    subscriber = await createUser(t.ctx, { roles: ['subscriber'], name: 'Ada Lovelace' });
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('admins make someone an affiliate', () => {
    it('refuses terms out of bounds, naming the field', async () => {
      for (const [body, field] of [
        [{ commission_bps: 50, commission_months: 12 }, 'commission_bps'],
        [{ commission_bps: 9001, commission_months: 12 }, 'commission_bps'],
        [{ commission_bps: 2000.5, commission_months: 12 }, 'commission_bps'],
        [{ commission_bps: 2000, commission_months: 0 }, 'commission_months'],
        [{ commission_bps: 2000, commission_months: 37 }, 'commission_months'],
        [{ commission_bps: 2000 }, 'commission_months'],
      ] as const) {
        const res = await setTerms(ada, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error.field).toBe(field);
      }
      expect((await setTerms(ada, { commission_bps: 2000, commission_months: 12 }, subscriber)).statusCode).toBe(403);
      expect((await call(t, 'GET', `/api/admin/users/${ada.id}/affiliate`, undefined, as(admin))).json()).toEqual({ user_id: ada.id, has_role: false, affiliate: null });
    });

    it('creates the terms, grants the role (audited) and gives a first code made from the name', async () => {
      const res = await setTerms(ada, { commission_bps: 2500, commission_months: 12 });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json() as AdminAffiliate;
      expect(answer.has_role).toBe(true);
      expect(answer.affiliate).toMatchObject({ commission_bps: 2500, commission_months: 12 });
      expect(answer.affiliate!.codes.map((c) => [c.code, c.link, c.retired_at])).toEqual([['ada-lovelace', `${t.ctx.config.publicUrl}/r/ada-lovelace`, null]]);
      const audits = await t.ctx.db.select({ action: auditLog.action, details: auditLog.details }).from(auditLog).where(eq(auditLog.targetId, ada.id));
      expect(audits.find((a) => a.action === 'user.roles_changed')?.details).toMatchObject({ added: ['affiliate'] });
      expect(audits.find((a) => a.action === 'affiliate.created')?.details).toMatchObject({ after: { commission_bps: 2500, commission_months: 12 }, first_code: 'ada-lovelace' });
    });

    it('changes the terms without another code; a second person of the same name gets a code of their own', async () => {
      const changed = (await setTerms(ada, { commission_bps: 3000, commission_months: 6 })).json() as AdminAffiliate;
      expect(changed.affiliate).toMatchObject({ commission_bps: 3000, commission_months: 6 });
      expect(changed.affiliate!.codes).toHaveLength(1);
      const namesake = (await setTerms(subscriber, { commission_bps: 1000, commission_months: 3 })).json() as AdminAffiliate;
      expect(namesake.affiliate!.codes.map((c) => c.code)).toEqual(['ada-lovelace-2']);
      expect((await setTerms(bo, { commission_bps: 1000, commission_months: 12 })).statusCode).toBe(200);
    });
  });

  describe('codes', () => {
    it('adds a chosen code with a label, refuses a taken or malformed one', async () => {
      const res = await call(t, 'POST', '/api/affiliate/codes', { code: ' Summer-Promo ', label: 'Newsletter' }, as(ada));
      expect(res.statusCode, res.body).toBe(201);
      expect((res.json() as MyAffiliate).codes.find((c) => c.code === 'summer-promo')).toMatchObject({ label: 'Newsletter', retired_at: null });
      const taken = await call(t, 'POST', '/api/affiliate/codes', { code: 'summer-promo' }, as(bo));
      expect([taken.statusCode, taken.json().error.field]).toEqual([409, 'code']);
      for (const code of ['-x', 'ab', 'has space', 'ünïcode', 'a'.repeat(33)]) {
        const bad = await call(t, 'POST', '/api/affiliate/codes', { code }, as(ada));
        expect([bad.statusCode, bad.json().error.field], code).toEqual([400, 'code']);
      }
    });

    it(`keeps at most ${MAX_AFFILIATE_CODES} live codes; a retired one makes room and stops counting`, async () => {
      const live = (await mine(bo)).codes.filter((c) => c.retired_at === null).length;
      for (let i = live; i < MAX_AFFILIATE_CODES; i += 1) expect((await call(t, 'POST', '/api/affiliate/codes', { code: `bo-${i}` }, as(bo))).statusCode).toBe(201);
      const over = await call(t, 'POST', '/api/affiliate/codes', {}, as(bo));
      expect([over.statusCode, over.json().error.field]).toEqual([409, 'code']);
      const retired = await call(t, 'DELETE', '/api/affiliate/codes/bo-1', undefined, as(bo));
      expect(retired.statusCode).toBe(200);
      expect((retired.json() as MyAffiliate).codes.find((c) => c.code === 'bo-1')!.retired_at).not.toBeNull();
      const made = await call(t, 'POST', '/api/affiliate/codes', { label: 'From my name' }, as(bo));
      expect(made.statusCode, made.body).toBe(201);
      expect((made.json() as MyAffiliate).codes.filter((c) => c.retired_at === null)).toHaveLength(MAX_AFFILIATE_CODES);
    });

    it("never retires another affiliate's code", async () => {
      const res = await call(t, 'DELETE', '/api/affiliate/codes/ada-lovelace', undefined, as(bo));
      expect(res.statusCode).toBe(404);
      expect((await codeFigures(ada, 'ada-lovelace')).retired_at).toBeNull();
    });

    it('tells an account outside the programme so, and keeps others out', async () => {
      const res = await call(t, 'GET', '/api/affiliate', undefined, as(admin));
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toMatch(/not in the affiliate programme/);
      const outsider = await createUser(t.ctx, { roles: ['subscriber'] });
      expect((await call(t, 'GET', '/api/affiliate', undefined, as(outsider))).statusCode).toBe(403);
      expect((await call(t, 'GET', '/api/affiliate', undefined, {})).statusCode).toBe(401);
    });
  });

  describe('clicks', () => {
    it('counts a click per code per UTC day and answers a token for the window', async () => {
      const before = await codeFigures(ada, 'ada-lovelace');
      const res = await click('ADA-Lovelace');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ code: 'ada-lovelace', expires_at: new Date(clock.now().getTime() + 30 * DAY).toISOString() });
      await click('ada-lovelace');
      const after = await codeFigures(ada, 'ada-lovelace');
      expect([after.clicks_30d, after.clicks_total]).toEqual([before.clicks_30d + 2, before.clicks_total + 2]);
      const rows = await t.ctx.db.select().from(affiliateClickDays).where(eq(affiliateClickDays.code, 'ada-lovelace'));
      expect(rows).toEqual([{ code: 'ada-lovelace', day: '2026-11-27', clicks: after.clicks_total }]);
    });

    it('refuses unknown, retired, malformed and over-long codes clearly and counts none of them', async () => {
      const before = (await mine(bo)).totals.clicks_total;
      const unknown = await click('nobody-has-this');
      expect([unknown.statusCode, unknown.json().error.field, unknown.json().error.message]).toEqual([404, 'code', 'That referral code is not in use.']);
      expect((await click('bo-1')).statusCode).toBe(404);
      for (const bad of ['x', '-bo-2', 'bo 2', 42, null, 'b'.repeat(10_000)]) {
        const res = await click(bad);
        expect(res.statusCode, String(bad).slice(0, 20)).toBe(400);
        expect(res.json().error.field).toBe('code');
      }
      const longQuery = await click('bo-2', `/api/referrals/click?ref=${'r'.repeat(10_000)}`);
      expect(longQuery.statusCode).toBeLessThan(500);
      expect((await mine(bo)).totals.clicks_total).toBe(before + (longQuery.statusCode === 200 ? 1 : 0));
    });

    it('shows the last 30 days apart from all time', async () => {
      await t.ctx.db.insert(affiliateClickDays).values([
        { code: 'summer-promo', day: '2026-10-29', clicks: 5 },
        { code: 'summer-promo', day: '2026-10-28', clicks: 7 },
      ]);
      expect(await codeFigures(ada, 'summer-promo')).toMatchObject({ clicks_30d: 5, clicks_total: 12 });
    });
  });

  describe('attribution at registration', () => {
    it('attributes a registration carrying a valid token to the code clicked', async () => {
      const clickedAt = clock.now();
      const token = await tokenFor('summer-promo');
      clock.advance(2 * DAY);
      const referred = await register(`referred-${randomUUID().slice(0, 6)}@example.test`, token);
      expect(await referralOf(referred.id)).toMatchObject({ affiliateUserId: ada.id, code: 'summer-promo', status: 'active', refusedReason: null, clickedAt });
      expect(await codeFigures(ada, 'summer-promo')).toMatchObject({ signups: 1, paying: 0 });
    });

    it('keeps the newest token the browser sends: the last click wins', async () => {
      await tokenFor('ada-lovelace');
      const newest = await tokenFor('bo-2');
      const referred = await register(`last-click-${randomUUID().slice(0, 6)}@example.test`, newest);
      expect(await referralOf(referred.id)).toMatchObject({ affiliateUserId: bo.id, code: 'bo-2' });
    });

    it('ignores a token after the window, a tampered one and garbage: the account is made all the same', async () => {
      const old = await tokenFor('ada-lovelace');
      const [code, ms, sig] = old.split('.');
      const tampered = [`bo-2.${ms}.${sig}`, `${code}.${Number(ms) + 1}.${sig}`, `${code}.${ms}.${sig!.slice(0, -2)}AA`, 'garbage', 'x'.repeat(5000), 12];
      for (const token of tampered) expect(await referralOf((await register(`tampered-${randomUUID().slice(0, 6)}@example.test`, token)).id)).toBeNull();
      clock.advance(30 * DAY + 60_000);
      expect(await referralOf((await register(`late-${randomUUID().slice(0, 6)}@example.test`, old)).id)).toBeNull();
    });

    it("refuses the affiliate's own e-mail (normalised): kept for the admin, never counted as a sign-up", async () => {
      const before = await codeFigures(ada, 'ada-lovelace');
      const token = await tokenFor('ada-lovelace');
      const self = await register('Ada.Lovelace+second@googlemail.com', token);
      expect(await referralOf(self.id)).toMatchObject({ affiliateUserId: ada.id, status: 'refused', refusedReason: 'same_email' });
      expect((await codeFigures(ada, 'ada-lovelace')).signups).toBe(before.signups);
    });

    it('stops attributing once the affiliate role is taken away', async () => {
      const token = await tokenFor('ada-lovelace-2');
      const roles = await call(t, 'PUT', `/api/admin/users/${subscriber.id}/roles`, { roles: ['subscriber'] }, as(admin));
      expect(roles.statusCode, roles.body).toBe(200);
      expect((await click('ada-lovelace-2')).statusCode).toBe(404);
      expect(await referralOf((await register(`after-role-${randomUUID().slice(0, 6)}@example.test`, token)).id)).toBeNull();
      expect(((await call(t, 'GET', `/api/admin/users/${subscriber.id}/affiliate`, undefined, as(admin))).json() as AdminAffiliate).has_role).toBe(false);
    });
  });

  describe('figures and commission statuses', () => {
    const referredName = 'Secret Referred Name';
    let referredEmail: string;

    beforeAll(async () => {
      referredEmail = `paying-${randomUUID().slice(0, 6)}@example.test`;
      const token = await tokenFor('ada-lovelace');
      const referred = await register(referredEmail, token, referredName);
      const referral = (await referralOf(referred.id))!;
      await t.ctx.db.update(affiliateReferrals).set({ convertedAt: new Date('2026-08-03T00:00:00Z'), commissionUntil: new Date('2027-02-03T00:00:00Z') }).where(eq(affiliateReferrals.id, referral.id));
      const [aug, sep, oct] = await t.ctx.db
        .insert(monthlyPayouts)
        .values([
          { month: '2026-08-01', status: 'paid' },
          { month: '2026-09-01', status: 'paid' },
          { month: '2026-10-01', status: 'approved' },
          { month: '2026-11-01', status: 'draft' },
        ])
        .returning();
      // August's affiliate line was under the minimum and carried into September's, which was paid; October's waits.
      await t.ctx.db.insert(payoutLines).values([
        { payoutId: aug!.id, payeeUserId: ada.id, kind: 'affiliate', commissionCents: 500, amountCents: 500, status: 'carried', carryReason: 'below_minimum' },
        { payoutId: sep!.id, payeeUserId: ada.id, kind: 'affiliate', commissionCents: 1100, carriedInCents: 500, amountCents: 1600, status: 'paid' },
        { payoutId: oct!.id, payeeUserId: ada.id, kind: 'affiliate', commissionCents: 700, amountCents: 700, status: 'pending' },
        // A creator's line of October paid to the same person is not an affiliate line.
        { payoutId: oct!.id, payeeUserId: ada.id, kind: 'creator', amountCents: 9000, status: 'paid' },
      ]);
      const payment = async (month: string, amount: number, status: 'paid' | 'refunded' | 'disputed' = 'paid') => {
        const [receipt] = await t.ctx.db
          .insert(paymentReceipts)
          .values({ userId: referred.id, provider: 'sandbox', providerRef: `inv-${randomUUID()}`, description: 'Plan', kind: 'plan', amount: amount * 4, currency: 'usd', status })
          .returning();
        await t.ctx.db.insert(affiliateCommissions).values({ affiliateUserId: ada.id, referralId: referral.id, receiptId: receipt!.id, month, bps: 2500, amountCents: amount, currency: 'usd' });
      };
      await payment('2026-08-01', 500);
      await payment('2026-09-01', 800);
      await payment('2026-09-01', 300, 'refunded');
      await payment('2026-10-01', 700);
      await payment('2026-10-01', 200, 'disputed');
      await payment('2026-11-01', 400);
      await payment('2026-12-01', 100);
    });

    it('shows commission by month: pending, payable, paid (carried lines included) and reversed', async () => {
      const { months, totals } = await mine(ada);
      expect(months).toEqual([
        { month: '2026-12-01', currency: 'usd', payments: 1, pending_cents: 100, payable_cents: 0, paid_cents: 0, reversed_cents: 0 },
        { month: '2026-11-01', currency: 'usd', payments: 1, pending_cents: 400, payable_cents: 0, paid_cents: 0, reversed_cents: 0 },
        { month: '2026-10-01', currency: 'usd', payments: 2, pending_cents: 0, payable_cents: 700, paid_cents: 0, reversed_cents: 200 },
        { month: '2026-09-01', currency: 'usd', payments: 2, pending_cents: 0, payable_cents: 0, paid_cents: 800, reversed_cents: 300 },
        { month: '2026-08-01', currency: 'usd', payments: 1, pending_cents: 0, payable_cents: 0, paid_cents: 500, reversed_cents: 0 },
      ]);
      expect(totals.paying).toBe(1);
    });

    it('answers the same months as CSV', async () => {
      const res = await call(t, 'GET', '/api/affiliate/months.csv', undefined, as(ada));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.body.split('\r\n').slice(0, 4)).toEqual(['month,currency,payments,pending,payable,paid,reversed', '2026-12,USD,1,1.00,0.00,0.00,0.00', '2026-11,USD,1,4.00,0.00,0.00,0.00', '2026-10,USD,2,0.00,7.00,0.00,2.00']);
    });

    it("shows admins every affiliate's figures, newest first, a page at a time", async () => {
      const first = await call(t, 'GET', '/api/admin/affiliates?limit=2', undefined, as(admin));
      expect(first.statusCode, first.body).toBe(200);
      const page = first.json() as { items: AdminAffiliateRow[]; next_cursor: string | null };
      expect(page.items.map((r) => r.user_id)).toEqual([bo.id, subscriber.id]);
      const rest = (await call(t, 'GET', `/api/admin/affiliates?limit=2&cursor=${encodeURIComponent(page.next_cursor!)}`, undefined, as(admin))).json() as { items: AdminAffiliateRow[]; next_cursor: string | null };
      expect(rest.next_cursor).toBeNull();
      const row = rest.items.find((r) => r.user_id === ada.id)!;
      const own = await mine(ada);
      expect(row).toMatchObject({
        display_name: 'Ada Lovelace',
        has_role: true,
        commission_bps: 3000,
        commission_months: 6,
        live_codes: 2,
        clicks: own.totals.clicks_total,
        signups: 2,
        refused: 1,
        paying: 1,
        pending_cents: 500,
        payable_cents: 700,
        paid_cents: 1300,
      });
      expect(page.items.find((r) => r.user_id === subscriber.id)!.has_role).toBe(false);
      expect((await call(t, 'GET', '/api/admin/affiliates', undefined, as(ada))).statusCode).toBe(403);
      expect((await call(t, 'GET', '/api/admin/affiliates?cursor=nonsense', undefined, as(admin))).statusCode).toBe(400);
    });

    it("never names a referred user in any answer, and shows an affiliate only their own", async () => {
      const answers = [
        (await call(t, 'GET', '/api/affiliate', undefined, as(ada))).body,
        (await call(t, 'GET', '/api/affiliate/months.csv', undefined, as(ada))).body,
        (await call(t, 'GET', '/api/admin/affiliates?limit=100', undefined, as(admin))).body,
        (await call(t, 'GET', `/api/admin/users/${ada.id}/affiliate`, undefined, as(admin))).body,
      ];
      for (const body of answers) {
        expect(body).not.toContain(referredEmail);
        expect(body).not.toContain(referredName);
      }
      const bos = await mine(bo);
      expect(bos.codes.every((c) => c.code.startsWith('bo'))).toBe(true);
      expect(bos.months).toEqual([]);
      const stillLive = await t.ctx.db.select().from(affiliateClickDays).where(and(eq(affiliateClickDays.code, 'bo-1')));
      expect(stillLive).toEqual([]);
    });
  });
});
