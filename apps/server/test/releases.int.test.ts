import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LICENCE_TERMS_VERSION } from '@crate/contract/commerce';
import type { Release, ReleaseList, ReleaseProposal, SplitSheet } from '@crate/contract/releases';
import { items as itemsTable, releaseEvents, releases, revenueSplits, revenueSplitShares } from '../src/db/schema/index.ts';
import { recordOwnership } from '../src/features/ownership/acquisition-repository.ts';
import { sendReleaseReminders } from '../src/features/releases/release-service.ts';
import { call, mailsTo } from './auth-helpers.ts';
import { addCollaborator, createCreator, createItems, createPack } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { ManualClock } from './manual-clock.ts';
import { pdfText } from './pdf-text.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

type Item = typeof itemsTable.$inferSelect;
const DAY_MS = 86_400_000;

describe(`releases and split sheets on ${TEST_DB}`, () => {
  let t: TestApp;
  let clock: ManualClock;
  let producer: TestUser;
  let alice: TestUser;
  let carl: TestUser;
  let bea: TestUser;
  let outsider: TestUser;
  let otherCreator: TestUser;
  let aliceLoop: Item;
  let aliceRoyaltyA: Item;
  let aliceFree: Item;
  let aliceNotOwned: Item;
  let beaHit: Item;

  beforeAll(async () => {
    t = await createTestApp();
    clock = new ManualClock('2026-11-27T09:00:00.000Z');
    t.ctx.clock = clock;
    producer = await createUser(t.ctx, { roles: ['subscriber'], name: 'Paula Producer' });
    alice = await createUser(t.ctx, { roles: ['creator'], name: 'Alice Writer' });
    carl = await createUser(t.ctx, { roles: ['collaborator'], name: 'Carl Collab' });
    bea = await createUser(t.ctx, { roles: ['creator'], name: 'Bea Beats' });
    outsider = await createUser(t.ctx, { roles: ['subscriber'], name: 'Otto Outsider' });
    otherCreator = await createUser(t.ctx, { roles: ['creator'], name: 'Olga Other' });
    await createCreator(t.ctx, otherCreator.id);
    const dusty = await createCreator(t.ctx, alice.id, { name: 'Dusty Tapes' });
    await addCollaborator(t.ctx, dusty.id, carl.id);
    const night = await createCreator(t.ctx, bea.id, { name: 'Night Shift' });
    const alicePack = await createPack(t.ctx, dusty.id, { title: 'Dusty Loops' });
    [aliceLoop, aliceRoyaltyA, aliceFree, aliceNotOwned] = await Promise.all([
      createItems(t.ctx, alicePack, 1, { name: 'Warm Keys Loop', kind: 'Loop', licenceType: 'Dynamic Splits' }).then((r) => r[0]!),
      createItems(t.ctx, alicePack, 1, { name: 'Hook Vocal', licenceType: 'Royalty A' }).then((r) => r[0]!),
      createItems(t.ctx, alicePack, 1, { name: 'Free Kick', licenceType: 'Royalty-Free' }).then((r) => r[0]!),
      createItems(t.ctx, alicePack, 1, { name: 'Unbought Loop', licenceType: 'Dynamic Splits' }).then((r) => r[0]!),
    ]);
    // Alice shares Dusty Loops with Carl: 70 / 30 (decision 0052).
    const [split] = await t.ctx.db.insert(revenueSplits).values({ creatorId: dusty.id, packId: alicePack.id, effectiveMonth: '2000-01-01' }).returning();
    await t.ctx.db.insert(revenueSplitShares).values([
      { splitId: split!.id, userId: alice.id, bps: 7000 },
      { splitId: split!.id, userId: carl.id, bps: 3000 },
    ]);
    const beaPack = await createPack(t.ctx, night.id, { title: 'Night Drums' });
    beaHit = (await createItems(t.ctx, beaPack, 1, { name: 'Snare Hit', licenceType: 'Dynamic Splits' }))[0]!;
    const owned = (item: Item, creatorName: string) => ({ id: item.id, cost: 1, licenceType: item.licenceType, creatorName });
    await recordOwnership(t.ctx.db, {
      userId: producer.id,
      items: [owned(aliceLoop, 'Dusty Tapes'), owned(aliceRoyaltyA, 'Dusty Tapes'), owned(aliceFree, 'Dusty Tapes'), owned(beaHit, 'Night Shift')],
      termsVersion: LICENCE_TERMS_VERSION,
      paid: { source: 'free' },
    });
  }, 120_000);
  afterAll(() => t.close());

  const post = (user: TestUser | null, url: string, body?: unknown) => call(t, 'POST', url, body, user ? { cookie: user.cookie } : {});
  const get = (user: TestUser | null, url: string) => call(t, 'GET', url, undefined, user ? { cookie: user.cookie } : {});
  const SOUNDS = () => [
    { item_id: aliceLoop.id, prominence: 'lead' },
    { item_id: beaHit.id, prominence: 'background' },
  ];
  const registration = (overrides: Record<string, unknown> = {}) => ({
    title: 'Midnight Drive',
    artists: ['Paula Producer', 'MC Guest'],
    release_date: '2027-01-15',
    label: null,
    isrc: 'gb-xyz-25-00012',
    upc: '036000291452',
    sounds: SOUNDS(),
    shares: [
      { user_id: producer.id, bps: 4000 },
      { user_id: alice.id, bps: 3500 },
      { user_id: carl.id, bps: 1500 },
      { user_id: bea.id, bps: 1000 },
    ],
    ...overrides,
  });
  const register = async (overrides: Record<string, unknown> = {}): Promise<Release> => {
    const res = await post(producer, '/api/releases', registration(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Release;
  };
  const answer = (user: TestUser, id: string, body: unknown = { answer: 'accept' }) => post(user, `/api/releases/${id}/answer`, body);
  const releaseCount = async () => (await t.ctx.db.select({ n: count() }).from(releases))[0]!.n;
  const eventsOf = async (id: string) => (await t.ctx.db.select().from(releaseEvents).where(eq(releaseEvents.releaseId, id))).map((e) => e.kind);

  it('proposes shares from the licence table: the collaborator shares the creator’s part by the pack’s split', async () => {
    const res = await post(producer, '/api/releases/proposal', { sounds: SOUNDS() });
    expect(res.statusCode, res.body).toBe(200);
    const { shares } = res.json() as ReleaseProposal;
    expect(shares.map((s) => [s.name, s.role, s.for_creator, s.bps])).toEqual([
      ['Paula Producer', 'producer', null, 4000],
      ['Alice Writer', 'creator', 'Dusty Tapes', 3500],
      ['Carl Collab', 'collaborator', 'Dusty Tapes', 1500],
      ['Bea Beats', 'creator', 'Night Shift', 1000],
    ]);
    expect(res.body).not.toContain('@');
  });

  it('counter, accept the counter, accept: agreed with a split sheet every writer downloads and anyone verifies, without an e-mail', async () => {
    const release = await register();
    expect(release).toMatchObject({ status: 'proposed', isrc: 'GBXYZ2500012', upc: '036000291452', label: null, split_sheet_number: null, abilities: { answer: false, decide: true } });
    expect(release.parties.map((p) => [p.name, p.status])).toEqual([
      ['Paula Producer', 'accepted'],
      ['Alice Writer', 'pending'],
      ['Carl Collab', 'pending'],
      ['Bea Beats', 'pending'],
    ]);
    for (const user of [alice, carl, bea]) {
      const mails = await mailsTo(t, user.email);
      expect(mails.at(-1)?.subject).toBe('Paula Producer released “Midnight Drive” with your sound');
    }
    expect((await mailsTo(t, carl.email)).at(-1)?.text).toContain('15.00 %');

    // Carl and Alice see the request on /creator; Alice may answer it.
    const requests = (await get(alice, '/api/creator/releases')).json() as ReleaseList;
    expect(requests.releases.find((r) => r.id === release.id)?.abilities).toEqual({ answer: true, decide: false });
    expect(((await get(carl, '/api/creator/releases')).json() as ReleaseList).releases.map((r) => r.id)).toContain(release.id);

    expect((await answer(alice, release.id)).statusCode).toBe(200);
    const twice = await answer(alice, release.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('You already accepted your share of this release.');

    const counter = await answer(carl, release.id, { answer: 'counter', bps: 2000, note: 'I played the chords on that loop.' });
    expect(counter.statusCode, counter.body).toBe(200);
    expect((counter.json() as Release).parties.find((p) => p.name === 'Carl Collab')).toMatchObject({ status: 'countered', counter_bps: 2000, counter_note: 'I played the chords on that loop.', bps: 1500 });
    expect((await mailsTo(t, producer.email)).at(-1)?.subject).toBe('Carl Collab counter-proposed their share of “Midnight Drive”');
    expect((await answer(carl, release.id)).statusCode).toBe(409);

    const accepted = await post(producer, `/api/releases/${release.id}/counters/${carl.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((accepted.json() as Release).parties.map((p) => [p.name, p.bps, p.status])).toEqual([
      ['Paula Producer', 3500, 'accepted'],
      ['Alice Writer', 3500, 'accepted'],
      ['Carl Collab', 2000, 'accepted'],
      ['Bea Beats', 1000, 'pending'],
    ]);
    expect((await post(producer, `/api/releases/${release.id}/counters/${carl.id}/accept`)).statusCode).toBe(409);

    const last = await answer(bea, release.id);
    expect(last.statusCode, last.body).toBe(200);
    const agreed = last.json() as Release;
    expect(agreed.status).toBe('agreed');
    expect(agreed.split_sheet_number).toMatch(/^SPL-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(agreed.events.map((e) => [e.kind, e.actor_name, e.party_name])).toEqual([
      ['registered', 'Paula Producer', null],
      ['accepted', 'Alice Writer', null],
      ['countered', 'Carl Collab', null],
      ['counter_accepted', 'Paula Producer', 'Carl Collab'],
      ['accepted', 'Bea Beats', null],
      ['agreed', null, null],
    ]);
    const number = agreed.split_sheet_number!;
    for (const user of [producer, alice, carl, bea]) expect((await mailsTo(t, user.email)).at(-1)?.subject).toBe(`The split of “Midnight Drive” is agreed: split sheet ${number}`);

    // Anyone verifies it: names and shares adding up to 100 %, never an e-mail or a user id.
    const verified = await get(null, `/api/split-sheets/${number.toLowerCase()}`);
    expect(verified.statusCode, verified.body).toBe(200);
    const sheet = verified.json() as SplitSheet;
    expect(sheet.writers.map((w) => [w.name, w.bps])).toEqual([
      ['Paula Producer', 3500],
      ['Alice Writer', 3500],
      ['Carl Collab', 2000],
      ['Bea Beats', 1000],
    ]);
    expect(sheet.writers.reduce((sum, w) => sum + w.bps, 0)).toBe(10_000);
    expect(sheet.sounds.map((s) => [s.item_name, s.licence_type, s.prominence])).toEqual([
      ['Warm Keys Loop', 'Dynamic Splits', 'lead'],
      ['Snare Hit', 'Dynamic Splits', 'background'],
    ]);
    expect(verified.body).not.toContain('@');
    for (const user of [producer, alice, carl, bea]) expect(verified.body).not.toContain(user.id);

    // Every writer downloads the same sheet; nobody else does.
    const texts: string[] = [];
    for (const user of [producer, alice, carl, bea]) {
      const pdf = await get(user, `/api/split-sheets/${number}/pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      texts.push(pdfText(pdf.rawPayload));
    }
    expect(new Set(texts).size).toBe(1);
    for (const words of [number, 'Midnight Drive', 'GB-XYZ-25-00012', '35.00 %   Paula Producer (Producer)', '20.00 %   Carl Collab (Collaborator, Dusty Tapes)', 'Total: 100.00 %', 'Bea Beats accepted on']) expect(texts[0]).toContain(words);
    expect(texts[0]).toContain(agreed.sounds[0]!.certificate_number);
    expect(texts[0]).not.toContain('@');
    expect((await get(outsider, `/api/split-sheets/${number}/pdf`)).statusCode).toBe(404);
    expect((await get(null, `/api/split-sheets/${number}/pdf`)).statusCode).toBe(401);
    // Nothing more can be answered once agreed.
    expect((await post(producer, `/api/releases/${release.id}/withdraw`)).statusCode).toBe(409);
  });

  it('a proposed release has no split sheet to verify', async () => {
    const release = await register();
    expect(release.split_sheet_number).toBeNull();
    expect((await get(null, '/api/split-sheets/SPL-0000-0000-0000')).statusCode).toBe(404);
    expect((await get(null, '/api/split-sheets/not-a-number')).statusCode).toBe(400);
  });

  it('the producer withdraws: the writers hear of it and can no longer answer', async () => {
    const release = await register({ title: 'Withdrawn Song' });
    expect((await answer(alice, release.id)).statusCode).toBe(200);
    const res = await post(producer, `/api/releases/${release.id}/withdraw`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Release).status).toBe('withdrawn');
    expect((await mailsTo(t, bea.email)).at(-1)?.subject).toBe('“Withdrawn Song” was withdrawn');
    const late = await answer(bea, release.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('This release is already withdrawn: nothing more can be answered or changed.');
    expect((await post(producer, `/api/releases/${release.id}/withdraw`)).statusCode).toBe(409);
    expect(await eventsOf(release.id)).toEqual(['registered', 'accepted', 'withdrawn']);
  });

  it('a creator who never answers is reminded once after a week; the producer may then withdraw', async () => {
    const release = await register({ title: 'Silent Partner' });
    expect((await answer(alice, release.id)).statusCode).toBe(200);
    expect((await answer(carl, release.id)).statusCode).toBe(200);
    expect(await sendReleaseReminders(t.ctx, new Date(clock.now().getTime() + 6 * DAY_MS))).toBe(0);
    clock.advance(8 * DAY_MS);
    const sent = await sendReleaseReminders(t.ctx, clock.now());
    expect(sent).toBeGreaterThanOrEqual(1);
    expect((await mailsTo(t, bea.email)).map((m) => m.subject)).toContain('Reminder: Paula Producer is waiting for your answer on “Silent Partner”');
    expect(await sendReleaseReminders(t.ctx, clock.now())).toBe(0);
    const mine = ((await get(producer, '/api/releases')).json() as ReleaseList).releases.find((r) => r.id === release.id)!;
    expect(mine.events.at(-1)).toMatchObject({ kind: 'reminded', actor_name: null, party_name: 'Bea Beats' });
    expect(mine.parties.filter((p) => p.status === 'pending').map((p) => p.name)).toEqual(['Bea Beats']);
    expect((await post(producer, `/api/releases/${release.id}/withdraw`)).statusCode).toBe(200);
  });

  it('who may see and act on a release: its producer, each of its writers for their own share, nobody else', async () => {
    const release = await register({ title: 'Private Matter' });
    const path = `/api/releases/${release.id}`;
    // Others: the release does not exist for them.
    for (const user of [outsider, otherCreator]) {
      expect((await answer(user, release.id)).statusCode).toBe(404);
      expect((await post(user, `${path}/withdraw`)).statusCode).toBe(404);
      expect((await post(user, `${path}/counters/${alice.id}/accept`)).statusCode).toBe(404);
    }
    expect(((await get(otherCreator, '/api/creator/releases')).json() as ReleaseList).releases.map((r) => r.id)).not.toContain(release.id);
    expect(((await get(outsider, '/api/releases')).json() as ReleaseList).releases).toEqual([]);
    expect((await get(outsider, '/api/creator/releases')).statusCode).toBe(403);
    // Visitors are asked to sign in.
    expect((await answer(null as never, release.id)).statusCode).toBe(401);
    // The producer does not answer their own release; a writer does not decide it.
    expect((await answer(producer, release.id)).statusCode).toBe(403);
    expect((await post(alice, `${path}/withdraw`)).statusCode).toBe(403);
    expect((await post(carl, `${path}/counters/${carl.id}/accept`)).statusCode).toBe(403);
    expect((await post(producer, `${path}/counters/${outsider.id}/accept`)).statusCode).toBe(404);
    expect((await post(producer, `${path}/counters/${alice.id}/accept`)).statusCode).toBe(409);
    // The producer's list shows who it waits for.
    const mine = ((await get(producer, '/api/releases')).json() as ReleaseList).releases.find((r) => r.id === release.id)!;
    expect(mine.parties.filter((p) => p.status === 'pending').map((p) => p.name)).toEqual(['Alice Writer', 'Carl Collab', 'Bea Beats']);
  });

  it('two answers at once: every writer accepting together agrees the release once; one writer answering twice at once is refused once', async () => {
    const release = await register({ title: 'Race' });
    const results = await Promise.all([answer(alice, release.id), answer(carl, release.id), answer(bea, release.id), answer(bea, release.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 409]);
    expect((await eventsOf(release.id)).filter((k) => k === 'agreed')).toHaveLength(1);
    expect((await eventsOf(release.id)).filter((k) => k === 'accepted')).toHaveLength(3);
    const [row] = await t.ctx.db.select().from(releases).where(eq(releases.id, release.id));
    expect(row!.status).toBe('agreed');
  });

  it('bad input is refused with a clear error, and nothing is written', async () => {
    const before = await releaseCount();
    const refused = async (overrides: Record<string, unknown>, field: string, message: RegExp) => {
      const res = await post(producer, '/api/releases', registration(overrides));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.field).toBe(field);
      expect(res.json().error.message).toMatch(message);
    };
    await refused({ isrc: 'GB-XYZ-2025-12' }, 'isrc', /An ISRC looks like GB-XYZ-25-00012/);
    await refused({ upc: '036000291453' }, 'upc', /check digit/);
    await refused({ upc: '12345' }, 'upc', /12 digits/);
    await refused({ title: 'x'.repeat(10_000) }, 'title', /at most 200 characters/);
    await refused({ sounds: [{ item_id: aliceNotOwned.id, prominence: 'lead' }] }, 'sounds.0.item_id', /not one you own/);
    await refused({ sounds: [{ item_id: aliceFree.id, prominence: null }] }, 'sounds.0.item_id', /Royalty-Free/);
    await refused({ sounds: [{ item_id: aliceLoop.id, prominence: null }] }, 'sounds.0.prominence', /lead, supporting or background/);
    await refused({ sounds: [{ item_id: aliceRoyaltyA.id, prominence: 'lead' }] }, 'sounds.0.prominence', /Royalty A/);
    await refused({ sounds: [...SOUNDS(), SOUNDS()[0]] }, 'sounds.2.item_id', /named twice/);
    await refused(
      {
        shares: [
          { user_id: producer.id, bps: 3999 },
          { user_id: alice.id, bps: 3500 },
          { user_id: carl.id, bps: 1500 },
          { user_id: bea.id, bps: 1000 },
        ],
      },
      'shares',
      /add up to 99.99 %: they must add up to exactly 100 %/,
    );
    await refused({ shares: [{ user_id: producer.id, bps: 10_000 }] }, 'shares', /every writer/);
    await refused(
      {
        shares: [
          { user_id: producer.id, bps: 4000 },
          { user_id: alice.id, bps: 3500 },
          { user_id: carl.id, bps: 1500 },
          { user_id: outsider.id, bps: 1000 },
        ],
      },
      'shares.3.user_id',
      /did not write/,
    );
    expect(await releaseCount()).toBe(before);

    // A counter that leaves the producer less than nothing, or a 10 kB note, is refused and changes nothing.
    const release = await register({ title: 'Greedy' });
    const greedy = await answer(alice, release.id, { answer: 'counter', bps: 9000, note: 'All of it' });
    expect(greedy.statusCode).toBe(400);
    expect(greedy.json().error.message).toBe('The other writers hold 25.00 %: your share can be at most 75.00 %.');
    expect((await answer(alice, release.id, { answer: 'counter', bps: 4000, note: 'n'.repeat(10_000) })).statusCode).toBe(400);
    expect((await answer(alice, release.id, { answer: 'counter', bps: 3500, note: 'Same' })).json().error.message).toMatch(/accept it instead/);
    expect(await eventsOf(release.id)).toEqual(['registered']);

    // ISRC and UPC/EAN are accepted with or without hyphens and stored as their characters.
    const plain = await register({ isrc: 'USRC17607839', upc: '4006381333931' });
    expect(plain).toMatchObject({ isrc: 'USRC17607839', upc: '4006381333931' });
  });
});
