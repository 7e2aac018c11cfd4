import { describe, expect, it } from 'vitest';
import { createBroadAnswerCache } from './broad-answer-cache.ts';

interface Answer {
  total: number;
  version: number;
}

function setup(options: { ttlMs?: number; minMatches?: number } = {}) {
  let clock = 0;
  let version = 0;
  let runs = 0;
  const cache = createBroadAnswerCache<Answer>({ ttlMs: options.ttlMs ?? 1000, minMatches: options.minMatches ?? 100, staleMs: 5000, now: () => clock });
  const ask = (key: string, total = 500) =>
    cache.remember(
      key,
      async () => {
        runs += 1;
        return { total, version };
      },
      (a) => a.total,
    );
  return {
    cache,
    ask,
    advance: (ms: number) => (clock += ms),
    write: () => (version += 1),
    runs: () => runs,
  };
}

describe('broad search answer cache', () => {
  it('keeps a broad answer while fresh, and never a small one', async () => {
    const t = setup();
    await t.ask('broad');
    await t.ask('broad');
    expect(t.runs()).toBe(1);
    await t.ask('small', 99);
    await t.ask('small', 99);
    expect(t.runs()).toBe(3);
    expect(t.cache.stats).toMatchObject({ hits: 1, misses: 3 });
  });

  it('serves an expired answer once more while one recomputation runs, then the new one', async () => {
    const t = setup();
    await t.ask('q');
    t.write();
    t.advance(1500);
    expect((await t.ask('q')).version).toBe(0);
    await Promise.resolve();
    expect(t.runs()).toBe(2);
    expect((await t.ask('q')).version).toBe(1);
    expect(t.runs()).toBe(2);
  });

  it('computes again once an answer is older than its stale time', async () => {
    const t = setup();
    await t.ask('q');
    t.write();
    t.advance(1000 + 5000);
    expect((await t.ask('q')).version).toBe(1);
    expect(t.runs()).toBe(2);
  });

  it('shares one computation between identical searches asked together', async () => {
    const t = setup();
    const [a, b, c] = await Promise.all([t.ask('q'), t.ask('q'), t.ask('other')]);
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    expect(t.runs()).toBe(2);
    expect(t.cache.stats.shared).toBe(1);
  });

  it('forgets everything on clear, including a computation that started before it', async () => {
    const t = setup();
    await t.ask('q');
    const before = t.ask('r');
    t.cache.clear();
    t.write();
    await before;
    expect((await t.ask('q')).version).toBe(1);
    expect((await t.ask('r')).version).toBe(1);
    expect(t.runs()).toBe(4);
  });

  it('keeps nothing and shares nothing when turned off', async () => {
    const t = setup({ ttlMs: 0 });
    await Promise.all([t.ask('q'), t.ask('q')]);
    await t.ask('q');
    expect(t.runs()).toBe(3);
  });

  it('drops a failed computation so the next search tries again', async () => {
    const cache = createBroadAnswerCache<number>({ ttlMs: 1000, minMatches: 1 });
    await expect(cache.remember('q', () => Promise.reject(new Error('down')), (n) => n)).rejects.toThrow('down');
    await expect(cache.remember('q', async () => 5, (n) => n)).resolves.toBe(5);
  });
});
