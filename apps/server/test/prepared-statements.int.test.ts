import { drizzle } from 'drizzle-orm/node-postgres';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTO_NAMED_STATEMENT, keptPrepared, runPrepared, StatementNamingClient } from '../src/db/prepared.ts';
import { creators, users } from '../src/db/schema/index.ts';
import { createCreator } from './catalogue-factories.ts';
import { createUser } from './factories.ts';
import { createTestApp, TEST_DB, type TestApp } from './test-app.ts';

describe(`prepared statements on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createCreator(t.ctx, (await createUser(t.ctx)).id, { slug: 'prepared-one', name: 'Prepared One' });
    await createCreator(t.ctx, (await createUser(t.ctx)).id, { slug: 'prepared-two', name: 'Prepared Two' });
  });
  afterAll(() => t.close());

  it('answers each call with its own values, whatever shape ran before', async () => {
    const bySlug = (slug: string) => runPrepared(t.ctx.db.select({ name: creators.name }).from(creators).where(eq(creators.slug, slug)));
    const userCount = () => runPrepared(t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(users));
    for (let round = 0; round < 3; round += 1) {
      expect(await bySlug('prepared-one')).toEqual([{ name: 'Prepared One' }]);
      expect(await userCount()).toEqual([{ n: 2 }]);
      expect(await bySlug('prepared-two')).toEqual([{ name: 'Prepared Two' }]);
      expect(await bySlug('no-such-creator')).toEqual([]);
    }
    await t.ctx.db.transaction(async (tx) => {
      expect(await runPrepared(tx.select({ name: creators.name }).from(creators).where(eq(creators.slug, 'prepared-two')))).toEqual([{ name: 'Prepared Two' }]);
    });
  });

  it('builds a kept query once per database handle and shape, and answers each call with its own values', async () => {
    let builds = 0;
    const creatorBy = keptPrepared((db, field: 'slug' | 'name') => {
      builds += 1;
      return db
        .select({ slug: creators.slug, name: creators.name })
        .from(creators)
        .where(eq(field === 'slug' ? creators.slug : creators.name, sql.placeholder('value')))
        .prepare(AUTO_NAMED_STATEMENT);
    });
    const one = { slug: 'prepared-one', name: 'Prepared One' };
    const two = { slug: 'prepared-two', name: 'Prepared Two' };
    for (let round = 0; round < 3; round += 1) {
      expect(await creatorBy(t.ctx.db, 'slug').execute({ value: 'prepared-one' })).toEqual([one]);
      expect(await creatorBy(t.ctx.db, 'name').execute({ value: 'Prepared Two' })).toEqual([two]);
      expect(await creatorBy(t.ctx.db, 'slug').execute({ value: 'Prepared Two' })).toEqual([]);
    }
    expect(builds).toBe(2);
    await t.ctx.db.transaction(async (tx) => {
      expect(await creatorBy(tx, 'slug').execute({ value: 'prepared-two' })).toEqual([two]);
    });
    expect(builds).toBe(3);
  });

  // Only PostgreSQL keeps named statements (PGlite ignores names): there, look at the connection's own.
  if (TEST_DB === 'postgres') it('names each statement shape after its text, once per connection, also inside transactions', async () => {
    const url = (t.ctx.config.database as { url: string }).url;
    const pool = new pg.Pool({ connectionString: url, max: 1, Client: StatementNamingClient });
    try {
      const db = drizzle(pool);
      const byName = (name: string) => runPrepared(db.select({ slug: creators.slug }).from(creators).where(eq(creators.name, name)));
      expect(await byName('Prepared One')).toEqual([{ slug: 'prepared-one' }]);
      expect(await byName('Prepared Two')).toEqual([{ slug: 'prepared-two' }]);
      await db.transaction(async (tx) => {
        expect(await runPrepared(tx.select({ slug: creators.slug }).from(creators).where(eq(creators.slug, 'prepared-two')))).toEqual([{ slug: 'prepared-two' }]);
      });
      const statements = await pool.query<{ name: string }>('select name from pg_prepared_statements order by name');
      expect(statements.rows).toHaveLength(2);
      expect(statements.rows.every((r) => /^q_[\w-]{24}$/.test(r.name))).toBe(true);
    } finally {
      await pool.end();
    }
  });
});
