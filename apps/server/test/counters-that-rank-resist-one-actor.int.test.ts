import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { ItemAnalytics } from '@crate/contract/analytics';
import { PREVIEW_LENGTH_SLACK_MS } from '@crate/contract/play-threshold';
import { ANONYMOUS_PLAY_WEIGHT } from '../src/features/catalogue/catalogue-repository.ts';
import { ANONYMOUS_PLAY_CAPS } from '../src/features/tracking/item-events-service.ts';
import { call, freshAddress } from './auth-helpers.ts';
import { createCreator, createItems, createPack, givePreview } from './catalogue-factories.ts';
import { createUser, type TestUser } from './factories.ts';
import { ManualClock } from './manual-clock.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

interface Sound {
  id: string;
  slug: string;
  preview: string;
}

/**
 * Counters that rank resist one actor (docs/decisions/0034): plays are keyed on the client address as
 * routed and a signed listener cookie, capped per address and item, pack and day, checked against the
 * preview's length and the time since that preview was fetched, and anonymous plays weigh little in
 * Trending — so one address with a script, rotating browsers and cookies, moves no ranking.
 */
describe(`counters that rank resist one actor, on ${TEST_DB}`, () => {
  let t: TestApp;
  let clock: ManualClock;
  let owner: TestUser;
  let creatorId: string;

  beforeAll(async () => {
    // Discover answered fresh each time (no public cache), rate limits as in production.
    t = await createTestApp({ publicCacheSeconds: 0 });
    owner = await createUser(t.ctx, { roles: ['creator'] });
    creatorId = (await createCreator(t.ctx, owner.id)).id;
  });
  beforeEach(() => {
    clock = new ManualClock(new Date());
    t.ctx.clock = clock;
  });
  afterAll(() => t.close());

  async function packOfSounds(count: number, durationMs = 8000) {
    const pack = await createPack(t.ctx, creatorId);
    const rows = await createItems(t.ctx, pack, count, { durationMs });
    const sounds: Sound[] = [];
    for (const row of rows) sounds.push({ id: row.id, slug: row.slug, preview: await givePreview(t.ctx, row) });
    return { pack, sounds };
  }

  interface Browser {
    address: string;
    userAgent?: string;
    cookie?: string;
  }
  const headersOf = (b: Browser) => ({ 'user-agent': b.userAgent ?? 'test-browser', ...(b.cookie ? { cookie: b.cookie } : {}) });
  const fetchPreview = (sound: Sound, b: Browser, range?: string) =>
    t.app.inject({ url: sound.preview, remoteAddress: b.address, headers: { ...headersOf(b), ...(range ? { range } : {}) } });
  const report = (sound: Sound, listenedMs: number, b: Browser) =>
    t.app.inject({ method: 'POST', url: '/api/fn/trackPlay', remoteAddress: b.address, headers: headersOf(b), payload: { data: { item_id: sound.id, listened_ms: listenedMs } } });
  const countedOf = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { result: { counted: boolean } }).result.counted;
  };
  /** The preview fetched from its start, `listenedMs` of it played on the clock, then reported. */
  async function listen(sound: Sound, listenedMs: number, b: Browser): Promise<boolean> {
    expect((await fetchPreview(sound, b)).statusCode).toBe(200);
    clock.advance(listenedMs);
    return countedOf(await report(sound, listenedMs, b));
  }
  /** A new listener cookie, as a script gets one: any trackPlay without a cookie is answered with one. */
  async function mintListenerCookie(sound: Sound, address: string): Promise<string> {
    const res = await report(sound, 0, { address });
    const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('crate.listener='));
    expect(set, 'a listener cookie').toBeDefined();
    return set!.split(';')[0]!;
  }
  const plays = async (sound: Sound) => {
    const res = await call(t, 'GET', `/api/analytics/items/${sound.slug}`, undefined, { cookie: owner.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as ItemAnalytics).totals.plays;
  };

  it('90 plays of one sound from one address with rotating browsers and cookies count at most the cap', async () => {
    const { sounds } = await packOfSounds(1);
    const sound = sounds[0]!;
    const actor = freshAddress();
    const outcomes: boolean[] = [];
    for (let i = 0; i < 90; i += 1) {
      const browser = { address: actor, userAgent: `Mozilla/5.0 (bot ${i})`, cookie: await mintListenerCookie(sound, actor) };
      outcomes.push(await listen(sound, 4000, browser));
    }
    expect(outcomes.filter(Boolean)).toHaveLength(ANONYMOUS_PLAY_CAPS.item);
    expect(await plays(sound)).toBe(ANONYMOUS_PLAY_CAPS.item);

    // Without cookies, browsers at one address are one listener: once per dedupe window.
    const { sounds: others } = await packOfSounds(1);
    const quiet = freshAddress();
    const cookieless = [];
    for (let i = 0; i < 10; i += 1) cookieless.push(await listen(others[0]!, 4000, { address: quiet, userAgent: `agent ${i}` }));
    expect(cookieless.filter(Boolean)).toHaveLength(1);

    // Another address on the same day still counts: the cap is the actor's, not the sound's.
    expect(await listen(sound, 4000, { address: freshAddress() })).toBe(true);
  }, 120_000);

  it('holds one address to the pack cap however many of its sounds it plays', async () => {
    const { sounds } = await packOfSounds(12);
    const actor = freshAddress();
    let counted = 0;
    for (const sound of sounds) {
      for (let i = 0; i < 3; i += 1) if (await listen(sound, 3000, { address: actor, cookie: await mintListenerCookie(sound, actor) })) counted += 1;
    }
    expect(counted).toBe(ANONYMOUS_PLAY_CAPS.pack);
  }, 120_000);

  it('does not count a listen longer than the preview, or longer than the time since that preview was served', async () => {
    const { sounds } = await packOfSounds(3, 8000);
    const [a, b, c] = sounds as [Sound, Sound, Sound];

    // Longer than the preview itself.
    expect(await listen(a, 8000 + PREVIEW_LENGTH_SLACK_MS + 1, { address: freshAddress() })).toBe(false);
    expect(await listen(a, 8000, { address: freshAddress() })).toBe(true);

    // Longer than the time since this listener fetched the preview.
    const early = { address: freshAddress() };
    expect((await fetchPreview(b, early)).statusCode).toBe(200);
    clock.advance(1000);
    expect(countedOf(await report(b, 3000, early))).toBe(false);
    clock.advance(2000);
    expect(countedOf(await report(b, 3000, early))).toBe(true);

    // Never fetched by this listener (someone else's fetch does not count for them).
    expect(countedOf(await report(c, 3000, { address: freshAddress() }))).toBe(false);

    // Fetching the rest of a preview (a Range from the middle) is not a new listen: the clock runs from the start.
    const seeker = { address: freshAddress() };
    expect((await fetchPreview(c, seeker)).statusCode).toBe(200);
    clock.advance(3000);
    expect((await fetchPreview(c, seeker, 'bytes=3-')).statusCode).toBe(206);
    expect(countedOf(await report(c, 3000, seeker))).toBe(true);

    // A signed-in listener is known by the account, so a changed address between fetch and report is fine.
    const subscriber = await createUser(t.ctx, { roles: ['subscriber'] });
    expect((await fetchPreview(a, { address: freshAddress(), cookie: subscriber.cookie })).statusCode).toBe(200);
    clock.advance(3000);
    expect(countedOf(await report(a, 3000, { address: freshAddress(), cookie: subscriber.cookie }))).toBe(true);
  }, 60_000);

  it('keeps the Trending order when one address plays the last pack 90 times', async () => {
    const packs = [await packOfSounds(2), await packOfSounds(2), await packOfSounds(12)];
    const [top, middle, bottom] = packs as [(typeof packs)[0], (typeof packs)[0], (typeof packs)[0]];
    // Signed-in listeners, each on their own address: 3 × 2 plays, 2 × 2, and 1.
    for (const [entry, listeners, perListener] of [[top, 3, 2], [middle, 2, 2], [bottom, 1, 1]] as const) {
      for (let l = 0; l < listeners; l += 1) {
        const fan = await createUser(t.ctx, { roles: ['subscriber'] });
        for (const sound of entry.sounds.slice(0, perListener)) expect(await listen(sound, 3000, { address: freshAddress(), cookie: fan.cookie })).toBe(true);
      }
    }
    /** The three packs in Trending's order (0 = top, 1 = middle, 2 = bottom): other tests' packs may sit between them. */
    const trending = async () => {
      const res = await call(t, 'GET', '/api/discover');
      expect(res.statusCode, res.body).toBe(200);
      const ids = (res.json() as { trending_packs: { id: string }[] }).trending_packs.map((p) => p.id);
      const places = packs.map((p) => ids.indexOf(p.pack.id));
      expect(places.every((place) => place >= 0)).toBe(true);
      return [0, 1, 2].sort((a, b) => places[a]! - places[b]!);
    };
    const before = await trending();
    expect(before).toEqual([0, 1, 2]);

    const actor = freshAddress();
    let counted = 0;
    for (let i = 0; i < 90; i += 1) {
      const sound = bottom.sounds[i % bottom.sounds.length]!;
      if (await listen(sound, 3000, { address: actor, userAgent: `agent ${i}`, cookie: await mintListenerCookie(sound, actor) })) counted += 1;
    }
    // At most the pack cap was counted, and it weighs a quarter each: 1 + 10 × 0.25 < 4.
    expect(counted).toBeLessThanOrEqual(ANONYMOUS_PLAY_CAPS.pack);
    expect(1 + counted * ANONYMOUS_PLAY_WEIGHT).toBeLessThan(4);
    expect(await trending()).toEqual(before);
  }, 180_000);
});
